/**
 * Attacks on redaction: an API that echoes a credential in its error bodies, cut at the excerpt boundary,
 * escaped as JSON, `\u`-escaped, URL-encoded or base64url-encoded. No form and no prefix may print.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice, type Connector } from "../../../core/index.js";
import { SecretRegistry } from "../../../sdk/services/secret-registry.js";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** A token holding `"`, `\` and `/`, so that its JSON-escaped form differs from it. */
const TOKEN = 'Zq9Xw7Lm"p\\a/ss-0123456789';
const PREFIX = TOKEN.slice(0, 6);

const u = (text: string, upper = false) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("").replace(/[a-f]/g, (h) => (upper ? h.toUpperCase() : h));

const echoes: Record<string, (token: string) => Reply> = {
  "raw, cut by the excerpt": (t) => ({ status: 400, body: `${"x".repeat(286)}${t} trailing` }),
  "JSON-escaped": (t) => ({ status: 400, body: { error: `bad token ${t}` } }),
  "JSON-escaped, cut by the excerpt": (t) => ({ status: 400, body: { error: `${"x".repeat(276)}${t}` } }),
  "\\u-escaped (lower-case hex)": (t) => ({ status: 400, body: `{"error":"${u(t)}"}` }),
  "\\u-escaped (upper-case hex)": (t) => ({ status: 400, body: `{"error":"${u(t, true)}"}` }),
  "URL-encoded": (t) => ({ status: 400, body: `token=${encodeURIComponent(t)}` }),
  "form-encoded": (t) => ({ status: 400, body: `token=${new URLSearchParams({ v: `${t} x` }).toString().slice(2)}` }),
  "base64url": (t) => ({ status: 400, body: `token=${Buffer.from(t).toString("base64url")}` }),
  "in a 2xx page that is not JSON, cut by its excerpt": (t) => ({ status: 200, headers: { "Content-Type": "text/html" }, body: `<html>${"y".repeat(64)}${t}</html>` }),
};

let api: Loopback;
let reply: Reply;
before(async () => {
  api = await startLoopback(() => reply);
});
after(() => api.close());

function manifest(): Record<string, unknown> {
  return oneStreamManifest({ urlBase: api.url, requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } } });
}

/** The error a read of `items` ends with (a read that succeeds fails the test). */
async function readFailure(connector: Connector): Promise<SluiceError> {
  try {
    for await (const _ of connector.read("items"));
  } catch (caught) {
    assert.ok(caught instanceof SluiceError, String(caught));
    return caught;
  }
  assert.fail("the read succeeded");
}

describe("redaction of echoed credentials", () => {
  for (const [form, echo] of Object.entries(echoes)) {
    it(`masks a token echoed ${form}`, async () => {
      reply = echo(TOKEN);
      const connector = await createSluice({ logLevel: "error", http: { maxRetries: 0 } }).connect({ manifest: manifest(), config: { token: TOKEN } });
      const error = await readFailure(connector);
      const shown = `${error.describe()}\n${error.message}`;
      for (const leak of [PREFIX, JSON.stringify(PREFIX).slice(1, -1), u(PREFIX), u(PREFIX, true), encodeURIComponent(PREFIX)]) {
        assert.ok(!shown.includes(leak), `the token leaked (${leak}):\n${shown}`);
      }
      if (!form.includes("cut")) assert.match(shown, /\*\*\*\*/);
    });
  }
});

describe("the secret registry", () => {
  it("masks every output form of a secret", () => {
    const secrets = new SecretRegistry();
    secrets.add(TOKEN);
    const forms = [
      TOKEN,
      encodeURIComponent(TOKEN),
      new URLSearchParams({ v: TOKEN }).toString().slice(2),
      Buffer.from(TOKEN).toString("base64"),
      Buffer.from(TOKEN).toString("base64url"),
      JSON.stringify(TOKEN).slice(1, -1),
      JSON.stringify(TOKEN).slice(1, -1).replace(/\//g, "\\/"),
      u(TOKEN),
      u(TOKEN, true),
    ];
    for (const form of forms) assert.equal(secrets.redact(`<${form}>`), "<****>", form);
  });

  it("masks the ensure_ascii form of a non-ASCII secret", () => {
    const secrets = new SecretRegistry();
    secrets.add("pässwörd-<42>");
    assert.equal(secrets.redact(JSON.stringify({ p: "pässwörd-<42>" }, null, 0).replace(/[^\x20-\x7e]|[<>]/g, (c) => u(c))), '{"p":"****"}');
  });
});

describe("request-time secrets (a signature per request)", () => {
  it("keeps the most recent 256 request-time values masked and forgets older ones, so a long signed read stays bounded", () => {
    const secrets = new SecretRegistry();
    secrets.add("the-api-secret");
    for (let i = 0; i < 2000; i++) secrets.add(`signature-${i}`, { perRequest: true });
    assert.equal(secrets.redact("signature-1999 signature-1744"), "**** ****");
    assert.equal(secrets.redact("signature-0"), "signature-0");
    assert.equal(secrets.redact("the-api-secret"), "****", "a secret for the run is never forgotten");
  });

  it("a value sent again on every request stays among the recent ones", () => {
    const secrets = new SecretRegistry();
    for (let i = 0; i < 2000; i++) {
      secrets.add("static-per-request", { perRequest: true });
      secrets.add(`signature-${i}`, { perRequest: true });
    }
    assert.equal(secrets.redact("static-per-request"), "****");
  });

  it("leaves a request's timestamp and media type readable and masks a scheme's token alone too", () => {
    const secrets = new SecretRegistry();
    for (const stamp of ["1499827319559", "1499827319.559", "2017-07-12T02:41:59.559Z"]) secrets.add(stamp, { perRequest: true });
    assert.equal(secrets.redact("at 1499827319559, 1499827319.559, 2017-07-12T02:41:59.559Z"), "at 1499827319559, 1499827319.559, 2017-07-12T02:41:59.559Z");
    secrets.add("application/json; charset=utf-8", { perRequest: true });
    secrets.add("application/x-www-form-urlencoded", { perRequest: true });
    assert.equal(secrets.redact("content-type: application/json; charset=utf-8"), "content-type: application/json; charset=utf-8", "a media type a signer sets is no credential");
    secrets.add("Signed 5d672d79c15b1316", { perRequest: true });
    assert.equal(secrets.redact("token 5d672d79c15b1316 in a body"), "token **** in a body");
  });
});

describe("redaction in pagination errors", () => {
  it("masks an API key carried by a repeated next-page URL before the token is cut to its excerpt", async () => {
    const key = "Zq9Xw7Lm-key-0123456789";
    reply = { body: { data: [{ id: 1 }], next: `${api.url}/items?${"p=1&".repeat(38)}api_key=${key}` } };
    const definition = oneStreamManifest({
      urlBase: api.url,
      requester: { authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['token'] }}", inject_into: { type: "RequestOption", inject_into: "request_parameter", field_name: "api_key" } } },
      paginator: { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" }, page_token_option: { type: "RequestPath" } },
    });
    const connector = await createSluice({ logLevel: "error", http: { maxRetries: 0 } }).connect({ manifest: definition, config: { token: key } });
    const error = await readFailure(connector);
    assert.equal(error.code, "PAGINATION_REPEATED_TOKEN", error.describe());
    assert.ok(!error.describe().includes(key.slice(0, 6)), error.describe());
  });
});
