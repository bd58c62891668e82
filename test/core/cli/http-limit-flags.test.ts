import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { stringify } from "yaml";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { runCli } from "../../support/run-cli.js";
import { runSluice } from "../../support/run-sluice.js";

/** Nested `depth` levels deep: {"a":{"a":...}}. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe("HTTP limits from the command line and the Sluice config file", () => {
  const big = Array.from({ length: 50 }, (_, id) => ({ id, name: "x".repeat(40) }));
  const api = useLoopback((req, origin) => {
    if (req.url.pathname === "/big/items") return { body: { data: big } };
    if (req.url.pathname === "/deep/items") return { body: { data: [{ id: 1, deep: nested(20) }] } };
    if (req.url.pathname === "/hop/items") return { status: 302, headers: { Location: `${origin}/big/items` }, body: "" };
    return { status: 404, body: { error: "no route" } };
  });
  const dir = mkdtempSync(join(tmpdir(), "sluice-limits-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A connector folder reading `/<route>/items` of the loopback API, with an optional `.sluicerc.yaml`. */
  function folder(route: string, settings?: Record<string, unknown>): string {
    const target = mkdtempSync(join(dir, `${route}-`));
    writeFileSync(join(target, "manifest.yaml"), stringify(oneStreamManifest({ urlBase: `${api.url}/${route}` })));
    if (settings) writeFileSync(join(target, ".sluicerc.yaml"), stringify({ manifest: "./manifest.yaml", ...settings }));
    mkdirSync(join(target, "secrets"));
    writeFileSync(join(target, "secrets", "config.json"), "{}");
    return target;
  }

  it("sluice read --max-response-bytes 1000 (a real process) fails a larger page with HTTP_RESPONSE_TOO_LARGE and exit 1", async () => {
    const run = await runSluice(["read", "--manifest", "manifest.yaml", "--max-response-bytes", "1000"], folder("big"));
    assert.equal(run.code, 1, run.stderr);
    const error = run.messages.find((m) => m.type === "TRACE" && m.trace.type === "ERROR");
    assert.match(error?.trace.error.message ?? "", /HTTP_RESPONSE_TOO_LARGE/);
    assert.match(error?.trace.error.message ?? "", /at most 1000 bytes/);
    assert.equal(run.messages.filter((m) => m.type === "RECORD").length, 0);
  });

  it("the same read within the default limit delivers every record", async () => {
    const run = await runCli(["read", "--manifest", "manifest.yaml"], folder("big"));
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.split("\n").filter((l) => l.includes('"RECORD"')).length, 50);
  });

  it("--max-nesting-depth 5 fails a response nested deeper with RESPONSE_TOO_DEEP", async () => {
    const run = await runCli(["read", "--manifest", "manifest.yaml", "--max-nesting-depth", "5"], folder("deep"));
    assert.equal(run.code, 1);
    assert.match(run.stderr, /RESPONSE_TOO_DEEP/);
    assert.match(run.stderr, /at most 5 levels deep/);
  });

  it("--max-redirects 0 refuses the first redirect with HTTP_REDIRECT_LIMIT; the default follows it", async () => {
    const refused = await runCli(["read", "--manifest", "manifest.yaml", "--max-redirects", "0"], folder("hop"));
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /HTTP_REDIRECT_LIMIT/);
    const followed = await runCli(["read", "--manifest", "manifest.yaml"], folder("hop"));
    assert.equal(followed.code, 0, followed.stderr);
  });

  for (const [args, reason] of [
    [["--max-response-bytes", "10MB"], /--max-response-bytes expects a whole number of at least 1, got "10MB"/],
    [["--max-response-bytes", "0"], /--max-response-bytes expects a whole number of at least 1, got "0"/],
    [["--max-nesting-depth", "2.5"], /--max-nesting-depth expects a whole number of at least 1, got "2.5"/],
    [["--max-redirects=-1"], /--max-redirects expects a whole number of at least 0, got "-1"/],
  ] as const) {
    it(`refuses ${args.join(" ")} before doing anything (exit 2, the flag, what it expects, what it got)`, async () => {
      const sent = api.since();
      const run = await runCli(["read", "--manifest", "manifest.yaml", ...args], folder("big"));
      assert.equal(run.code, 2);
      assert.match(run.stderr, reason);
      assert.equal(run.stdout, "");
      assert.equal(sent().length, 0);
    });
  }

  it("every connector command's --help lists the three limit flags", async () => {
    for (const command of ["read", "check", "discover"]) {
      const run = await runCli([command, "--help"], dir);
      for (const flag of ["--max-response-bytes BYTES", "--max-nesting-depth N", "--max-redirects N"]) assert.ok(run.stdout.includes(flag), `${command}: ${flag}`);
    }
  });

  it("the Sluice config file's http.maxResponseBytes applies to a read found by the search", async () => {
    const run = await runCli(["read"], folder("big", { http: { maxResponseBytes: 1000 } }));
    assert.equal(run.code, 1);
    assert.match(run.stderr, /HTTP_RESPONSE_TOO_LARGE/);
  });

  it("a CLI flag wins over the config file's key", async () => {
    const run = await runCli(["read", "--max-response-bytes", "100000"], folder("big", { http: { maxResponseBytes: 1000, maxNestingDepth: 50 } }));
    assert.equal(run.code, 0, run.stderr);
  });

  for (const [http, reason] of [
    [{ maxResponseBytes: "10MB" }, /http.maxResponseBytes is not a valid HTTP limit[\s\S]*expected: http.maxResponseBytes: a whole number of at least 1[\s\S]*found: +"10MB"[\s\S]*\.sluicerc\.yaml/],
    [{ maxRedirects: -1 }, /http.maxRedirects is not a valid HTTP limit[\s\S]*at least 0[\s\S]*found: +-1/],
    [{ maxResponseByte: 1000 }, /http.maxResponseByte is not an HTTP limit Sluice knows; did you mean http.maxResponseBytes\?/],
    [[1000], /http is not a valid HTTP limit[\s\S]*a mapping of maxRedirects, maxResponseBytes, maxNestingDepth/],
  ] as const) {
    it(`the config file's http: ${JSON.stringify(http)} fails with HTTP_LIMIT_INVALID naming the key and the file, before any request`, async () => {
      const sent = api.since();
      const run = await runCli(["read"], folder("big", { http }));
      assert.equal(run.code, 1);
      assert.match(run.stderr, /HTTP_LIMIT_INVALID/);
      assert.match(run.stderr, reason);
      assert.equal(sent().length, 0);
    });
  }

  it("createSluice({ http }) refuses a limit out of range when Sluice is created", () => {
    assert.throws(() => createSluice({ http: { maxNestingDepth: 0 } }), (error: unknown) => error instanceof SluiceError && error.code === "HTTP_LIMIT_INVALID" && /http.maxNestingDepth/.test(error.describe()));
  });
});
