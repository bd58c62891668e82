import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { formOf, formsIn } from "../../../builder-ui/forms/form-registry.js";
import { resolveFields } from "../../../builder-ui/forms/resolve-fields.js";
import { controlOf } from "../../../builder-ui/forms/schema-control.js";
import { useRegisteredSchemas } from "../support/registered-schemas.js";

/**
 * The controls the forms drew before they were declared (the hand-written tables of auth-methods.ts
 * and pagination-forms.ts): reading them from the components' schemas must give the same.
 */
const HAND_WRITTEN: Record<string, Record<string, string>> = {
  "Basic HTTP": { Username: "input", Password: "input" },
  "Bearer Token": { Token: "input" },
  "API Key": { "Inject into": "injection", "API Key": "input" },
  JWT: { "Secret Key": "input", Algorithm: "select", "Header Prefix": "text", "Additional JWT Headers": "keyvalue", "Additional JWT Payload": "keyvalue", "Base64 Encode Secret Key": "boolean", "Token Duration": "integer" },
  "OAuth 2": {
    "Client ID": "input", "Client Secret": "input", "Refresh Token": "input", "Grant Type": "select", "Token Refresh Endpoint": "text", Scopes: "list",
    "Access Token Property Name": "text", "Token Expiry Property Name": "text", "Token Expiry Date Format": "text", "Client ID Property Name": "text",
    "Client Secret Property Name": "text", "Refresh Token Property Name": "text", "Grant Type Property Name": "text", "Refresh Request Body": "keyvalue", "Refresh Request Headers": "keyvalue",
  },
  "Session Token": {
    URL: "text", "HTTP Method": "select", "Authentication Method": "method", "Query Parameters": "keyvalue", "Request Headers": "keyvalue", "Request Body": "body",
    "Session Token Path": "list", "Expiration Duration": "duration", "Data Request Authentication": "select", "Inject into": "injection",
  },
  Custom: { "Class Name": "text" },
  "Offset Increment": { Limit: "integer", "Inject Offset on First Request": "boolean" },
  "Page Increment": { "Page size": "integer", "Start From Page": "integer", "Inject Page Number on First Request": "boolean" },
  "Cursor Pagination": { "Cursor value": "template", "Stop condition": "template", "Page size": "integer" },
  "Custom Pagination Strategy": { "Class Name": "text" },
};

describe("the forms' registry", () => {
  before(useRegisteredSchemas);

  it("lists each section's kinds in the product's order", () => {
    assert.deepEqual(formsIn("authentication").map((f) => f.label), ["No auth", "Basic HTTP", "Bearer Token", "API Key", "JWT", "OAuth 2", "Session Token", "Selective Authenticator", "Custom"]);
    assert.deepEqual(formsIn("pagination").map((f) => f.label), ["Offset Increment", "Page Increment", "Cursor Pagination", "Custom Pagination Strategy"]);
    assert.equal(formOf("CustomMyAuthenticator", "authentication")?.label, "Custom", "any Custom* type reads as Custom");
    assert.equal(formOf("HmacAuthenticator", "authentication"), undefined);
  });

  it("reads every field's control from the component's schema as the hand-written tables had it", () => {
    for (const form of [...formsIn("authentication"), ...formsIn("pagination")]) {
      const drawn = Object.fromEntries(resolveFields(form).map((f) => [f.label, f.kind]));
      assert.deepEqual(drawn, HAND_WRITTEN[form.label] ?? {}, form.label);
    }
  });

  it("takes a select's options from the schema's enum, and requiredness from its required list", () => {
    const jwt = resolveFields(formOf("JwtAuthenticator", "authentication")!);
    const algorithm = jwt.find((f) => f.label === "Algorithm")!;
    assert.deepEqual(algorithm.options, ["HS256", "HS384", "HS512", "ES256", "ES256K", "ES384", "ES512", "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "EdDSA"]);
    assert.equal(algorithm.required, true);
    assert.equal(jwt.find((f) => f.label === "Header Prefix")!.required, undefined);
  });

  it("derives a control from a property's JSON Schema", () => {
    assert.deepEqual(controlOf({ enum: ["a", "b"] }), { control: "select", options: ["a", "b"] });
    assert.deepEqual(controlOf({ type: ["integer", "null"] }), { control: "integer" });
    assert.deepEqual(controlOf({ anyOf: [{ type: "integer" }, { type: "string" }] }), { control: "integer" });
    assert.deepEqual(controlOf({ type: "array", items: { type: "string" } }), { control: "list" });
    assert.deepEqual(controlOf({ type: "object" }), { control: "keyvalue" });
    assert.deepEqual(controlOf({ anyOf: [{ allOf: [{ $ref: "#/definitions/RequestOption" }] }] }), { control: "injection" });
    assert.deepEqual(controlOf(undefined), { control: "text" });
  });
});
