import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { secretInManifest } from "../../../builder-ui/model/secret-in-manifest.js";

const TEXT = `version: 6.0.0
streams:
  - name: users
    retriever:
      requester:
        request_headers: { X-Key: sk_live_51Hx9 }
spec:
  connection_specification:
    properties:
      api_key: { type: string, airbyte_secret: true }
      region: { type: string }
`;

describe("a secret Save refused, placed at its line", () => {
  it("names the secret input and what to write instead, never the value", () => {
    const finding = secretInManifest(ManifestModel.parse(TEXT), { api_key: "sk_live_51Hx9", region: "eu" });
    assert.equal(finding.line, 6);
    assert.equal(finding.code, "BUILDER_TESTING_VALUE_IN_MANIFEST");
    assert.match(finding.message, /^The value of the secret input api_key is written here: write \{\{ config\['api_key'\] \}\} instead/);
    assert.doesNotMatch(JSON.stringify(finding), /sk_live_51Hx9/);
  });

  it("has no line when the value is not on one as it is (an encoded form the server found)", () => {
    const finding = secretInManifest(ManifestModel.parse(TEXT), { api_key: "another-secret" });
    assert.equal(finding.line, undefined);
    assert.match(finding.message, /^A secret testing value is written in the manifest/);
  });
});
