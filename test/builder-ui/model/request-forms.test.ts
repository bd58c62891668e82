import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { methodNamed } from "../../../builder-ui/model/auth-methods.js";
import { useRegisteredSchemas } from "../support/registered-schemas.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { bodyTypeOf, chooseBodyType, keyValueShape } from "../../../builder-ui/model/request-forms.js";

const LOGIN = ["definitions", "authenticator", "login_requester"];
const JSON_AT = [...LOGIN, "request_body_json"];
const DATA_AT = [...LOGIN, "request_body_data"];

const SESSION = `version: 6.0.0
definitions:
  authenticator:
    type: SessionTokenAuthenticator
    login_requester:
      type: HttpRequester
      url_base: https://api.example.com/session # the login
      http_method: POST
      request_body_json:
        username: "{{ config['username'] }}"
    session_token_path: [token]
`;

describe("a requester's Request Body", () => {
  it("chooses the form body: the JSON body is removed and request_body_data written, the rest of the file kept", () => {
    const model = chooseBodyType(ManifestModel.parse(SESSION), JSON_AT, DATA_AT, "data");
    assert.equal(model.kindAt(JSON_AT), "absent");
    assert.deepEqual(model.valueAt(DATA_AT), {});
    assert.match(model.text, /url_base: https:\/\/api\.example\.com\/session # the login\n/);
    assert.equal(bodyTypeOf(model.valueAt(JSON_AT), model.valueAt(DATA_AT)), "data");
  });

  it("keeps a body already of the kind chosen (choosing it again writes nothing)", () => {
    const text = SESSION.replace(/request_body_json:\n.*\n/, "request_body_data: \"grant_type=password&username={{ config['username'] }}\"\n");
    const model = ManifestModel.parse(text);
    assert.equal(bodyTypeOf(model.valueAt(JSON_AT), model.valueAt(DATA_AT)), "data");
    assert.equal(chooseBodyType(model, JSON_AT, DATA_AT, "data").text, text);
  });

  it("shows a flat mapping as rows, a mapping with a nested value as rows with that value read-only, and anything else as written", () => {
    assert.equal(keyValueShape(undefined), "rows");
    assert.equal(keyValueShape({ username: "{{ config['username'] }}", remember: true }), "rows");
    assert.equal(keyValueShape({ filter: { status: "open" }, size: 10 }), "nested");
    assert.equal(keyValueShape("grant_type=password&username={{ config['username'] }}"), "written");
    assert.equal(keyValueShape(["a", "b"]), "written");
  });

  it("is the session login's Request Body field, and OAuth 2's Refresh Request Body and Headers are key/value rows reading config", () => {
    useRegisteredSchemas();
    const login = methodNamed("Session Token").fields.find((f) => f.label === "Request Body");
    assert.deepEqual({ key: login?.key, kind: login?.kind }, { key: ["login_requester"], kind: "body" });
    const oauth = methodNamed("OAuth 2").fields;
    for (const label of ["Refresh Request Body", "Refresh Request Headers"]) {
      const field = oauth.find((f) => f.label === label);
      assert.equal(field?.kind, "keyvalue", label);
      assert.deepEqual(field?.variables, ["config"], label);
    }
  });
});
