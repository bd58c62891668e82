import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chooseChoice, chosenChoice, chosenProblems, shareProblems, testingValueFields, valueAt, withValueAt } from "../../../builder-ui/model/testing-value-fields.js";

const SPEC = {
  type: "object",
  required: ["credentials"],
  properties: {
    start_date: { type: "string", order: 1 },
    credentials: {
      type: "object",
      title: "Credentials",
      order: 0,
      required: ["username"],
      properties: {
        password: { type: "string", airbyte_secret: true, order: 1, description: "The account's password" },
        username: { type: "string", title: "Username", order: 0 },
        region: { type: "string", enum: ["eu", "us"] },
        proxy: { type: "object", properties: { port: { type: "integer" } } },
      },
    },
  },
};

const AUTH = {
  type: "object",
  properties: {
    credentials: {
      type: "object",
      title: "Authentication",
      oneOf: [
        {
          title: "OAuth2.0",
          required: ["client_id", "refresh_token"],
          properties: {
            auth_type: { type: "string", const: "oauth2", order: 0 },
            client_id: { type: "string", order: 1 },
            refresh_token: { type: "string", airbyte_secret: true, order: 2 },
          },
        },
        { title: "API Key", properties: { auth_type: { type: "string", enum: ["api_key"] }, api_key: { type: "string", airbyte_secret: true } } },
      ],
    },
  },
};

describe("the testing values' fields", () => {
  it("shows an object input with properties as a group of typed fields at their nested paths, in order, with the object's own required list", () => {
    const [credentials, startDate] = testingValueFields(SPEC);
    assert.equal(startDate!.name, "start_date");
    assert.deepEqual({ ...credentials!, fields: undefined }, { name: "credentials", path: ["credentials"], label: "Credentials", input: "group", secret: false, required: true, fields: undefined });
    const [username, password, region, proxy] = credentials!.fields!;
    assert.deepEqual(username, { name: "credentials.username", path: ["credentials", "username"], label: "Username", input: "text", secret: false, required: true });
    assert.deepEqual(password, { name: "credentials.password", path: ["credentials", "password"], label: "password", input: "text", secret: true, required: false, description: "The account's password" });
    assert.deepEqual([region!.input, region!.options], ["enum", ["eu", "us"]]);
    assert.equal(proxy!.input, "group");
    assert.deepEqual(proxy!.fields!.map((f) => [f.name, f.input]), [["credentials.proxy.port", "integer"]]);
  });

  it("shows a oneOf object as a choice of its options by title, each without its const discriminator", () => {
    const [credentials] = testingValueFields(AUTH);
    assert.equal(credentials!.input, "choice");
    assert.equal(credentials!.discriminator, "auth_type");
    assert.deepEqual(
      credentials!.choices!.map((c) => [c.title, c.value, c.fields.map((f) => `${f.name}${f.secret ? " (secret)" : ""}${f.required ? " *" : ""}`)]),
      [
        ["OAuth2.0", "oauth2", ["credentials.client_id *", "credentials.refresh_token (secret) *"]],
        ["API Key", "api_key", ["credentials.api_key (secret)"]],
      ],
    );
  });

  it("keeps an object it cannot show as fields as JSON, secret when a property below it is", () => {
    const spec = {
      properties: {
        tokens: { type: "array", items: { type: "object", properties: { token: { type: "string", airbyte_secret: true } } } },
        free: { type: "object" },
        untold: { type: "object", oneOf: [{ properties: { a: { type: "string", airbyte_secret: true } } }, { properties: { b: { type: "string" } } }] },
      },
    };
    assert.deepEqual(
      testingValueFields(spec).map((f) => [f.name, f.input, f.secret]),
      [
        ["tokens", "json", true],
        ["free", "json", false],
        ["untold", "json", true],
      ],
    );
  });
});

describe("reading and writing a testing value at its nested path", () => {
  it("reads a value at a path, nothing where a step is missing or not an object", () => {
    const values = { credentials: { username: "ann" }, flat: "x" };
    assert.equal(valueAt(values, ["credentials", "username"]), "ann");
    assert.equal(valueAt(values, ["flat", "username"]), undefined);
    assert.equal(valueAt(values, ["missing", "username"]), undefined);
  });

  it("writes a value at its path, creating the objects on the way and keeping the siblings", () => {
    const values = { start_date: "2024-01-01", credentials: { username: "ann" } };
    assert.deepEqual(withValueAt(values, ["credentials", "password"], "pw-123456"), { start_date: "2024-01-01", credentials: { username: "ann", password: "pw-123456" } });
    assert.deepEqual(withValueAt({}, ["credentials", "proxy", "port"], 8080), { credentials: { proxy: { port: 8080 } } });
    assert.deepEqual(values, { start_date: "2024-01-01", credentials: { username: "ann" } }, "the old values are not changed");
  });

  it("removes an emptied field's key, and an object left empty by that", () => {
    assert.deepEqual(withValueAt({ credentials: { username: "ann", password: "pw" } }, ["credentials", "username"], undefined), { credentials: { password: "pw" } });
    assert.deepEqual(withValueAt({ a: 1, credentials: { proxy: { port: 1 } } }, ["credentials", "proxy", "port"], undefined), { a: 1 });
  });
});

describe("a oneOf object's options", () => {
  const [credentials] = testingValueFields(AUTH);

  it("preselects the option whose discriminator the saved value holds, else the one whose fields hold its keys", () => {
    assert.equal(chosenChoice(credentials!, { auth_type: "api_key", api_key: "k" }), 1);
    assert.equal(chosenChoice(credentials!, { client_id: "c" }), 0);
    assert.equal(chosenChoice(credentials!, { auth_type: "basic" }), -1);
    assert.equal(chosenChoice(credentials!, undefined), -1);
  });

  it("writes the chosen option's discriminator, keeping the values the new option also has", () => {
    assert.deepEqual(chooseChoice(credentials!, { auth_type: "api_key", api_key: "k", client_id: "c" }, 0), { auth_type: "oauth2", client_id: "c" });
    assert.deepEqual(chooseChoice(credentials!, undefined, 1), { auth_type: "api_key" });
    assert.equal(chooseChoice(credentials!, { auth_type: "api_key" }, -1), undefined);
  });

  it("keeps the problems of the chosen option only, not the other options' missing properties nor their discriminator", () => {
    const problems = [
      { path: "config.credentials.auth_type", message: "must be equal to constant" },
      { path: "config.credentials.client_id", message: "a required field is missing" },
      { path: "config.credentials.api_key", message: "a required field is missing" },
      { path: "config.credentials", message: "must be object" },
    ];
    assert.deepEqual(
      chosenProblems(credentials!, 1, problems).map((p) => p.path),
      ["config.credentials.api_key", "config.credentials"],
    );
  });
});

describe("the problems of the testing values", () => {
  it("go to the field at their path or above it; the rest are nobody's", () => {
    const fields = testingValueFields(SPEC);
    const problems = [{ path: "config.credentials.username" }, { path: "config.credentials" }, { path: "config.start_date" }, { path: "config.other" }];
    const top = shareProblems(problems, fields);
    assert.deepEqual(top.of(fields[0]!).map((p) => p.path), ["config.credentials.username", "config.credentials"]);
    assert.deepEqual(top.rest.map((p) => p.path), ["config.other"]);
    const inner = shareProblems(top.of(fields[0]!), fields[0]!.fields!);
    assert.deepEqual(inner.of(fields[0]!.fields![0]!).map((p) => p.path), ["config.credentials.username"]);
    assert.deepEqual(inner.rest.map((p) => p.path), ["config.credentials"]);
  });

  it("does not give a field another field's problem whose name starts the same", () => {
    const fields = testingValueFields({ properties: { api: { type: "string" }, api_key: { type: "string" } } });
    assert.deepEqual(shareProblems([{ path: "config.api_key" }], fields).of(fields[0]!), []);
  });
});
