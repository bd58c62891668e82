/**
 * `sluice init --probe` whose first request redirects to another origin (issue 36, item 11): the error
 * says the redirect was refused and why (credentials go only to the probed origin), not that a 302's
 * body is not JSON; and nothing reaches the other origin.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { runCli } from "../../support/run-cli.js";

describe("sluice init --probe and a redirect to another origin", () => {
  let dir: string;
  let elsewhere: Loopback;
  let api: Loopback;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-probe-redirect-"));
    elsewhere = await startLoopback(() => ({ body: { data: [{ id: 1 }] } }));
    api = await startLoopback(() => ({ status: 302, headers: { location: `${elsewhere.url}/items`, "content-type": "text/html" }, body: "<p>Found</p>" }));
  });
  after(async () => {
    await api.close();
    await elsewhere.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("says the redirect was refused and why, naming both origins", async () => {
    const run = await runCli(["init", "moved", "--probe", `${api.url}/items`, "--auth", "bearer"], dir, { env: { SLUICE_API_KEY: "tok-secret-1234" } });
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /HTTP_REDIRECT_CROSS_ORIGIN/);
    assert.match(run.stderr, /redirect(ed)? to another origin/);
    assert.ok(run.stderr.includes(elsewhere.url), "the origin it redirected to is named");
    assert.doesNotMatch(run.stderr, /not JSON/);
    assert.ok(!run.stderr.includes("tok-secret-1234"));
    assert.equal(elsewhere.requests.length, 0, "nothing was sent to the other origin");
  });
});
