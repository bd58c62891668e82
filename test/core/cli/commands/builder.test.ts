import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { it } from "node:test";
import { BIN } from "../../../support/run-sluice.js";
import { SHARED_MANIFEST } from "../../builder/builder-support.js";

it("sluice builder --no-open prints a tokened loopback URL that serves the folder, and Ctrl-C stops it with exit 0", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-builder-cli-"));
  writeFileSync(join(dir, "manifest.yaml"), SHARED_MANIFEST);
  const child = spawn(process.execPath, [BIN, "builder", ".", "--no-open"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (c: Buffer) => {
        stdout += c.toString("utf8");
        const match = /^(http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}\/)$/m.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once("exit", () => reject(new Error(`exited before printing a URL:\n${stdout}\n${stderr}`)));
    });
    const session = (await (await fetch(`${url}api/session`)).json()) as { manifest: { text: string } };
    assert.equal(session.manifest.text, SHARED_MANIFEST);
    assert.equal((await fetch(new URL("/api/session", url))).status, 404);
    child.kill("SIGINT");
    assert.equal(await exited, 0, stderr);
    assert.match(stderr, /Builder stopped/);
    await assert.rejects(fetch(`${url}api/session`));
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
