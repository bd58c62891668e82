import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback, type SeenRequest } from "../../support/loopback.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { readPartitioned } from "../../support/read-stream.js";

// A GitHub-like API: /orgs/acme/repos lists an organisation's repositories; /repos/<name>/issues a repository's issues.
function route(req: SeenRequest) {
  if (req.url.pathname === "/orgs/acme/repos") return { body: [{ full_name: "acme/b" }, { full_name: "acme/c" }] };
  const repo = decodeURIComponent(req.url.pathname.replace(/^\/repos\//, "").replace(/\/issues$/, ""));
  return { body: [{ id: `${repo}#1`, repo }] };
}

describe("UnionPartitionRouter", () => {
  const api = useLoopback(route);
  const issues = (router: Record<string, unknown>, transformations?: unknown[]) => streamDef({
    name: "issues",
    urlBase: api.url,
    path: "/repos/{{ stream_partition.repository }}/issues",
    partitionRouter: { type: "UnionPartitionRouter", ...router },
    transformations,
  });
  const orgRepos = () => streamDef({ name: "org_repos", urlBase: api.url, path: "/orgs/acme/repos" });
  const union = () => ({
    partition_field: "{{ parameters.key }}",
    $parameters: { key: "repository" },
    partition_routers: [
      { type: "ListPartitionRouter", cursor_field: "repository", values: "{{ config['repositories'] }}" },
      { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: orgRepos(), parent_key: "full_name", partition_field: "repository" }] },
    ],
  });

  it("reads each partition of the union once, first occurrence first, in the children's order", async () => {
    const sent = api.since();
    const { records, error } = await readPartitioned(sourceDef([issues(union())]), "issues", { repositories: ["acme/a", "acme/b"] });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records.map((r) => r.repo), ["acme/a", "acme/b", "acme/c"]);
    assert.deepEqual(sent().map((r) => r.url.pathname), ["/repos/acme/a/issues", "/repos/acme/b/issues", "/orgs/acme/repos", "/repos/acme/c/issues"]);
  });

  it("normalises a partition to its one field; a parent's parent_slice moves to the extra fields", async () => {
    const addFields = [{ type: "AddFields", fields: [
      { path: ["partition_keys"], value: "{{ stream_partition.keys() | list | sort | join(',') }}" },
      { path: ["has_parent_slice"], value: "{{ 'parent_slice' in stream_slice.extra_fields }}" },
    ] }];
    const { records, error } = await readPartitioned(sourceDef([issues(union(), addFields)]), "issues", { repositories: [] });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records.map((r) => [r.repo, r.partition_keys, r.has_parent_slice]), [["acme/b", "repository", true], ["acme/c", "repository", true]]);
  });

  it("a child partition without the union's field is a config error naming both", async () => {
    const bad = { partition_field: "repository", partition_routers: [
      { type: "ListPartitionRouter", cursor_field: "repository", values: ["acme/a"] },
      { type: "ListPartitionRouter", cursor_field: "repo", values: ["acme/z"] },
    ] };
    const { records, error } = await readPartitioned(sourceDef([issues(bad)]), "issues");
    assert.deepEqual(records.map((r) => r.repo), ["acme/a"]);
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "PARTITION_UNION_FIELD");
    assert.match(error.message, /partition field 'repository'. Got \{"repo":"acme\/z"\}/);
  });
});
