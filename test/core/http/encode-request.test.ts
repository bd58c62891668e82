import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeRequest } from "../../../core/http/encode-request.js";

const get = (url: string, params: Record<string, unknown>) => encodeRequest({ method: "GET", url, params: params as never, headers: {} }).url;

test("query parameters are appended to a URL without a query, normalised as new URL writes it", () => {
  assert.equal(get("HTTP://API.Example.com", { limit: "10", page: 2 }), "http://api.example.com/?limit=10&page=2");
  assert.equal(get("https://api.example.com/v1/users", {}), "https://api.example.com/v1/users");
});

test("values are form-encoded, lists become repeated keys, booleans are True/False, null is dropped", () => {
  assert.equal(get("https://api.example.com/x", { q: "a b&c=d/é", ids: [1, 2], on: true, off: false, none: null }), "https://api.example.com/x?q=a+b%26c%3Dd%2F%C3%A9&ids=1&ids=2&on=True&off=False");
});

test("a key the URL already carries keeps the URL's value and is not sent twice", () => {
  assert.equal(get("https://api.example.com/x?limit=5&after=abc", { limit: "10", page: 3 }), "https://api.example.com/x?limit=5&after=abc&page=3");
});

test("a URL with a fragment keeps it after the query", () => {
  assert.equal(get("https://api.example.com/x#top", { a: "1" }), "https://api.example.com/x?a=1#top");
});

test("the same URL encoded twice in a row with other parameters gives each its own query", () => {
  assert.equal(get("https://api.example.com/items", { offset: 0 }), "https://api.example.com/items?offset=0");
  assert.equal(get("https://api.example.com/items", { offset: 100 }), "https://api.example.com/items?offset=100");
});

test("an invalid URL is still an error", () => {
  assert.throws(() => get("not a url", { a: "1" }), TypeError);
});

test("the URL's own query is kept as written, parameters appended after it (TestRail's index.php?/api/v2/get_plans/1)", () => {
  assert.equal(get("https://x.testrail.io/index.php?/api/v2/get_plans/7", { offset: 0, limit: 250 }), "https://x.testrail.io/index.php?/api/v2/get_plans/7&offset=0&limit=250");
  assert.equal(get("https://api.example.com/x?filter=a%20b&sort=-id#top", { page: 2 }), "https://api.example.com/x?filter=a%20b&sort=-id&page=2#top");
  assert.equal(get("https://api.example.com/x?", { page: 2 }), "https://api.example.com/x?page=2");
});

test("query parameters are serialised exactly as URLSearchParams does, plain values and those needing escapes alike", () => {
  const values = ["100", "abc", "a b", "a+b", "a&b=c", "~tilde", "!'()*", "._-", "ünï", "日本", "%41", "", "x/y?z#w"];
  for (const first of values) {
    for (const second of values) {
      const params = { limit: 100, [first || "k"]: second, list: [first, second], flag: true };
      // The reference follows the object's own key order (integer-like keys come first in JavaScript).
      const reference = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) {
        for (const item of Array.isArray(value) ? value : [value]) reference.append(key, item === true ? "True" : String(item));
      }
      const url = encodeRequest({ method: "GET", url: "https://api.example.com/items", params, headers: {} }).url;
      assert.equal(url, `https://api.example.com/items?${reference.toString()}`, `params ${JSON.stringify(params)}`);
    }
  }
});
