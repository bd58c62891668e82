import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { credentialTarget, refusedStatus } from "../../../builder-ui/model/credential-target.js";
import type { TestStream } from "../../../builder-ui/model/test-read.js";

const page = (status: number, auxiliary: number[] = []) => ({
  request: null,
  response: { status, headers: {}, body: "", bytes: 0 },
  records: [],
  next_page_token: null,
  stop_reason: null,
  auxiliary_requests: auxiliary.map((s) => ({ purpose: "session_login", attempt: 1, ms: 1, request: { method: "POST", url: "u", headers: {}, body: null }, response: { status: s, headers: {}, body: "", bytes: 0 } })),
});
const read = (...pages: ReturnType<typeof page>[]) => ({ name: "users", records: 0, slices: [{ slice: {}, pages }] }) as unknown as TestStream;

describe("a refused credential in a test read", () => {
  it("is a 401 or 403 of a page or of a request before it", () => {
    assert.equal(refusedStatus(read(page(200), page(401))), 401);
    assert.equal(refusedStatus(read(page(500, [403]))), 403);
    assert.equal(refusedStatus(read(page(404))), undefined);
  });

  it("leads to the method's first credential, a session login's own, or the method selector", () => {
    assert.deepEqual(credentialTarget({ type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}" }), { label: "API Key", controlId: "auth-api_token" });
    assert.deepEqual(credentialTarget({ type: "BasicHttpAuthenticator", username: "u" }), { label: "Username", controlId: "auth-username" });
    const session = { type: "SessionTokenAuthenticator", login_requester: { authenticator: { type: "BasicHttpAuthenticator" } } };
    assert.deepEqual(credentialTarget(session), { label: "Username", controlId: "auth-login-username" });
    assert.deepEqual(credentialTarget(undefined), { label: "Authentication Method", controlId: "auth-method" });
  });
});
