import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { propagateParameters, registryLookups, type DefaultTypeLookup } from "../../../core/manifest/propagate-parameters.js";
import { createSluice } from "../../../core/sluice.js";

const defaults: DefaultTypeLookup = (parent, field, custom) =>
  custom ? ({ "DefaultPaginator.pagination_strategy": "CustomPaginationStrategy" } as Record<string, string>)[`${parent}.${field}`] : ({ "DeclarativeStream.retriever": "SimpleRetriever", "SimpleRetriever.requester": "HttpRequester", "SimpleRetriever.paginator": "NoPagination" } as Record<string, string>)[`${parent}.${field}`];

describe("propagateParameters", () => {
  it("inserts default types from the parent field", () => {
    const out = propagateParameters({ type: "DeclarativeStream", retriever: { requester: { url_base: "u" }, paginator: {} } }, defaults);
    const retriever = out.retriever as Record<string, Record<string, unknown>>;
    assert.equal(retriever.type as unknown, "SimpleRetriever");
    assert.equal(retriever.requester!.type, "HttpRequester");
    assert.equal(retriever.paginator!.type, "NoPagination");
  });

  it("infers the custom type for a class_name without type", () => {
    const out = propagateParameters({ type: "DefaultPaginator", pagination_strategy: { class_name: "components.X" } }, defaults);
    assert.equal((out.pagination_strategy as Record<string, unknown>).type, "CustomPaginationStrategy");
  });

  it("copies parameters down as missing or falsy fields, the child's parameters winning", () => {
    const out = propagateParameters(
      { type: "DeclarativeStream", $parameters: { name: "users", path: "/users" }, retriever: { requester: { path: "", $parameters: { path: "/v2/users" } } } },
      defaults,
    );
    const requester = (out.retriever as Record<string, Record<string, unknown>>).requester!;
    assert.equal(requester.path, "/v2/users");
    assert.equal(requester.name, "users");
    assert.deepEqual(requester.$parameters, { name: "users", path: "/v2/users" });
    assert.equal(out.name, "users");
  });

  it("does not push a parameter into the nested field of the same name", () => {
    const out = propagateParameters({ type: "DeclarativeStream", $parameters: { retriever: "x" }, retriever: { requester: {} } }, defaults);
    const retriever = out.retriever as Record<string, unknown>;
    assert.equal(retriever.type, "SimpleRetriever");
    assert.equal((retriever.$parameters as Record<string, unknown> | undefined)?.retriever, undefined);
  });

  it("leaves JSON schemas untouched", () => {
    const schema = { type: "object", properties: { id: { type: "integer" } } };
    const out = propagateParameters({ type: "InlineSchemaLoader", $parameters: { name: "users" }, schema }, defaults);
    assert.deepEqual(out.schema, schema);
  });

  for (const fieldPath of ["data", ["data", "items"]]) {
    it(`keeps an inherited field_path (${JSON.stringify(fieldPath)}) off a RequestOption that names its field_name`, () => {
      const stream = {
        type: "DeclarativeStream",
        $parameters: { field_path: fieldPath },
        retriever: { type: "SimpleRetriever", paginator: { type: "DefaultPaginator", page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" } } },
      };
      const sluice = createSluice();
      const out = propagateParameters(stream, ...registryLookups((type) => sluice.registry.find(type)));
      const option = ((out.retriever as Record<string, unknown>).paginator as Record<string, Record<string, unknown>>).page_token_option!;
      assert.equal(option.field_name, "cursor");
      assert.equal("field_path" in option, false);
      assert.deepEqual((option.$parameters as Record<string, unknown>).field_path, fieldPath, "the parameter itself stays in scope");
    });
  }

  it("still copies field_path onto a RequestOption without field_name (as the kit does)", () => {
    const sluice = createSluice();
    const option = { type: "RequestOption", inject_into: "body_json", $parameters: { field_path: ["a", "b"] } };
    const out = propagateParameters(option, ...registryLookups((type) => sluice.registry.find(type)));
    assert.deepEqual(out.field_path, ["a", "b"]);
  });
});
