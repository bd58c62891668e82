import assert from "node:assert/strict";
import { test } from "node:test";
import { extractConsentOutput } from "../../oauth-consent/extract-consent-output.js";
import { readConsentSpec } from "../../oauth-consent/read-consent-spec.js";
import { consentManifest } from "./consent-manifest.js";

const JAN_1 = Date.parse("2024-01-01T00:00:00Z");

test("the platform's vector: expires_in 7200 gives token_expiry_date two hours later, values as text", () => {
  const spec = readConsentSpec(consentManifest({ extract_output: ["access_token", "refresh_token", "expires_in"] }));
  const out = extractConsentOutput(spec, { expires_in: "7200", access_token: "access_token_response", refresh_token: "refresh_token_response", other: 1 }, JAN_1);
  assert.deepEqual(out, { access_token: "access_token_response", refresh_token: "refresh_token_response", expires_in: "7200", token_expiry_date: "2024-01-01T02:00:00Z" });
});

test("nested extract_output paths are keyed by their last segment", () => {
  const spec = readConsentSpec(consentManifest({ extract_output: ["data.nested.auth.access_token", "data.nested.refresh_token", "data.items[1].id"] }));
  const out = extractConsentOutput(spec, { data: { nested: { auth: { access_token: "a" }, refresh_token: "r" }, items: [{ id: 1 }, { id: 2 }] } }, JAN_1);
  assert.deepEqual(out, { access_token: "a", refresh_token: "r", id: "2" });
});

test("without extract_output the paths come from complete_oauth_output_specification.path_in_oauth_response", () => {
  const spec = readConsentSpec(consentManifest({}, {
    complete_oauth_output_specification: {
      properties: {
        access_token: { type: "string", path_in_connector_config: ["credentials", "access_token"], path_in_oauth_response: ["authed_user", "access_token"] },
        token_expiry_date: { type: "string", path_in_connector_config: ["credentials", "token_expiry_date"] },
        expires_in: { type: "string", path_in_connector_config: ["credentials", "expires_in"], path_in_oauth_response: ["authed_user", "expires_in"] },
      },
    },
  }));
  const out = extractConsentOutput(spec, { ok: true, authed_user: { access_token: "xoxp", expires_in: 60 } }, JAN_1 + 500);
  assert.deepEqual(out, { access_token: "xoxp", expires_in: "60", token_expiry_date: "2024-01-01T00:01:00Z" });
});

test("token_expiry_key renames the field that yields token_expiry_date", () => {
  const spec = readConsentSpec(consentManifest({ extract_output: ["access_token", "ttl"], token_expiry_key: "ttl" }));
  assert.equal(extractConsentOutput(spec, { access_token: "a", ttl: 30 }, JAN_1).token_expiry_date, "2024-01-01T00:00:30Z");
});

test("a missing output names the expected and present keys but never a value", () => {
  const spec = readConsentSpec(consentManifest({ extract_output: ["access_token", "refresh_token"] }));
  assert.throws(
    () => extractConsentOutput(spec, { access_token: "SECRET-ACCESS-TOKEN" }, JAN_1),
    (e: { code: string; describe(): string }) =>
      e.code === "OAUTH_OUTPUT_MISSING" && e.describe().includes("refresh_token") && e.describe().includes("access_token") && !e.describe().includes("SECRET-ACCESS-TOKEN"),
  );
});

test("an expires_in that is not a number of seconds is refused", () => {
  const spec = readConsentSpec(consentManifest({ extract_output: ["access_token", "expires_in"] }));
  assert.throws(() => extractConsentOutput(spec, { access_token: "a", expires_in: "soon" }, JAN_1), { code: "OAUTH_EXPIRES_IN_INVALID" });
});

test("without extract_output nor response paths, refresh_token alone is extracted", () => {
  const spec = readConsentSpec(consentManifest({}, { complete_oauth_output_specification: { properties: { token_expiry_date: { type: "string" } } } }));
  assert.deepEqual(extractConsentOutput(spec, { refresh_token: "r", access_token: "a" }, JAN_1), { refresh_token: "r" });
});
