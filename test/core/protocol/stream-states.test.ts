import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { stringify } from "yaml";
import { readStreamStates as loadStreamStates } from "../../../core/protocol/stream-states.js";
import { SecretRegistry, SluiceError } from "../../../sdk/index.js";
import { useLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { runCli } from "../../support/run-cli.js";

const SECRET = "tok_live_9f8e7d6c5b4a39281706";
const dir = mkdtempSync(join(tmpdir(), "sluice-state-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A state entry with no stream name whose JSON puts the secret across the 120-character excerpt cut. */
function entryStraddlingTheCut(): Record<string, unknown> {
  const prefix = '{"type":"STREAM","stream":{"stream_state":{"cursor":"';
  return { type: "STREAM", stream: { stream_state: { cursor: `${"x".repeat(115 - prefix.length)}${SECRET}` } } };
}

async function stateError(entries: unknown, redact?: (text: string) => string): Promise<SluiceError> {
  const file = join(dir, `state-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof entries === "string" ? entries : JSON.stringify(entries));
  try {
    await loadStreamStates(file, { redact });
  } catch (error) {
    assert.ok(error instanceof SluiceError && error.code === "STATE_INVALID", String(error));
    return error;
  }
  assert.fail("the state file was accepted");
}

describe("state file errors never quote a secret", () => {
  it("a malformed entry is quoted with the secret masked, redacted before the cut: none of the secret's characters remain", async () => {
    const secrets = new SecretRegistry();
    secrets.add(SECRET);
    const error = await stateError([entryStraddlingTheCut()], (text) => secrets.redact(text));
    assert.match(error.found!, /\*\*\*\*/);
    assert.ok(!error.found!.includes(SECRET.slice(0, 4)), error.found);
    assert.match(error.message, /State entry 0 has no stream.stream_descriptor.name/);
  });

  it("without redaction the same excerpt would have leaked the secret's first characters (the test's premise)", async () => {
    const error = await stateError([entryStraddlingTheCut()]);
    assert.ok(error.found!.includes(SECRET.slice(0, 4)) && !error.found!.includes(SECRET), error.found);
  });

  it("a state that is neither a list nor an object is quoted redacted", async () => {
    const secrets = new SecretRegistry();
    secrets.add(SECRET);
    const error = await stateError(JSON.stringify(`${"y".repeat(70)}${SECRET}`), (text) => secrets.redact(text));
    assert.ok(!error.found!.includes(SECRET.slice(0, 4)), error.found);
  });

  it("a state file that is not JSON names the position, never the text around it", async () => {
    const error = await stateError(`[{"cursor": ${SECRET}}]`);
    assert.match(error.found!, /^invalid JSON( at position \d+)?$/);
    assert.ok(!error.describe().includes(SECRET.slice(0, 4)));
  });
});

describe("sluice read --state with a secret of the config in a malformed entry", () => {
  const api = useLoopback(() => ({ body: { data: [{ id: 1 }] } }));

  it("fails with STATE_INVALID before any request, and neither stdout nor stderr shows any part of the secret", async () => {
    const manifest = oneStreamManifest({
      urlBase: api.url,
      requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" } },
      source: { spec: { type: "Spec", connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true } } } } },
    });
    writeFileSync(join(dir, "manifest.yaml"), stringify(manifest));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ api_key: SECRET }));
    // A state file made by copying the config into it: the entry has no stream name.
    writeFileSync(join(dir, "bad-state.json"), JSON.stringify([entryStraddlingTheCut()]));
    const sent = api.since();
    const run = await runCli(["read", "--manifest", "manifest.yaml", "--config", "config.json", "--state", "bad-state.json"], dir);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /STATE_INVALID/);
    assert.match(run.stderr, /\*\*\*\*/);
    for (const text of [run.stdout, run.stderr]) assert.ok(!text.includes(SECRET.slice(0, 4)), text);
    assert.equal(sent().length, 0);
  });
});
