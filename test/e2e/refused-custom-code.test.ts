/**
 * Attacks on the custom-code refusal: with `--no-custom-code` or `SLUICE_DISABLE_CUSTOM_CODE=1`, a config
 * file that is code (found by the configuration search), cosmiconfig's own meta config, or a plugin listed
 * in a data config file must never be imported. Each module writes a marker file when it is evaluated.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";

const BIN = join(import.meta.dirname, "..", "..", "bin", "sluice.js");
const root = mkdtempSync(join(tmpdir(), "sluice-refused-"));
after(() => rmSync(root, { recursive: true, force: true }));

const MANIFEST = { version: "6.0.0", streams: [], spec: { type: "Spec", connection_specification: { type: "object" } } };

/** A module body that proves it ran by writing `marker`. */
function writesMarker(marker: string, esm: boolean): string {
  const write = `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "ran")`;
  return esm
    ? `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport default ${JSON.stringify(MANIFEST)};\n`
    : `${write};\nmodule.exports = ${JSON.stringify(MANIFEST)};\n`;
}

function folder(files: (marker: string) => Record<string, string>): { dir: string; marker: string } {
  const dir = mkdtempSync(join(root, "case-"));
  const marker = join(dir, "MARKER");
  for (const [file, text] of Object.entries(files(marker))) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return { dir, marker };
}

function runSluice(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

const refusals: Array<[string, string[], Record<string, string>]> = [
  ["--no-custom-code", ["spec", "--no-custom-code"], {}],
  ["SLUICE_DISABLE_CUSTOM_CODE=1", ["spec"], { SLUICE_DISABLE_CUSTOM_CODE: "1" }],
];

describe("refused custom code", () => {
  for (const [how, args, env] of refusals) {
    for (const file of ["sluice.config.mjs", "sluice.config.ts", "sluice.config.js", "sluice.config.cjs", ".sluicerc.mjs", ".sluicerc.js"]) {
      it(`never imports a ${file} found by the search (${how})`, async () => {
        const { dir, marker } = folder((m) => ({ [file]: writesMarker(m, !file.endsWith(".cjs") && !file.endsWith(".js")), "package.json": '{"type":"module"}' }));
        if (file.endsWith(".js")) writeFileSync(join(dir, "package.json"), "{}");
        const run = await runSluice(args, dir, env);
        assert.notEqual(run.code, 0, run.stdout);
        assert.match(run.stdout + run.stderr, /CUSTOM_CODE_REFUSED/);
        assert.match(run.stdout + run.stderr, new RegExp(file.replace(/\./g, "\\.")));
        assert.equal(existsSync(marker), false, `${file} was imported`);
      });
    }

    it(`never imports cosmiconfig's .config/config.mjs from the working directory (${how})`, async () => {
      const { dir, marker } = folder((m) => ({ ".config/config.mjs": writesMarker(m, true).replace(/export default .*/, "export default {};"), "manifest.yaml": "version: 6.0.0\nstreams: []\n" }));
      const run = await runSluice(args, dir, env);
      assert.match(run.stdout + run.stderr, /CUSTOM_CODE_REFUSED/);
      assert.equal(existsSync(marker), false, ".config/config.mjs was imported");
    });

    it(`never imports a plugin listed in a data config file (${how})`, async () => {
      const { dir, marker } = folder((m) => ({
        ".sluicerc.yaml": "manifest: ./manifest.yaml\nplugins: [./plugin.mjs]\n",
        "manifest.yaml": "version: 6.0.0\nstreams: []\n",
        "plugin.mjs": `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(m)}, "ran");\nexport default { name: "evil", register() {} };\n`,
      }));
      const run = await runSluice(args, dir, env);
      assert.match(run.stdout + run.stderr, /CUSTOM_CODE_REFUSED/);
      assert.equal(existsSync(marker), false, "the plugin was imported");
    });
  }

  it("imports a code config file when custom code is trusted (the marker proves the attack module would run)", async () => {
    const { dir, marker } = folder((m) => ({ "sluice.config.mjs": writesMarker(m, true) }));
    const run = await runSluice(["spec"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(existsSync(marker), true);
  });
});
