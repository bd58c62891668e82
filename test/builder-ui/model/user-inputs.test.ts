import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { renameInput } from "../../../builder-ui/model/rename-input.js";
import { addUserInput, removeUserInput, setInputAttribute, setRequired, userInputs } from "../../../builder-ui/model/user-inputs.js";

const TEXT = `version: 6.0.0 # pinned
spec:
  connection_specification:
    type: object
    required: [base_url]
    properties:
      page_size: { type: integer, order: 1 }
      base_url: { type: string, title: Base URL, order: 0 }
`;

describe("the connector's user inputs", () => {
  it("lists them in the spec's order with each attribute", () => {
    assert.deepEqual(userInputs(ManifestModel.parse(TEXT)), [
      { name: "base_url", path: ["base_url"], type: "string", title: "Base URL", description: "", secret: false, required: true, default: "", allowed: [] },
      { name: "page_size", path: ["page_size"], type: "integer", title: "", description: "", secret: false, required: false, default: "", allowed: [] },
    ]);
  });

  it("lists an object input's properties with their paths, and edits one at its level (its object's required list)", () => {
    const text = `spec:
  connection_specification:
    type: object
    required: [credentials]
    properties:
      credentials:
        type: object
        required: [client_id]
        properties:
          client_secret: { type: string, airbyte_secret: true, order: 1 }
          client_id: { type: string, title: Client ID, order: 0 }
      client_id: { type: string }
`;
    let model = ManifestModel.parse(text);
    assert.deepEqual(
      userInputs(model, ["credentials"]).map((i) => [i.path.join("."), i.required, i.secret]),
      [
        ["credentials.client_id", true, false],
        ["credentials.client_secret", false, true],
      ],
    );
    model = setRequired(model, ["credentials", "client_secret"], true);
    model = setInputAttribute(model, ["credentials", "client_secret"], "title", "Client Secret");
    assert.deepEqual(model.valueAt(["spec", "connection_specification", "properties", "credentials", "required"]), ["client_id", "client_secret"]);
    assert.deepEqual(model.valueAt(["spec", "connection_specification", "required"]), ["credentials"]);
    assert.equal(userInputs(model, ["credentials"])[1]!.title, "Client Secret");
    model = removeUserInput(model, ["credentials", "client_id"]);
    assert.deepEqual(userInputs(model, ["credentials"]).map((i) => i.name), ["client_secret"]);
    assert.deepEqual(userInputs(model).map((i) => i.name), ["credentials", "client_id"], "the top-level client_id stays");
  });

  it("adds, edits (typed by the input's type), renames and removes an input", () => {
    let model = addUserInput(ManifestModel.parse(TEXT), { name: "region", title: "Region" });
    model = setInputAttribute(model, "region", "allowed", ["eu", "us", ""]);
    model = setInputAttribute(model, "region", "default", "eu");
    model = setInputAttribute(model, "page_size", "default", "50");
    model = setInputAttribute(model, "region", "secret", true);
    model = setRequired(model, "region", true);
    const renamed = renameInput(model, ["region"], "zone");
    assert.ok(renamed.ok);
    model = renamed.model;
    const zone = userInputs(model).find((i) => i.name === "zone")!;
    assert.deepEqual(zone, { name: "zone", path: ["zone"], type: "string", title: "Region", description: "", secret: true, required: true, default: "eu", allowed: ["eu", "us"] });
    assert.equal(model.valueAt(["spec", "connection_specification", "properties", "page_size", "default"]), 50);
    assert.match(model.text, /version: 6.0.0 # pinned/);
    model = removeUserInput(model, "zone");
    assert.deepEqual(model.valueAt(["spec", "connection_specification", "required"]), ["base_url"]);
    assert.deepEqual(
      userInputs(model).map((i) => i.name),
      ["base_url", "page_size"],
    );
  });

  it("a manifest without a spec gets one when the first input is added", () => {
    const model = addUserInput(ManifestModel.parse("version: 6.0.0\n"), { name: "api_key", title: "API Key", secret: true, required: true });
    assert.deepEqual(userInputs(model), [{ name: "api_key", path: ["api_key"], type: "string", title: "API Key", description: "", secret: true, required: true, default: "", allowed: [] }]);
  });
});
