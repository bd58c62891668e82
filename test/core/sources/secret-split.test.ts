import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { changedPaths } from "../../../core/sources/config-paths.js";
import { joinSecrets, maskSecrets, splitSecrets } from "../../../core/sources/secret-split.js";

describe("splitting a config into plain values and secrets", () => {
  const config = { base_url: "https://x", credentials: { client_id: "id", refresh_token: "rt", nested: { a: 1 } }, keys: ["k0", "k1"] };

  it("takes the secrets out and puts them back exactly", () => {
    const { plain, secrets } = splitSecrets(config, [["credentials", "refresh_token"], ["keys", 1], ["credentials", "nested"]]);
    const stored = JSON.parse(JSON.stringify(plain)); // as the database keeps it: a list keeps its length
    assert.deepEqual(stored, { base_url: "https://x", credentials: { client_id: "id" }, keys: ["k0", null] });
    assert.deepEqual(joinSecrets(stored, secrets), config);
  });

  it("stores a secret inside a secret object once, as part of the outer one", () => {
    const { secrets } = splitSecrets(config, [["credentials", "refresh_token"], ["credentials"]]);
    assert.deepEqual(secrets, [{ path: ["credentials"], value: config.credentials }]);
  });

  it("masks secrets as ****", () => {
    assert.deepEqual(maskSecrets(config, [["credentials", "refresh_token"]]).credentials, { client_id: "id", refresh_token: "****", nested: { a: 1 } });
  });

  it("finds the values an update wrote back", () => {
    const after = structuredClone(config) as Record<string, any>;
    after.credentials.refresh_token = "rt2";
    after.credentials.access_token = "at";
    assert.deepEqual(changedPaths(config, after), [["credentials", "refresh_token"], ["credentials", "access_token"]]);
  });
});
