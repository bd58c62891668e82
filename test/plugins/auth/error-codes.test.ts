import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { test } from "node:test";

const ROOT = resolve(import.meta.dirname, "../../..");

test("every error code raised by the authenticators and the config stores is documented in docs/errors.md", async () => {
  const files: string[] = [];
  for (const folder of ["plugins/auth", "core/config"]) for (const name of await readdir(join(ROOT, folder))) files.push(join(ROOT, folder, name));
  const codes = new Set<string>();
  for (const file of files) for (const match of (await readFile(file, "utf8")).matchAll(/"((?:AUTH|CONFIG)_[A-Z_]+)"/g)) codes.add(match[1]!);
  assert.ok(codes.size >= 15, `found only ${codes.size} codes`);
  const documented = new Set([...(await readFile(join(ROOT, "docs/errors.md"), "utf8")).matchAll(/^\| ([A-Z_]+) \|/gm)].map((m) => m[1]));
  assert.deepEqual([...codes].filter((c) => !documented.has(c)), []);
});
