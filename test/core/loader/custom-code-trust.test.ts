import { test } from "node:test";
import assert from "node:assert/strict";
import { resolveCustomCodeTrust } from "../../../core/loader/custom-code-trust.js";

test("custom code is trusted by default, as the kit trusts a local connector", () => {
  assert.equal(resolveCustomCodeTrust({ env: {} }), true);
});

test("SLUICE_DISABLE_CUSTOM_CODE=1 or true refuses custom code", () => {
  assert.equal(resolveCustomCodeTrust({ env: { SLUICE_DISABLE_CUSTOM_CODE: "1" } }), false);
  assert.equal(resolveCustomCodeTrust({ env: { SLUICE_DISABLE_CUSTOM_CODE: "TRUE" } }), false);
  assert.equal(resolveCustomCodeTrust({ env: { SLUICE_DISABLE_CUSTOM_CODE: "0" } }), true);
});

test("the host's explicit option wins over the environment", () => {
  assert.equal(resolveCustomCodeTrust({ option: false, env: {} }), false);
  assert.equal(resolveCustomCodeTrust({ option: true, env: { SLUICE_DISABLE_CUSTOM_CODE: "1" } }), true);
});

test("AIRBYTE_ENABLE_UNSAFE_CODE never loosens a refusal", () => {
  assert.equal(resolveCustomCodeTrust({ env: { SLUICE_DISABLE_CUSTOM_CODE: "1", AIRBYTE_ENABLE_UNSAFE_CODE: "true" } }), false);
});
