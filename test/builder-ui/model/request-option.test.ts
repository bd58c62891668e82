import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { removeKey, writeValue } from "../../../builder-ui/model/model-edits.js";
import { requestOptionComponent, requestOptionOf } from "../../../builder-ui/model/request-option.js";

describe("request options as the injection groups show them", () => {
  it("reads a RequestOption's target and field name, a RequestPath as path, anything else as nothing chosen", () => {
    assert.deepEqual(requestOptionOf({ type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" }), { injectInto: "header", fieldName: "X-Api-Key" });
    assert.deepEqual(requestOptionOf({ type: "RequestOption", inject_into: "body_json", field_path: ["auth", "key"] }), { injectInto: "body_json", fieldName: "auth.key" });
    assert.deepEqual(requestOptionOf({ type: "RequestPath" }), { injectInto: "path", fieldName: "" });
    assert.deepEqual(requestOptionOf({ inject_into: "cookie", field_name: "k" }), { injectInto: "", fieldName: "k" });
    assert.deepEqual(requestOptionOf("header"), { injectInto: "", fieldName: "" });
  });

  it("writes a RequestOption, or a RequestPath for path", () => {
    assert.deepEqual(requestOptionComponent({ injectInto: "body_data", fieldName: "key" }), { type: "RequestOption", inject_into: "body_data", field_name: "key" });
    assert.deepEqual(requestOptionComponent({ injectInto: "path", fieldName: "ignored" }), { type: "RequestPath" });
  });
});

describe("form edits of whole components", () => {
  const text = "# acme\nversion: 6.0.0 # pinned\ndefinitions:\n  requester:\n    url_base: https://x\n";

  it("writes a component as block YAML and keeps the comments", () => {
    const model = writeValue(ManifestModel.parse(text), ["definitions", "requester", "authenticator"], { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" });
    assert.match(model.text, /# acme\nversion: 6.0.0 # pinned\n/);
    assert.deepEqual(model.valueAt(["definitions", "requester", "authenticator"]), { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" });
    assert.match(model.text, /\n {4}authenticator:\n {6}type: BearerAuthenticator\n/);
  });

  it("a scalar is written in place; removing a key that is not there changes nothing", () => {
    const model = ManifestModel.parse(text);
    assert.equal(writeValue(model, ["definitions", "requester", "url_base"], "https://y").text, text.replace("https://x", "https://y"));
    assert.equal(removeKey(model, ["definitions", "nothing"]), model);
    assert.equal(removeKey(model, ["definitions", "requester", "url_base"]).valueAt(["definitions", "requester", "url_base"]), undefined);
  });
});
