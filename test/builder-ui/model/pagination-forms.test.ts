import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cursorSourceOf, cursorTemplates, defaultPaginator, methodFields, METHOD_INJECTIONS, PAGINATION_METHODS, paginationMethodOf } from "../../../builder-ui/model/pagination-forms.js";

describe("the Pagination section's model", () => {
  it("offers the product's methods in its order, with its labels", () => {
    assert.deepEqual(PAGINATION_METHODS.map((m) => m.label), ["Offset Increment", "Page Increment", "Cursor Pagination", "Custom Pagination Strategy"]);
    assert.deepEqual(methodFields("OffsetIncrement").map((f) => f.label), ["Limit", "Inject Offset on First Request"]);
    assert.deepEqual(methodFields("PageIncrement").map((f) => f.label), ["Page size", "Start From Page", "Inject Page Number on First Request"]);
    assert.deepEqual(METHOD_INJECTIONS.OffsetIncrement.map((i) => i.title), ["Inject limit into outgoing HTTP request", "Inject offset into outgoing HTTP request"]);
    assert.deepEqual(METHOD_INJECTIONS.PageIncrement.map((i) => i.title), ["Inject page size into outgoing HTTP request", "Inject page number into outgoing HTTP request"]);
  });

  it("reads the method of a paginator: off for none and NoPagination, custom for a class_name without type", () => {
    assert.equal(paginationMethodOf(undefined), "");
    assert.equal(paginationMethodOf({ type: "NoPagination" }), "");
    assert.equal(paginationMethodOf({ type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "x" } }), "CursorPagination");
    assert.equal(paginationMethodOf({ type: "DefaultPaginator", pagination_strategy: { class_name: "source_a.components.P" } }), "CustomPaginationStrategy");
    assert.equal(paginationMethodOf({ type: "CustomPaginator", class_name: "x.Y" }), "other");
  });

  it("starts a paginator as the product does: no Limit until given, both injections on, flags at their defaults (unwritten)", () => {
    assert.deepEqual(defaultPaginator("OffsetIncrement"), {
      type: "DefaultPaginator",
      pagination_strategy: { type: "OffsetIncrement" },
      page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "limit" },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
    });
    assert.equal(defaultPaginator("CursorPagination").page_size_option, undefined, "the cursor's page size is optional: its injection starts off");
    assert.deepEqual(defaultPaginator("CustomPaginationStrategy", "invoice_lines").pagination_strategy, { type: "CustomPaginationStrategy", class_name: "source_invoice_lines.components.InvoiceLinesPagination" });
  });

  it("writes a cursor from the response body or the headers, and reads the path back", () => {
    assert.deepEqual(cursorTemplates("response", ["meta", "next-cursor"]), { cursor_value: '{{ response.meta["next-cursor"] }}', stop_condition: '{{ not response.meta["next-cursor"] }}' });
    assert.deepEqual(cursorTemplates("headers", ["link", "next", "url"]), { cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers['link'] }}" });
    assert.deepEqual(cursorSourceOf('{{ response.meta["next-cursor"] }}', '{{ not response.meta["next-cursor"] }}'), { source: "response", path: ["meta", "next-cursor"] });
    assert.deepEqual(cursorSourceOf("{{ headers.link.next.url }}", "{{ 'next' not in headers['link'] }}"), { source: "headers", path: ["link", "next", "url"] });
    assert.deepEqual(cursorSourceOf("{{ response.next }}", "{{ response.done }}"), { source: "custom", path: [] }, "a stop condition of its own is custom");
    assert.deepEqual(cursorSourceOf("{{ last_record.id }}", undefined), { source: "custom", path: [] });
  });
});
