import { Clock, type ConfigStore, type ConnectorConfig, type DataRecord, type ServiceToken } from "../../../../sdk/index.js";
import { createSluice } from "../../../../core/index.js";

/** A clock the test moves; `sleep` (retry backoff) passes instantly and moves it. */
export function fakeClock(start = Date.parse("2024-05-01T00:00:00Z")) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    async sleep(ms: number) {
      now += ms;
    },
  };
}

export interface TestConnectorOptions {
  url: string;
  authenticator: unknown;
  config: ConnectorConfig;
  /** Stream name -> path (default one stream `items` at /items). */
  streams?: Record<string, string>;
  definitions?: Record<string, unknown>;
  spec?: Record<string, unknown>;
  clock?: Clock;
  configStore?: ConfigStore;
  /** The streams' HTTP method (default GET). */
  httpMethod?: string;
  /** Follow `next` in each page's body as `?cursor=` (default: one page). */
  paginated?: boolean;
}

/** Pages through `{"data": [...], "next": "<cursor>"}` with `?cursor=`. */
const cursorPaginator = {
  type: "DefaultPaginator",
  pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" },
};

/** A manifest with one authenticator (under definitions, referenced by every stream) and simple streams. */
export function testManifest(options: Omit<TestConnectorOptions, "config">): Record<string, unknown> {
  const streams = options.streams ?? { items: "/items" };
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: [Object.keys(streams)[0]] },
    definitions: { ...(options.definitions ?? {}), authenticator: options.authenticator },
    ...(options.spec ? { spec: options.spec } : {}),
    streams: Object.entries(streams).map(([name, path]) => ({
      type: "DeclarativeStream",
      name,
      retriever: {
        type: "SimpleRetriever",
        requester: { type: "HttpRequester", url_base: options.url, path, http_method: options.httpMethod ?? "GET", authenticator: "#/definitions/authenticator" },
        record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
        ...(options.paginated ? { paginator: cursorPaginator } : {}),
      },
      schema_loader: { type: "InlineSchemaLoader", schema: {} },
    })),
  };
}

/** Builds the connector through the library, as a host would. */
export async function testConnector(options: TestConnectorOptions) {
  const services: Array<readonly [ServiceToken<unknown>, unknown]> = [];
  if (options.clock) services.push([Clock, options.clock]);
  const sluice = createSluice({ http: { baseDelayMs: 1, maxDelayMs: 5 }, logLevel: "error" } as never);
  return sluice.connect({ manifest: testManifest(options), config: options.config, configStore: options.configStore, services } as never);
}

/** Reads every record of a stream. */
export async function readAll(connector: { read(name: string): AsyncIterable<DataRecord> }, stream = "items"): Promise<DataRecord[]> {
  const records: DataRecord[] = [];
  for await (const record of connector.read(stream)) records.push(record);
  return records;
}
