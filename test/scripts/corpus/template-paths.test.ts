import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { readPaths, setPath } from "../../../scripts/corpus/mock/template-paths.js";
import { matchStream, routeFor } from "../../../scripts/corpus/mock/routes.js";
import type { StreamModel } from "../../../scripts/corpus/mock/stream-model.js";

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

describe("matchStream", () => {
  const stream = (name: string) => ({ name }) as StreamModel;
  it("tells apart paths written entirely as expressions by the quoted text they hold (source-snapchat-marketing)", () => {
    const routes = [
      routeFor("{{ 'me/organizations' if stream_partition['organization_id'] == 'me' else 'organizations/' ~ stream_partition['organization_id'] }}", stream("organizations")),
      routeFor("{{ 'organizations/' ~ stream_slice['organization_id'] ~ '/adaccounts' if stream_partition['ad_account_id'] == 'orgs' else 'adaccounts/' ~ stream_partition['ad_account_id'] }}", stream("adaccounts")),
    ];
    assert.equal(matchStream(routes, "/v1/me/organizations", "adaccounts")?.name, "organizations");
    assert.equal(matchStream(routes, "/v1/organizations/o1/adaccounts", "organizations")?.name, "adaccounts");
  });

  it("prefers the most literal path, then the stream being read", () => {
    const routes = [routeFor("/users", stream("users")), routeFor("/users/{{ stream_partition.id }}/posts", stream("posts")), routeFor("/users", stream("admins"))];
    assert.equal(matchStream(routes, "/api/users/7/posts", "users")?.name, "posts");
    assert.equal(matchStream(routes, "/api/users", "admins")?.name, "admins");
    assert.equal(matchStream(routes, "/api/users", "posts")?.name, "users");
  });
});
