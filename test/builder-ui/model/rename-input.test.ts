import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { moveTestingValue, renameInput } from "../../../builder-ui/model/rename-input.js";

/** Every way the kit's templates read a config key, in every YAML quoting style, a shared definition and a config path. */
const TEXT = `version: 6.0.0 # pinned
definitions:
  auth: &auth
    type: BearerAuthenticator
    api_token: "{{ config['api_key'] }}"  # the token
streams:
  - type: DeclarativeStream
    name: users
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: '{{ config[''base'']  }}/v1'
        path: /users/{{ config.api_key_id }}
        authenticator: *auth
        request_parameters:
          a: "{{ config[\\"api_key\\"] }}"
          b: "{{ config.api_key }}"
          c: "{{ config.get('api_key') }}"
          d: '{{ config.get("api_key", "none") | upper }}'
          "{{ config['api_key'] }}": keyed
          e: config['api_key'] is not a template
          g: '{{ config[''api_key''] }}'
          f: >-
            {{ config['api_key']
            ~ config.api_key }}
spec:
  type: Spec
  connection_specification:
    type: object
    required: [base, api_key]
    properties:
      api_key: { type: string, airbyte_secret: true, order: 0 }
      api_key_id: { type: string }
      base: { type: string }
`;

describe("renaming a user input", () => {
  it("rewrites every reference in every template and the spec's lists, and changes no other byte", () => {
    const result = renameInput(ManifestModel.parse(TEXT), ["api_key"], "token");
    assert.ok(result.ok);
    assert.equal(result.references, 9);
    const expected = TEXT.replace(/api_key(?!_id)/g, "token").replace("e: config['token'] is not a template", "e: config['api_key'] is not a template");
    assert.equal(result.model.text, expected);
  });

  it("rewrites the references a renamed nested input has at its level only", () => {
    const text = `auth:
  client_id: "{{ config['credentials']['client_id'] }}"
  secret: "{{ config.credentials.client_secret }}"
  other: "{{ config.get('credentials', {}).get('client_id') }} {{ config['client_id'] }}"
  refresh_token_updater:
    refresh_token_config_path: [credentials, client_id]
spec:
  connection_specification:
    properties:
      credentials:
        type: object
        required: ["client_id"]
        properties:
          client_id: { type: string }
          client_secret: { type: string }
      client_id: { type: string }
`;
    const result = renameInput(ManifestModel.parse(text), ["credentials", "client_id"], "id");
    assert.ok(result.ok);
    assert.equal(result.references, 3);
    assert.equal(
      result.model.text,
      text
        .replace("config['credentials']['client_id']", "config['credentials']['id']")
        .replace(".get('client_id')", ".get('id')")
        .replace("[credentials, client_id]", "[credentials, id]")
        .replace('required: ["client_id"]', 'required: ["id"]')
        .replace("          client_id: { type: string }", "          id: { type: string }"),
    );
  });

  it("renames a spec written in a definition behind $ref", () => {
    const text = `definitions:
  spec:
    connection_specification:
      required: [key]
      properties:
        key: { type: string }
spec:
  $ref: "#/definitions/spec"
url: "{{ config.key }}"
`;
    const result = renameInput(ManifestModel.parse(text), ["key"], "api_key");
    assert.ok(result.ok);
    assert.equal(result.references, 1);
    assert.equal(result.model.text, text.replaceAll("key: { type", "api_key: { type").replace("[key]", "[api_key]").replace("config.key", "config.api_key"));
  });

  it("refuses a rename onto an existing input, a name templates cannot read, and an input that is not there", () => {
    const model = ManifestModel.parse(TEXT);
    const onto = renameInput(model, ["api_key"], "base");
    assert.equal(onto.ok, false);
    assert.match(!onto.ok ? onto.reason : "", /An input named base exists already/);
    assert.match(renameInput(model, ["api_key"], "api-key").ok ? "" : "refused", /refused/);
    assert.match(renameInput(model, ["nope"], "x").ok ? "" : "refused", /refused/);
  });

  it("rewrites a reference written with escapes the name's quotes by re-quoting that value only", () => {
    const text = `a: "{{ config[\\u0027k\\u0027] }}"
b: plain # kept
spec:
  connection_specification:
    properties:
      k: { type: string }
`;
    const result = renameInput(ManifestModel.parse(text), ["k"], "key");
    assert.ok(result.ok);
    assert.equal(result.references, 1);
    assert.equal(result.model.text, text.replace(`"{{ config[\\u0027k\\u0027] }}"`, `"{{ config['key'] }}"`).replace("      k: {", "      key: {"));
  });
});

describe("moving a renamed input's testing value", () => {
  it("moves the value to the new key in place, at its level, and leaves values without it as they are", () => {
    assert.deepEqual(Object.entries(moveTestingValue({ a: 1, api_key: "k", z: 2 }, ["api_key"], "token")), [["a", 1], ["token", "k"], ["z", 2]]);
    assert.deepEqual(moveTestingValue({ credentials: { client_id: "c", other: 1 } }, ["credentials", "client_id"], "id"), { credentials: { id: "c", other: 1 } });
    const values = { a: 1 };
    assert.equal(moveTestingValue(values, ["api_key"], "token"), values);
  });
});
