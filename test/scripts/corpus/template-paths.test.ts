import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readPaths, setPath } from "../../../scripts/corpus/mock/template-paths.js";
import { routeFor } from "../../../scripts/corpus/mock/routes.js";

describe("readPaths", () => {
  it("follows attributes, subscripts and .get() calls below a context name", () => {
    assert.deepEqual(readPaths("{{ response.get('links', {}).get('next') }}", "response"), [["links", "next"]]);
    assert.deepEqual(readPaths(`{{ response['metadata']["paging"].next_page }}`, "response"), [["metadata", "paging", "next_page"]]);
    assert.deepEqual(readPaths("{{ headers.link.next.url }}", "headers"), [["link", "next", "url"]]);
    assert.deepEqual(readPaths("{{ not response.a and response.b is none }}", "response"), [["a"], ["b"]]);
  });

  it("stops at a method call and ignores longer names that merely start with the root", () => {
    assert.deepEqual(readPaths("{{ config['domain'].rstrip('/') }}", "config"), [["domain"]]);
    assert.deepEqual(readPaths("{{ my_response.x }} {{ response_x }}", "response"), []);
  });
});

describe("setPath", () => {
  it("creates objects on the way and deletes on undefined", () => {
    const target: Record<string, unknown> = { a: "text" };
    setPath(target, ["a", "b"], 1);
    assert.deepEqual(target, { a: { b: 1 } });
    setPath(target, ["a", "b"], undefined);
    assert.deepEqual(target, { a: {} });
  });
});

describe("routeFor", () => {
  it("matches a path template at the end of a request path, at a slash, ignoring a query written into it", () => {
    const route = routeFor("/customers/{{ stream_slice.id }}/usage?sub={{ stream_slice.sub }}", "usage");
    assert.equal(route.pattern.test("/api/v1/customers/42/usage"), true);
    assert.equal(route.pattern.test("/api/v1/xcustomers/42/usage"), false);
    assert.equal(route.weight, "customers//usage".length);
  });
});
