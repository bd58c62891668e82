import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { formsIn } from "../../../builder-ui/forms/form-registry.js";
import { propertySchema } from "../../../builder-ui/forms/component-schemas.js";
import { resolveFields } from "../../../builder-ui/forms/resolve-fields.js";
import { STREAM_COMPONENT_SECTIONS } from "../../../builder-ui/forms/section-registry.js";
import { COMPONENT_SECTION_PATHS, keyPath } from "../../../builder-ui/model/component-paths.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { addItem, chooseKind, referencedStream, removeItem, streamReference, turnSectionOff, turnSectionOn } from "../../../builder-ui/model/section-edits.js";
import { useRegisteredSchemas } from "../support/registered-schemas.js";

/** A stream at `/<name>` of a loopback API, records at the response's root. */
const stream = (name: string) => `  - type: DeclarativeStream
    name: ${name}
    retriever:
      type: SimpleRetriever
      requester: { type: HttpRequester, url_base: "http://localhost", path: /${name} }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
`;
const TEXT = `version: 6.0.0\ntype: DeclarativeSource\ncheck: { type: CheckStream, stream_names: [users] }\nstreams:\n${stream("users")}${stream("orders")}`;

describe("the stream page's component sections", () => {
  before(useRegisteredSchemas);

  it("are the product's sections, each kind with the product's name", () => {
    assert.deepEqual(STREAM_COMPONENT_SECTIONS.map((s) => s.title), ["Record Filter", "Incremental Sync", "Partitioning", "Error Handler", "Transformations"]);
    assert.deepEqual(formsIn("incremental-sync").map((f) => f.label), ["Datetime Based Cursor", "Incrementing Count Cursor"]);
    assert.deepEqual(formsIn("partition-router").map((f) => f.label), ["Parameterized Requests", "Parent Stream"]);
    assert.deepEqual(formsIn("transformation").map((f) => f.label), ["Remove Field", "Add Field", "Keys to Lower Case", "Key to Snake Case", "Flatten Fields", "Dpath Flatten Fields", "Keys Replace"]);
    assert.deepEqual(formsIn("backoff-strategy").map((f) => f.label), ["Constant Backoff", "Exponential Backoff", "Wait Time Extracted From Response Header", "Wait Until Time Defined In Response Header"]);
  });

  it("declare only keys the components' schemas have (a nested object's own keys where its schema lists them)", () => {
    for (const section of ["incremental-sync", "partition-router", "record-filter", "transformation", "error-handler", "backoff-strategy", "response-filter"] as const) {
      for (const form of formsIn(section)) for (const field of form.fields) assert.ok(propertySchema(form.type, field.key.slice(0, 1)), `${form.type}.${keyPath(field.key)} is in its schema`);
    }
  });

  it("read the response filter's Action choices from the schema's enum", () => {
    const action = resolveFields(formsIn("response-filter")[0]!).find((f) => f.label === "Action");
    assert.equal(action?.kind, "select");
    assert.ok(action?.options?.includes("RETRY") && action.options.includes("IGNORE"));
  });

  it("ask the server about nested lists' items by pattern", () => {
    assert.ok(COMPONENT_SECTION_PATHS.includes("streams[*].retriever.requester.error_handler.response_filters[*].http_codes"));
    assert.ok(COMPONENT_SECTION_PATHS.includes("streams[*].retriever.partition_router[*].parent_stream_configs[0].parent_key"));
    assert.ok(COMPONENT_SECTION_PATHS.includes("streams[*].retriever.partition_router.values"));
    assert.ok(COMPONENT_SECTION_PATHS.includes("streams[*].incremental_sync.start_time_option.field_name"));
  });

  it("turning Incremental Sync on writes a datetime cursor and its Start Datetime user input", () => {
    const next = turnSectionOn(ManifestModel.parse(TEXT), ["streams", 1, "incremental_sync"], "incremental-sync", "one", "orders");
    const cursor = next.valueAt(["streams", 1, "incremental_sync"]) as Record<string, unknown>;
    assert.equal(cursor.type, "DatetimeBasedCursor");
    assert.deepEqual(cursor.start_datetime, { type: "MinMaxDatetime", datetime: "{{ config['start_datetime'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" });
    assert.equal((next.valueAt(["spec", "connection_specification", "properties", "start_datetime"]) as { format?: string }).format, "date-time");
    const off = turnSectionOff(next, ["streams", 1, "incremental_sync"]);
    assert.equal(off.kindAt(["streams", 1, "incremental_sync"]), "absent");
  });

  it("choosing Incrementing Count Cursor replaces the cursor", () => {
    const on = turnSectionOn(ManifestModel.parse(TEXT), ["streams", 0, "incremental_sync"], "incremental-sync", "one", "users");
    const next = chooseKind(on, ["streams", 0, "incremental_sync"], "incremental-sync", "IncrementingCountCursor", "users");
    assert.deepEqual(next.valueAt(["streams", 0, "incremental_sync"]), { type: "IncrementingCountCursor", cursor_field: "id" });
  });

  it("partition routers combine as the product writes them: one is the router, two are a list, back to one on removal", () => {
    const place = ["streams", 1, "retriever", "partition_router"];
    let model = turnSectionOn(ManifestModel.parse(TEXT), place, "partition-router", "one-or-many", "orders");
    assert.equal((model.valueAt(place) as { type: string }).type, "ListPartitionRouter");
    model = addItem(model, place, "partition-router", "orders");
    model = chooseKind(model, [...place, 1], "partition-router", "SubstreamPartitionRouter", "orders");
    const routers = model.valueAt(place) as Array<{ type: string }>;
    assert.deepEqual(routers.map((r) => r.type), ["ListPartitionRouter", "SubstreamPartitionRouter"]);
    model = removeItem(model, place, 0, "one-or-many");
    assert.equal((model.valueAt(place) as { type: string }).type, "SubstreamPartitionRouter", "the one left is the router itself");
    model = removeItem(model, place, 0, "one-or-many");
    assert.equal(model.kindAt(place), "absent");
  });

  it("a parent stream is written as a $ref to its place and read back by name", () => {
    const model = ManifestModel.parse(TEXT);
    const ref = streamReference(model, "users");
    assert.deepEqual(ref, { $ref: "#/streams/0" });
    assert.equal(referencedStream(model, ref), "users");
    assert.equal(referencedStream(model, "#/streams/1"), "orders");
  });

  it("transformations are a list: items are added at the end and removed by index", () => {
    const place = ["streams", 0, "transformations"];
    let model = turnSectionOn(ManifestModel.parse(TEXT), place, "transformation", "list", "users");
    model = addItem(model, place, "transformation", "users");
    model = chooseKind(model, [...place, 1], "transformation", "AddFields", "users");
    assert.deepEqual((model.valueAt(place) as Array<{ type: string }>).map((t) => t.type), ["RemoveFields", "AddFields"]);
    model = removeItem(model, place, 0, "list");
    assert.deepEqual((model.valueAt(place) as Array<{ type: string }>).map((t) => t.type), ["AddFields"]);
  });
});
