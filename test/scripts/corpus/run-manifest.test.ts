import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { runManifest, type ManifestResult } from "../../../scripts/corpus/run-manifest.js";
import { summarize } from "../../../scripts/corpus/summarize.js";

/** A small manifest using what the corpus mock shapes: OAuth, cursor and page pagination, a parent stream, a datetime cursor. */
const MANIFEST = `
version: 6.0.0
type: DeclarativeSource
check: { type: CheckStream, stream_names: [users] }
definitions:
  requester:
    type: HttpRequester
    url_base: "https://{{ config['subdomain'] }}.example.com/api"
    authenticator:
      type: OAuthAuthenticator
      token_refresh_endpoint: https://login.example.com/oauth/token
      client_id: "{{ config['credentials']['client_id'] }}"
      client_secret: "{{ config['credentials']['client_secret'] }}"
      refresh_token: "{{ config['credentials']['refresh_token'] }}"
streams:
  - type: DeclarativeStream
    name: users
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: /users }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data, items] } }
      paginator:
        type: DefaultPaginator
        page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: cursor }
        pagination_strategy:
          type: CursorPagination
          cursor_value: "{{ response.get('meta', {}).get('next_cursor') }}"
          stop_condition: "{{ response.meta.has_more is false }}"
    schema_loader: { type: InlineSchemaLoader, schema: { type: object, properties: { id: { type: string }, name: { type: string } } } }
  - type: DeclarativeStream
    name: user_posts
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: "/users/{{ stream_partition.user_id }}/posts" }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [posts] } }
      paginator:
        type: DefaultPaginator
        page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: page }
        page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: per_page }
        pagination_strategy: { type: PageIncrement, page_size: 5, start_from_page: 1 }
      partition_router:
        type: SubstreamPartitionRouter
        parent_stream_configs:
          - { type: ParentStreamConfig, stream: "#/streams/0", parent_key: id, partition_field: user_id }
  - type: DeclarativeStream
    name: events
    incremental_sync:
      type: DatetimeBasedCursor
      cursor_field: occurred
      datetime_format: "%Y-%m-%d %H:%M:%S"
      start_datetime: "{{ config['start_date'] }}"
      step: P30D
      cursor_granularity: PT1S
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: /events }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
  - type: DeclarativeStream
    name: broken
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: /broken, request_parameters: { n: "{{ 'page' + 1 }}" } }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
spec:
  type: Spec
  connection_specification:
    type: object
    required: [subdomain, credentials, start_date]
    properties:
      subdomain: { type: string }
      start_date: { type: string }
      credentials:
        type: object
        oneOf:
          - type: object
            required: [auth_type, client_id, client_secret, refresh_token]
            properties: { auth_type: { const: oauth }, client_id: { type: string }, client_secret: { type: string }, refresh_token: { type: string } }
`;

describe("runManifest: build with synthetic configs, then read every stream against the derived mock API", () => {
  let folder: string;
  let result: ManifestResult;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "sluice-corpus-"));
    await writeFile(join(folder, "source-sample.yaml"), MANIFEST);
    const sluice = createSluice({ logLevel: "error", http: { maxRetries: 0, timeoutMs: 5000 } });
    result = await runManifest(sluice, join(folder, "source-sample.yaml"));
  });
  after(() => rm(folder, { recursive: true, force: true }));

  it("builds, sending no request while building", () => {
    assert.equal(result.passed, "build", JSON.stringify(result.failed));
    assert.equal(result.requestsAtBuild, 0);
    assert.equal(result.pythonClasses, false);
  });

  it("reads a cursor-paginated stream to its second page, through an OAuth token from the mock", () => {
    const users = result.streams.find((s) => s.name === "users")!;
    assert.equal(users.ok, true, JSON.stringify(users.reason));
    assert.equal(users.maxPage, 2);
    assert.equal(users.records, 4);
  });

  it("reads a child stream per parent record, each partition over two full pages", () => {
    const posts = result.streams.find((s) => s.name === "user_posts")!;
    assert.equal(posts.ok, true, JSON.stringify(posts.reason));
    assert.equal(posts.maxPage, 2);
    assert.ok(posts.records >= 2 * (5 + 1), `records: ${posts.records}`);
  });

  it("reads an incremental stream whose records carry cursor values in its format", () => {
    const events = result.streams.find((s) => s.name === "events")!;
    assert.equal(events.ok, true, JSON.stringify(events.reason));
    assert.ok(events.records > 0);
  });

  it("reports a stream the engine fails on, with its cause, and counts it in the summary", () => {
    const broken = result.streams.find((s) => s.name === "broken")!;
    assert.equal(broken.ok, false);
    assert.equal(broken.reason?.code, "TEMPLATE_EVAL");
    const summary = summarize([result]);
    assert.equal(summary.streams, 4);
    assert.equal(summary.streamsRead, 3);
    assert.deepEqual(summary.readFailures.map((f) => [f.streams, f.manifests, f.examples]), [[1, 1, ["source-sample/broken"]]]);
  });
});
