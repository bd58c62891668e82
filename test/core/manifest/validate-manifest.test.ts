import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { ConfigError, ManifestError } from "../../../sdk/index.js";

function manifest(paginator: Record<string, unknown> = { type: "NoPagination" }, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: "6.0.0",
    streams: [
      {
        type: "DeclarativeStream",
        name: "users",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: "http://127.0.0.1:9", path: "/users" },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
          paginator,
        },
      },
    ],
    spec: {
      type: "Spec",
      connection_specification: { type: "object", required: ["api_key"], properties: { api_key: { type: "string", airbyte_secret: true }, page_size: { type: "integer" } } },
    },
    ...extra,
  };
}

describe("manifest validation", () => {
  it("names an unknown type, its manifest path, the known types of that kind and the nearest match", async () => {
    const sluice = createSluice();
    const error = await sluice.define({ manifest: manifest({ type: "DefaultPaginator", pagination_strategy: { type: "OfsetIncrement", page_size: 10 } }) }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.equal(error.code, "MANIFEST_UNKNOWN_TYPE");
    assert.equal(error.where.manifestPath, "streams[0].retriever.paginator.pagination_strategy");
    assert.match(error.message, /did you mean OffsetIncrement\?/);
    assert.match(error.expected ?? "", /PageIncrement/);
  });

  it("names a missing required field with its full path", async () => {
    const bad = manifest();
    delete ((bad.streams as Record<string, Record<string, unknown>>[])[0]!.retriever as Record<string, unknown>).record_selector;
    const error = await createSluice().define({ manifest: bad }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.equal(error.where.manifestPath, "streams[0].retriever.record_selector");
    assert.match(error.message, /required field is missing/);
  });

  it("reports a wrong value type with what was expected and found, and every problem at once", async () => {
    const bad = manifest({ type: "NoPagination" });
    const requester = ((bad.streams as Record<string, Record<string, Record<string, unknown>>>[])[0]!.retriever!.requester as Record<string, unknown>);
    requester.http_method = "FETCH";
    requester.path = 42;
    const error = await createSluice().define({ manifest: bad }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.match(error.message, /2 problems/);
    assert.match(error.message, /streams\[0\]\.retriever\.requester\.http_method/);
    assert.match(error.message, /streams\[0\]\.retriever\.requester\.path: the value has the wrong type; expected string; found 42/);
  });

  it("rejects a component of the wrong kind in a field", async () => {
    const error = await createSluice().define({ manifest: manifest({ type: "DpathExtractor", field_path: [] }) }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.match(error.message, /a DpathExtractor cannot be used here/);
  });

  it("validates the end user's config against the spec before any request, naming each bad field", async () => {
    const error = await createSluice().connect({ manifest: manifest(), config: { page_size: "ten" } }).catch((e: unknown) => e);
    assert.ok(error instanceof ConfigError);
    assert.equal(error.code, "CONFIG_INVALID");
    assert.match(error.message, /config\.api_key: a required field is missing/);
    assert.match(error.message, /config\.page_size: must be integer, found string/);
  });
  it("checks each item of a component list given where one component is expected (partition_router: [...])", async () => {
    const bad = manifest();
    const retriever = (bad.streams as Array<Record<string, Record<string, unknown>>>)[0]!.retriever!;
    retriever.partition_router = [{ type: "MadeUpPartitionRouter", partition_field: "x" }];
    const error = await createSluice().define({ manifest: bad }).catch((e: unknown) => e);
    assert.ok(error instanceof ManifestError);
    assert.equal(error.where.manifestPath, "streams[0].retriever.partition_router[0]");
    assert.match(error.message, /unknown component type 'MadeUpPartitionRouter'/);
  });

  it("ignores a field_path that $parameters copied onto a RequestOption with a field_name", async () => {
    const withParameters = manifest({
      type: "DefaultPaginator",
      pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
    });
    (withParameters.streams as Record<string, unknown>[])[0]!.$parameters = { field_path: ["data"] };
    const connector = await createSluice().connect({ manifest: withParameters, config: { api_key: "k" } });
    assert.deepEqual(connector.streamNames, ["users"]);
  });
});
