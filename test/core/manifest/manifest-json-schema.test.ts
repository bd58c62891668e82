import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { createSluice } from "../../../core/index.js";
import { manifestJsonSchema } from "../../../core/manifest/manifest-json-schema.js";
import { definePlugin, PaginationStrategy } from "../../../sdk/index.js";
import { runCli } from "../../support/run-cli.js";

const ROOT = resolve(import.meta.dirname, "../../..");

/** Every manifest in the repository's examples. */
function exampleManifests(dir = join(ROOT, "examples"), out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) exampleManifests(path, out);
    else if (/^manifest\.ya?ml$/.test(name)) out.push(path);
  }
  return out;
}

/** A validator that reports a boolean (Ajv's own is a type guard, which would narrow the manifests tested). */
function validator(schema: Record<string, unknown>): ((data: unknown) => boolean) & { errors?: unknown[] | null } {
  const compiled = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(schema);
  const check = (data: unknown): boolean => {
    const ok = compiled(data) === true;
    check.errors = compiled.errors;
    return ok;
  };
  check.errors = null as unknown[] | null | undefined;
  return check;
}

const MINIMAL = {
  version: "6.0.0",
  type: "DeclarativeSource",
  streams: [
    {
      type: "DeclarativeStream",
      name: "users",
      retriever: {
        type: "SimpleRetriever",
        requester: { type: "HttpRequester", url_base: "https://api.example.com", path: "/users" },
        record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
        paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: 10 } },
      },
    },
  ],
};

describe("the manifest JSON Schema (sluice schema)", () => {
  const schema = manifestJsonSchema(createSluice().registry);
  const validate = validator(schema);

  it("accepts every example manifest in the repository", () => {
    const files = exampleManifests();
    assert.ok(files.length >= 2);
    for (const file of files) assert.ok(validate(parse(readFileSync(file, "utf8"))), `${file}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
    assert.ok(validate(MINIMAL));
  });

  it("rejects a broken manifest: an unknown type, a wrong enum value, a missing required field", () => {
    const broken = (mutate: (m: any) => void) => {
      const manifest = structuredClone(MINIMAL) as any;
      mutate(manifest);
      return validate(manifest);
    };
    assert.equal(broken((m) => (m.streams[0].retriever.paginator.pagination_strategy.type = "OfsetIncrement")), false);
    assert.equal(broken((m) => (m.streams[0].retriever.requester.http_method = "FETCH")), false);
    assert.equal(broken((m) => delete m.streams), false);
    assert.equal(broken((m) => delete m.streams[0].retriever.record_selector), false);
    assert.equal(broken((m) => (m.streams[0].retriever.paginator.pagination_strategy = { type: "BearerAuthenticator", api_token: "x" })), false, "a component of the wrong kind");
  });

  it("accepts the shapes the kit allows: references, $ref with overrides, default types, a list of partition routers", () => {
    const manifest = structuredClone(MINIMAL) as any;
    manifest.definitions = { requester: MINIMAL.streams[0]!.retriever.requester };
    manifest.streams[0].retriever.requester = { $ref: "#/definitions/requester", path: "/people" };
    manifest.streams[0].retriever.record_selector = { extractor: { field_path: ["data"] } };
    manifest.streams[0].retriever.partition_router = [
      { type: "ListPartitionRouter", cursor_field: "a", values: ["1"] },
      { type: "ListPartitionRouter", cursor_field: "b", values: ["2"] },
    ];
    assert.ok(validate(manifest), JSON.stringify(validate.errors?.slice(0, 3)));
  });

  it("gives every main component a description and examples that validate against it", () => {
    const definitions = schema.definitions as Record<string, Record<string, unknown>>;
    const main = ["DeclarativeSource", "DeclarativeStream", "SimpleRetriever", "HttpRequester", "RecordSelector", "DpathExtractor", "DefaultPaginator", "OffsetIncrement", "PageIncrement", "CursorPagination", "BearerAuthenticator", "ApiKeyAuthenticator", "BasicHttpAuthenticator", "OAuthAuthenticator", "SessionTokenAuthenticator", "JwtAuthenticator", "InlineSchemaLoader", "CheckStream", "Spec"];
    for (const type of main) {
      const definition = definitions[type]!;
      assert.ok(definition.description, `${type} has a description`);
      const examples = definition.examples as unknown[] | undefined;
      assert.ok(examples?.length, `${type} has examples`);
      const one = validator({ ...schema, allOf: [{ $ref: `#/definitions/${type}` }] });
      for (const example of examples!) assert.ok(one(example), `${type} example ${JSON.stringify(example)}: ${JSON.stringify(one.errors?.slice(0, 2))}`);
    }
  });

  it("includes the host's plugins", () => {
    class EveryOther extends PaginationStrategy {
      nextPageToken() {
        return undefined;
      }
    }
    const plugin = definePlugin({
      name: "test:every-other",
      register(ctx) {
        ctx.registerComponent({ type: "EveryOtherPage", kind: "pagination_strategy", description: "Reads every other page", schema: { type: "object", properties: { skip: { type: "integer" } } }, build: () => new EveryOther() });
      },
    });
    const withPlugin = manifestJsonSchema(createSluice({ plugins: [plugin] }).registry);
    assert.equal((withPlugin.definitions as Record<string, { description: string }>).EveryOtherPage!.description, "Reads every other page");
    const manifest = structuredClone(MINIMAL) as any;
    manifest.streams[0].retriever.paginator.pagination_strategy = { type: "EveryOtherPage", skip: 2 };
    assert.ok(validator(withPlugin)(manifest));
    assert.equal(validate(manifest), false, "the schema without the plugin does not know the type");
    manifest.streams[0].retriever.paginator.pagination_strategy.skip = "two";
    assert.equal(validator(withPlugin)(manifest), false);
  });

  it("is what `sluice schema` prints", async () => {
    const { code, stdout } = await runCli(["schema"], ROOT);
    assert.equal(code, 0);
    assert.deepEqual(Object.keys(JSON.parse(stdout).definitions), Object.keys(schema.definitions as object));
  });
});
