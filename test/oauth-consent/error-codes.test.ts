import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { test } from "node:test";

const ROOT = resolve(import.meta.dirname, "../..");

test("every OAUTH_ error code raised by the consent flow is documented in docs/errors.md", async () => {
  const folder = join(ROOT, "oauth-consent");
  const files = [...(await readdir(folder)).map((f) => join(folder, f)), join(ROOT, "core/cli/commands/oauth.ts"), join(ROOT, "core/config/write-consent-values.ts")];
  const codes = new Set<string>();
  for (const file of files) for (const match of (await readFile(file, "utf8")).matchAll(/"(OAUTH_[A-Z_]+)"/g)) codes.add(match[1]!);
  assert.ok(codes.size >= 20, `found only ${codes.size} codes`);
  const documented = new Set([...(await readFile(join(ROOT, "docs/errors.md"), "utf8")).matchAll(/^\| (OAUTH_[A-Z_]+) \|/gm)].map((m) => m[1]));
  assert.deepEqual([...codes].filter((c) => !documented.has(c)), []);
});
