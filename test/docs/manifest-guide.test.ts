import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { parse } from "yaml";
import { docBlocks, normalizeOutput } from "./doc-blocks.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** Runs `script` with sh in `cwd` (PATH holding a `sluice` that runs this checkout); returns its output and the folder it ended in. */
function sh(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; output: string; cwd: string }> {
  const marker = "__SLUICE_DOCS_CWD__";
  return new Promise((done) => {
    const child = spawn("sh", ["-c", `${script}\necho "${marker}$(pwd)"`], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr.on("data", () => undefined);
    child.on("close", (code) => {
      const at = output.lastIndexOf(marker);
      done({ code: code ?? -1, output: output.slice(0, at), cwd: output.slice(at + marker.length).trim() });
    });
  });
}

/** A loopback port nothing listens on now (a port derived from the pid could be taken by a parallel test). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

describe("docs/manifest.md runs as written", () => {
  const work = mkdtempSync(join(tmpdir(), "sluice-guide-"));
  const bin = join(work, "bin");
  let demo: ReturnType<typeof spawn> | undefined;
  after(() => {
    demo?.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it("every shell block succeeds and prints what the page shows; every YAML block is a manifest the schema accepts", async () => {
    writeFileSync(join(work, "sluice"), `#!/bin/sh\nexec "${process.execPath}" --import "${import.meta.resolve("tsx")}" "${join(ROOT, "core/cli/main.ts")}" "$@"\n`);
    chmodSync(join(work, "sluice"), 0o755);
    const env = { ...process.env, PATH: `${work}:${process.env.PATH}`, NO_COLOR: "1", FORCE_COLOR: "0" };
    const blocks = docBlocks(readFileSync(join(ROOT, "docs/manifest.md"), "utf8"));
    // The page's port is 4010; the test's demo API listens on a free one, and every block is read with it.
    const port = String(await freePort());
    let cwd = ROOT;
    let ran = 0;
    for (const [i, block] of blocks.entries()) {
      if (block.lang === "yaml") {
        assert.ok(parse(block.text), `YAML block ${i} parses`);
        continue;
      }
      if (block.lang !== "sh") continue;
      const script = block.text.replaceAll("4010", port);
      if (script.includes("examples/demo-api/serve.ts")) {
        demo = spawn("sh", ["-c", `exec ${script}`], { cwd: ROOT, env, stdio: ["ignore", "pipe", "ignore"] });
        await new Promise<void>((ready, fail) => {
          demo!.stdout!.once("data", () => ready());
          demo!.once("exit", (code) => fail(new Error(`the demo API exited (code ${code}) before it was ready`)));
        });
        cwd = work;
        continue;
      }
      const result = await sh(script, cwd, env);
      const expected = blocks[i + 1]?.lang === "text" ? blocks[i + 1]!.text.replaceAll("4010", port) : undefined;
      // A block whose shown output is a failure is expected to fail; every other block must succeed.
      if (!expected?.includes("then the read failed")) assert.equal(result.code, 0, `block ${i} failed:\n${script}\n${result.output}`);
      if (expected) {
        const actual = normalizeOutput(result.output);
        let from = 0;
        for (const line of normalizeOutput(expected).split("\n").filter((l) => l.trim() && !l.includes("…"))) {
          const at = actual.indexOf(line, from);
          assert.ok(at >= 0, `block ${i}: the page shows a line the command did not print (in order):\n${line}\n--- printed:\n${actual}`);
          from = at + line.length;
        }
      }
      cwd = result.cwd;
      ran++;
    }
    assert.ok(ran >= 8, `ran ${ran} shell blocks`);
  });
});
