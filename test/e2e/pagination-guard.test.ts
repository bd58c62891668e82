import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { PaginationError, SluiceError } from "../../sdk/index.js";
import { type Loopback, type Reply, type SeenRequest, startLoopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { readStream } from "../support/read-stream.js";

const row = (page: number, i: number) => ({ id: `${page}-${i}` });

function route(req: SeenRequest): Reply {
  const q = req.url.searchParams;
  switch (req.url.pathname) {
    case "/cycling": {
      // A broken cursor API: A -> B -> A -> ...
      const cursor = q.get("cursor");
      const next = cursor === null ? "A" : cursor === "A" ? "B" : "A";
      const page = cursor === null ? 1 : cursor === "A" ? 2 : 3;
      return { body: { data: [row(page, 1), row(page, 2)], next_cursor: next } };
    }
    case "/endless":
      // Always a full page, whatever is asked
      return { body: { data: [row(Number(q.get("offset") ?? 0), 1), row(Number(q.get("offset") ?? 0), 2)] } };
    default:
      return { status: 404, body: {} };
  }
}

describe("the progress guard through the engine", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback(route);
  });
  after(() => api.close());

  it("ends a cycling cursor with PAGINATION_REPEATED_TOKEN naming the stream, page and token, after delivering the records read", async () => {
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/cycling",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next_cursor }}" },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
        },
      }),
    );
    assert.ok(error instanceof PaginationError, String(error));
    assert.equal(error.code, "PAGINATION_REPEATED_TOKEN");
    assert.equal(error.where.stream, "items");
    assert.equal(error.where.page, 4);
    assert.match(error.message, /"A"/);
    assert.deepEqual(records.map((r) => r.id), ["1-1", "1-2", "2-1", "2-2", "3-1", "3-2"]);
  });

  it("ends a read whose token never reaches the request with PAGINATION_NO_PROGRESS after page 1's records", async () => {
    const start = api.requests.length;
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/endless",
        paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: 2 } },
      }),
    );
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "PAGINATION_NO_PROGRESS");
    assert.equal(error.where.page, 2);
    assert.equal(records.length, 2);
    assert.equal(api.requests.length - start, 1, "the identical request is not sent");
  });

  it("ends an endless API at the host's page cap", async () => {
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: api.url,
        path: "/endless",
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "OffsetIncrement", page_size: 2 },
          page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" },
        },
      }),
      { sluice: { readLimits: { maxPages: 5 } } },
    );
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "PAGINATION_PAGE_CAP");
    assert.equal(error.where.page, 6);
    assert.equal(records.length, 10);
  });
});

describe("next pages on another origin", () => {
  let home: Loopback;
  let foreign: Loopback;
  before(async () => {
    foreign = await startLoopback(() => ({ body: { data: [{ id: "f1" }], next: null } }));
    home = await startLoopback((req) => {
      if (req.url.searchParams.get("page") === "2") return { body: { data: [{ id: "h2" }], next: `${foreign.url}/items?page=3` } };
      return { body: { data: [{ id: "h1" }], next: `${home.url}/items?page=2` } };
    });
  });
  after(async () => {
    await home.close();
    await foreign.close();
  });
  const manifest = () =>
    oneStreamManifest({
      urlBase: home.url,
      requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } },
      paginator: {
        type: "DefaultPaginator",
        pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" },
        page_token_option: { type: "RequestPath" },
      },
    });

  it("refuses by default to follow a next URL on another port, and sends nothing there", async () => {
    const start = home.requests.length;
    const { records, error } = await readStream(manifest(), { config: { token: "s3cr3t-token" } });
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "CROSS_ORIGIN_PAGE");
    assert.ok(!error.describe().includes("s3cr3t-token"));
    assert.deepEqual(records.map((r) => r.id), ["h1", "h2"]);
    assert.equal(foreign.requests.length, 0);
    assert.deepEqual(home.requests.slice(start).map((r) => r.headers.authorization), ["Bearer s3cr3t-token", "Bearer s3cr3t-token"]);
  });

  it("treats another host name for the same port (localhost vs 127.0.0.1) as another origin", async () => {
    const { records, error } = await readStream(
      oneStreamManifest({
        urlBase: home.url,
        path: "/items?page=2",
        requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } },
        paginator: {
          type: "DefaultPaginator",
          pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next | replace('" + foreign.url + "', '" + home.url.replace("127.0.0.1", "localhost") + "') }}" },
          page_token_option: { type: "RequestPath" },
        },
      }),
      { config: { token: "s3cr3t-token" } },
    );
    assert.ok(error instanceof SluiceError && error.code === "CROSS_ORIGIN_PAGE", String(error));
    assert.deepEqual(records.map((r) => r.id), ["h2"]);
  });

  it("follows it without credentials when the host allows it", async () => {
    const { records, error } = await readStream(manifest(), { config: { token: "s3cr3t-token" }, sluice: { readLimits: { followCrossOriginPages: true } } });
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), ["h1", "h2", "f1"]);
    assert.equal(foreign.requests.length, 1);
    assert.equal(foreign.requests[0]!.headers.authorization, undefined);
    assert.ok(!JSON.stringify(foreign.requests[0]!.headers).includes("s3cr3t-token"));
  });
  it("follows it without credentials when the manifest allows it on the requester", async () => {
    const start = foreign.requests.length;
    const allowed = oneStreamManifest({
      urlBase: home.url,
      requester: { allow_cross_origin_pages: true, authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } },
      paginator: {
        type: "DefaultPaginator",
        pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}" },
        page_token_option: { type: "RequestPath" },
      },
    });
    const { records, error } = await readStream(allowed, { config: { token: "s3cr3t-token" } });
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), ["h1", "h2", "f1"]);
    assert.equal(foreign.requests.length, start + 1);
    assert.equal(foreign.requests.at(-1)!.headers.authorization, undefined);
  });
});
