import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { createSluice } from "../../core/index.js";
import { json, startLoopback, type Loopback } from "../plugins/auth/support/loopback.js";
import { authManifest, rotatingOAuth } from "./auth-cli-support.js";

const BIN = join(import.meta.dirname, "..", "..", "bin", "sluice.js");

/** Every file under a folder, byte for byte. */
export function filesUnder(dir: string, out: Buffer[] = []): Buffer[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) filesUnder(path, out);
    else out.push(readFileSync(path));
  }
  return out;
}

/** The forms a leaked secret could take in a file: raw UTF-8, UTF-16LE, base64 and hex. */
export function leakedIn(files: readonly Buffer[], secret: string): boolean {
  const forms = [Buffer.from(secret), Buffer.from(secret, "utf16le"), Buffer.from(Buffer.from(secret).toString("base64")), Buffer.from(Buffer.from(secret).toString("hex"))];
  return files.some((file) => forms.some((form) => file.includes(form)));
}

/** Runs `sluice` as its own process with the given environment. */
export function runSluice(args: string[], env: NodeJS.ProcessEnv, cwd = tmpdir()): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** What the test needs of a backend: extra environment (a database URL) and a look at everything it stored. */
export interface ConcurrencyBackend {
  name: string;
  env(): NodeJS.ProcessEnv;
  /** Everything stored, as bytes to search for plaintext secrets. */
  stored(home: string): Promise<Buffer[]>;
}

/**
 * 2, 4 and 8 concurrent `sluice read --source` processes against an OAuth server whose refresh tokens
 * work once (a spent one is revoked, as Xero's are): none fails, no refresh token is ever presented
 * twice, the store ends with the token the server holds valid, and nothing issued is stored in plaintext.
 */
export function concurrentSourceReads(backend: ConcurrencyBackend): void {
  let api: Loopback;
  let home: string;
  let env: NodeJS.ProcessEnv;
  const presented: string[] = [];
  const issued: string[] = [];
  let valid = new Set<string>();
  const access = new Set<string>();
  let expiresIn = 0;

  before(async () => {
    api = await startLoopback();
    api.route("/oauth/token", async (req, res) => {
      const token = new URLSearchParams(req.body).get("refresh_token") ?? "";
      presented.push(token);
      await new Promise((resolve) => setTimeout(resolve, 20)); // a real token endpoint takes a moment: races have room
      if (!valid.delete(token)) return json(res, 400, { error: "invalid_grant" });
      const next = `rt-${issued.length}-${Math.random().toString(36).slice(2, 12)}`;
      const accessToken = `at-${issued.length}-${Math.random().toString(36).slice(2, 12)}`;
      issued.push(next, accessToken);
      valid.add(next);
      access.add(accessToken);
      json(res, 200, { access_token: accessToken, refresh_token: next, expires_in: expiresIn });
    });
    api.route("/items", (req, res) => {
      const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!access.has(token)) return json(res, 401, { error: "invalid_token" });
      json(res, 200, { data: [{ id: 1 }, { id: 2 }] });
    });
    home = mkdtempSync(join(tmpdir(), "sluice-concurrent-"));
    env = { PATH: process.env.PATH, HOME: home, SLUICE_HOME: home, ...backend.env() };
    const authenticator = rotatingOAuth(`${api.url}/oauth/token`);
    const credentials = { type: "object", properties: { client_id: { type: "string" }, client_secret: { type: "string", airbyte_secret: true }, refresh_token: { type: "string", airbyte_secret: true } } };
    writeFileSync(join(home, "manifest.yaml"), stringify(authManifest(authenticator, [], { credentials })));
  });
  after(async () => {
    await api.close();
    rmSync(home, { recursive: true, force: true });
  });

  const scenario = async (processes: number, expires: number): Promise<{ refreshes: number }> => {
    const name = `rotating-${processes}-${expires}`;
    const first = `rt-initial-${processes}-${expires}-${Math.random().toString(36).slice(2, 10)}`;
    valid = new Set([first]);
    expiresIn = expires;
    const sluice = createSluice({ sources: { env } });
    await sluice.sources.add({ name, manifest: join(home, "manifest.yaml"), config: { base_url: api.url, credentials: { client_id: "cid", client_secret: "cs-concurrent-secret", refresh_token: first } } });
    await sluice.close();
    const start = presented.length;
    const runs = await Promise.all(Array.from({ length: processes }, () => runSluice(["read", "--source", name], env)));
    for (const [i, run] of runs.entries()) {
      assert.equal(run.code, 0, `process ${i + 1} of ${processes} failed:\n${run.stderr}`);
      assert.equal(run.stdout.split("\n").filter((line) => line.includes('"type":"RECORD"')).length, 2, `process ${i + 1} read every record`);
      assert.ok(!run.stdout.includes('"type":"CONTROL"'), "a stored source's tokens never go to stdout");
    }
    const spent = presented.slice(start);
    assert.deepEqual(spent.filter((t, i) => spent.indexOf(t) !== i), [], "no refresh token was presented twice");
    const stored = await createSluice({ sources: { env } }).sources.open(name);
    const storedToken = (stored.record.config.credentials as Record<string, string>).refresh_token!;
    assert.ok(valid.has(storedToken), "the store holds the refresh token the server will accept next");
    assert.equal(valid.size, 1);
    const bytes = await backend.stored(home);
    for (const secret of [first, ...issued, "cs-concurrent-secret"]) assert.ok(!leakedIn(bytes, secret), `${secret} is stored in plaintext`);
    return { refreshes: spent.length };
  };

  describe(`concurrent reads of one stored source with single-use refresh tokens, on ${backend.name}`, () => {
    for (const processes of [2, 4, 8]) {
      it(`${processes} processes that each must refresh take turns, each spending the token the previous one committed`, async () => {
        const { refreshes } = await scenario(processes, 0);
        assert.ok(refreshes >= processes, `every process refreshed (${refreshes} refreshes)`);
      });
    }
    it("4 processes starting together: one refreshes, the others wait and use the token it committed", async () => {
      const { refreshes } = await scenario(4, 3600);
      assert.equal(refreshes, 1);
    });
  });
}
