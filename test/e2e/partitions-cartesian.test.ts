import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Reply, type SeenRequest, useLoopback } from "../support/loopback.js";
import { sourceDef, streamDef } from "../support/manifest-builder.js";
import { readPartitioned } from "../support/read-stream.js";

// Zendesk Guide-style: articles per locale (query) and brand (header); a POST search with the
// category in the JSON body; projects as a parent stream (Jira-style issues per project and status).
function route(req: SeenRequest): Reply {
  const path = req.url.pathname;
  if (path === "/api/v2/help_center/articles") {
    return { body: { articles: [{ id: `${req.headers["x-zendesk-brand"]}-${req.url.searchParams.get("locale")}` }] } };
  }
  if (path === "/api/v2/search") return { body: { results: [{ id: JSON.stringify(req.fields) }] } };
  if (path === "/rest/api/3/project") return { body: [{ id: "P1", key: "WEB" }, { id: "P2", key: "OPS" }] };
  if (path === "/rest/api/3/search") return { body: { issues: [{ id: `${req.url.searchParams.get("project")}:${req.url.searchParams.get("status")}` }] } };
  return { status: 404, body: {} };
}

describe("a list of partition routers: every combination of their slices", () => {
  const api = useLoopback(route);
  const since = () => api.since();

  it("two ListPartitionRouters: the first one's values vary slowest, each injects its own value (query and header)", async () => {
    const manifest = sourceDef([
      streamDef({
        name: "articles",
        urlBase: api.url,
        path: "/api/v2/help_center/articles",
        fieldPath: ["articles"],
        partitionRouter: [
          { type: "ListPartitionRouter", values: ["brand-a", "brand-b"], cursor_field: "brand", request_option: { inject_into: "header", field_name: "X-Zendesk-Brand" } },
          { type: "ListPartitionRouter", values: ["en-us", "fr"], cursor_field: "locale", request_option: { inject_into: "request_parameter", field_name: "locale" } },
        ],
        transformations: [{ type: "AddFields", fields: [{ path: ["slice"], value: "{{ stream_slice }}" }] }],
      }),
    ]);
    const { records, error } = await readPartitioned(manifest, "articles");
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), ["brand-a-en-us", "brand-a-fr", "brand-b-en-us", "brand-b-fr"]);
    assert.deepEqual(records[1]!.slice, { locale: "fr", brand: "brand-a" });
    assert.deepEqual(Object.keys(records[1]!.slice as object), ["locale", "brand"], "the kit's ChainMap order: later routers' keys first");
  });

  it("injects both values into one JSON body", async () => {
    const manifest = sourceDef([
      streamDef({
        name: "search",
        urlBase: api.url,
        path: "/api/v2/search",
        fieldPath: ["results"],
        requester: { http_method: "POST" },
        partitionRouter: [
          { type: "ListPartitionRouter", values: ["tickets"], cursor_field: "type", request_option: { inject_into: "body_json", field_path: ["filter", "type"] } },
          { type: "ListPartitionRouter", values: ["open", "solved"], cursor_field: "status", request_option: { inject_into: "body_json", field_path: ["filter", "status"] } },
        ],
      }),
    ]);
    const { records, error } = await readPartitioned(manifest, "search");
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => JSON.parse(String(r.id))), [{ filter: { type: "tickets", status: "open" } }, { filter: { type: "tickets", status: "solved" } }]);
  });

  it("a list router then a substream router: the parent stream is read once, not once per listed value, and its extra_fields reach the slice", async () => {
    const projects = streamDef({ name: "projects", urlBase: `${api.url}/rest/api/3`, path: "/project" });
    const manifest = sourceDef([
      streamDef({
        name: "issues",
        urlBase: `${api.url}/rest/api/3`,
        path: "/search",
        fieldPath: ["issues"],
        partitionRouter: [
          { type: "ListPartitionRouter", values: ["open", "done"], cursor_field: "status", request_option: { inject_into: "request_parameter", field_name: "status" } },
          {
            type: "SubstreamPartitionRouter",
            parent_stream_configs: [
              { stream: projects, parent_key: "id", partition_field: "project", extra_fields: [["key"]], request_option: { inject_into: "request_parameter", field_name: "project" } },
            ],
          },
        ],
        transformations: [{ type: "AddFields", fields: [{ path: ["project_key"], value: "{{ stream_slice.extra_fields['key'] }}" }] }],
      }),
    ]);
    const seen = since();
    const { records, error } = await readPartitioned(manifest, "issues");
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => [r.id, r.project_key]), [["P1:open", "WEB"], ["P2:open", "OPS"], ["P1:done", "WEB"], ["P2:done", "OPS"]]);
    assert.equal(seen().filter((r) => r.url.pathname === "/rest/api/3/project").length, 1);
  });
});
