import { test } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));

async function codesIn(dir: string): Promise<Set<string>> {
  const codes = new Set<string>();
  for (const name of await readdir(join(root, dir))) {
    if (!name.endsWith(".ts")) continue;
    const text = await readFile(join(root, dir, name), "utf8");
    for (const match of text.matchAll(/"((?:CUSTOM|PLUGIN)_[A-Z_]+)"/g)) codes.add(match[1]!);
  }
  return codes;
}

test("every custom-code and plugin error code raised by the loader and the custom components is in docs/errors.md", async () => {
  const docs = await readFile(join(root, "docs", "errors.md"), "utf8");
  const codes = new Set([...(await codesIn("core/loader")), ...(await codesIn("plugins/custom"))]);
  assert.ok(codes.size >= 10, `found only ${codes.size} codes`);
  const missing = [...codes].filter((code) => !docs.includes(`| ${code} |`));
  assert.deepEqual(missing, []);
});
