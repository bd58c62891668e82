import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";

const ROOT = resolve(import.meta.dirname, "../..");

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** Codes raised as `new XxxError("CODE", ...)` anywhere in the engine, the plugins and the SDK (doc comments excluded). */
function raisedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of ["core", "plugins", "sdk"].flatMap((top) => sources(join(ROOT, top)))) {
    const code = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(\*|\/\/)/.test(line))
      .join("\n");
    for (const match of code.matchAll(/new [A-Za-z]*Error\(\s*"([A-Z][A-Z0-9_]+)"/g)) codes.set(match[1]!, file.slice(ROOT.length + 1));
  }
  return codes;
}

function documentedCodes(): Set<string> {
  return new Set([...readFileSync(join(ROOT, "docs/errors.md"), "utf8").matchAll(/^\| ([A-Z][A-Z0-9_]+) \|/gm)].map((m) => m[1]!).filter((code) => code !== "CODE"));
}

describe("the error catalogue (docs/errors.md)", () => {
  it("documents every error code the code raises", () => {
    const documented = documentedCodes();
    const missing = [...raisedCodes()].filter(([code]) => !documented.has(code)).map(([code, file]) => `${code} (${file})`);
    assert.deepEqual(missing, []);
  });

  it("lists no code twice", () => {
    const rows = [...readFileSync(join(ROOT, "docs/errors.md"), "utf8").matchAll(/^\| ([A-Z][A-Z0-9_]+) \|/gm)].map((m) => m[1]!).filter((code) => code !== "CODE");
    assert.deepEqual(rows.filter((code, i) => rows.indexOf(code) !== i), []);
  });
});
