import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError, type DataRecord } from "../../../sdk/index.js";
import { startLoopback, type Loopback, type SeenRequest } from "../../support/loopback.js";
import { joinUrl } from "../../../plugins/shared/join-url.js";

function stream(requester: Record<string, unknown>): Record<string, unknown> {
  return {
    version: "6.0.0",
    streams: [
      {
        type: "DeclarativeStream",
        name: "s",
        $parameters: { resource: "users" },
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", ...requester },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
        },
      },
    ],
  };
}

describe("HttpRequester", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: [{ ok: true }] }));
  });
  after(() => api.close());

  async function send(requester: Record<string, unknown>, config: Record<string, unknown> = {}): Promise<SeenRequest> {
    const before = api.requests.length;
    const connector = await createSluice().connect({ manifest: stream(requester), config });
    const records: DataRecord[] = [];
    for await (const record of connector.read("s")) records.push(record);
    assert.deepEqual(records, [{ ok: true }]);
    assert.equal(api.requests.length, before + 1);
    return api.requests.at(-1)!;
  }

  it("joins url_base and path, interpolating config and parameters", async () => {
    const seen = await send({ url_base: `${api.url}/{{ config['version'] }}`, path: "/{{ parameters.resource }}" }, { version: "v2" });
    assert.equal(seen.url.pathname, "/v2/users");
  });

  it("sends interpolated query parameters and headers, and drops parameters that evaluate to None", async () => {
    const seen = await send({
      url_base: api.url,
      path: "items",
      request_parameters: { status: "{{ config['status'] }}", cursor: "{{ next_page_token['next_page_token'] }}", limit: 50 },
      request_headers: { "X-Tenant": "{{ config['tenant'] }}" },
    }, { status: "active", tenant: "acme" });
    assert.equal(seen.url.search, "?status=active&limit=50");
    assert.equal(seen.headers["x-tenant"], "acme");
  });

  it("sends query values as Python's str() writes them, as the kit does", async () => {
    const seen = await send({ url_base: api.url, path: "typed", request_parameters: { half: "{{ 10 / 2 }}", flag: "{{ True }}" } });
    assert.equal(seen.url.search, "?half=5.0&flag=True");
  });

  it("sends a JSON body with typed values on POST", async () => {
    const seen = await send({ url_base: api.url, path: "search", http_method: "POST", request_body_json: { query: "{{ config['q'] }}", size: "{{ 10 }}", nested: { deep: true } } }, { q: "x" });
    assert.equal(seen.method, "POST");
    assert.equal(seen.headers["content-type"], "application/json");
    assert.deepEqual(JSON.parse(seen.body), { query: "x", size: 10, nested: { deep: true } });
  });

  it("sends a JSON body on a GET, as the Python kit does (fetch alone refuses it)", async () => {
    const seen = await send({ url_base: api.url, path: "query", http_method: "GET", request_body_json: { filter: "{{ config['f'] }}" } }, { f: "open" });
    assert.equal(seen.method, "GET");
    assert.deepEqual(JSON.parse(seen.body), { filter: "open" });
  });

  it("sends a form body", async () => {
    const seen = await send({ url_base: api.url, path: "form", http_method: "POST", request_body_data: { a: "1", b: "{{ config['b'] }}" } }, { b: "two words" });
    assert.equal(seen.headers["content-type"], "application/x-www-form-urlencoded");
    assert.equal(seen.body, "a=1&b=two+words");
  });

  it("uses url when there is no url_base", async () => {
    const seen = await send({ url: `${api.url}/full/path?fixed=1` });
    assert.equal(seen.url.pathname, "/full/path");
    assert.equal(seen.url.searchParams.get("fixed"), "1");
  });

  it("sends no credentials when url_base is empty and the whole URL comes from the path (an origin chosen by data)", async () => {
    const token = "data-origin-token-3f9c";
    const seen = await send({ url_base: "", path: "{{ config['link'] }}", authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } }, { link: `${api.url}/download`, token });
    assert.equal(seen.url.pathname, "/download");
    assert.equal(seen.headers.authorization, undefined);
    assert.ok(!JSON.stringify(seen.headers).includes(token));
  });

  it("sends the credentials to the origin url_base names", async () => {
    const seen = await send({ url_base: api.url, path: "/users", authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } }, { token: "configured-origin-token" });
    assert.equal(seen.headers.authorization, "Bearer configured-origin-token");
  });

  it("refuses a header set twice to different values, naming both places", async () => {
    const manifest = stream({ url_base: api.url, request_headers: { Authorization: "mine" }, authenticator: { type: "BearerAuthenticator", api_token: "{{ config['t'] }}" } });
    const connector = await createSluice().connect({ manifest, config: { t: "abcd-token" } });
    const error = await (async () => {
      for await (const _record of connector.read("s")) break;
    })().catch((e: unknown) => e);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "REQUEST_COLLISION");
    assert.ok(!error.describe().includes("abcd-token"));
  });
});

describe("joinUrl (the kit's urljoin rules)", () => {
  it("appends a relative path to the base folder", () => assert.equal(joinUrl("https://a.io/v1", "users"), "https://a.io/v1/users"));
  it("keeps a base with a trailing slash", () => assert.equal(joinUrl("https://a.io/v1/", "users"), "https://a.io/v1/users"));
  it("resolves a host-root path against the host", () => assert.equal(joinUrl("https://a.io/v1", "/v2/users"), "https://a.io/v2/users"));
  it("lets an absolute URL win", () => assert.equal(joinUrl("https://a.io/v1", "https://b.io/x?y=1"), "https://b.io/x?y=1"));
  it("leaves the base alone for an empty path", () => assert.equal(joinUrl("https://a.io/v1", ""), "https://a.io/v1"));
});

describe("HttpRequester with a url_base that is no URL", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(() => ({ body: [{ ok: true }] }));
  });
  after(() => api.close());

  it("fails clearly, before any request, when url_base renders to no absolute URL (a config value missing or without https://)", async () => {
    for (const [config, found] of [[{}, "an empty value"], [{ base: "api.example.com" }, "a value without http:// or https://"]] as const) {
      const before = api.requests.length;
      const connector = await createSluice().connect({ manifest: stream({ url_base: "{{ config['base'] }}", path: "/users" }), config });
      await assert.rejects(
        async () => {
          for await (const _record of connector.read("s")) assert.fail("no record expected");
        },
        (error: unknown) =>
          error instanceof SluiceError &&
          error.code === "REQUEST_URL_INVALID" &&
          error.where.manifestPath === "streams[0].retriever.requester.url_base" &&
          error.found === found &&
          error.message.includes("check the config values it reads"),
      );
      assert.equal(api.requests.length, before);
    }
  });
});
