import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import ts from "typescript";
import { ERRORS_DOC, renderErrorsDoc } from "../../scripts/error-docs.js";
import { ERROR_CODES, ERROR_SECTIONS, SluiceError } from "../../sdk/index.js";

const ROOT = resolve(import.meta.dirname, "../..");

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** Codes raised as `new XxxError("CODE", ...)` anywhere in the source floors (doc comments excluded). */
function raisedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  for (const file of ["sdk", "python", "templates", "oauth-consent", "core", "plugins"].flatMap((top) => sources(join(ROOT, top)))) {
    const code = readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => !/^\s*(\*|\/\/)/.test(line))
      .join("\n");
    for (const match of code.matchAll(/new [A-Za-z]*Error\(\s*"([A-Z][A-Z0-9_]+)"/g)) codes.set(match[1]!, file.slice(ROOT.length + 1));
  }
  return codes;
}

describe("the error catalogue (sdk/errors/codes, docs/errors.md)", () => {
  it("docs/errors.md is what scripts/error-docs.ts generates from the catalogue", () => {
    assert.equal(readFileSync(ERRORS_DOC, "utf8"), renderErrorsDoc(), "docs/errors.md is stale: run npm run docs:errors");
  });

  it("has every code the source raises", () => {
    const missing = [...raisedCodes()].filter(([code]) => !Object.hasOwn(ERROR_CODES, code)).map(([code, file]) => `${code} (${file})`);
    assert.deepEqual(missing, []);
    assert.ok(raisedCodes().size > 80);
  });

  it("lists no code twice across its sections, and says something for each", () => {
    const all = ERROR_SECTIONS.flatMap((section) => Object.keys(section.codes));
    assert.deepEqual(all.filter((code, i) => all.indexOf(code) !== i), []);
    assert.equal(all.length, Object.keys(ERROR_CODES).length);
    for (const [code, entry] of Object.entries(ERROR_CODES)) assert.ok(entry.message.length > 10 && entry.action.length > 3, code);
  });

  it("gives an error the catalogue's failure type unless the raise site chooses one", () => {
    assert.equal(new SluiceError("HTTP_TIMEOUT", "slow").failureType, ERROR_CODES.HTTP_TIMEOUT.failureType);
    assert.equal(new SluiceError("HTTP_TIMEOUT", "slow", { failureType: "transient_error" }).failureType, "transient_error");
  });

  it("makes raising an unknown code a type error", () => {
    const dir = mkdtempSync(join(ROOT, ".tmp-error-code-"));
    try {
      const file = join(dir, "raise.ts");
      writeFileSync(file, `import { SluiceError } from "../sdk/errors/index.js";\nexport const ok = new SluiceError("HTTP_TIMEOUT", "m");\nexport const bad = new SluiceError("NOT_A_CODE", "m");\n`);
      const program = ts.createProgram([file], { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, skipLibCheck: true, types: [] });
      const errors = ts.getPreEmitDiagnostics(program).filter((d) => d.file?.fileName === file);
      assert.deepEqual(errors.map((d) => [program.getSourceFile(file)!.getLineAndCharacterOfPosition(d.start!).line + 1, d.code]), [[3, 2345]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
