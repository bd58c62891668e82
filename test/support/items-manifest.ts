/**
 * The one-stream manifest most HTTP tests read: stream `items`, records under `data`, with the requester
 * (and optionally a paginator and spec properties) the test needs.
 *
 * @example
 * itemsManifest({ url_base: api.url, path: "/items" }, { spec: { token: { type: "string", airbyte_secret: true } } });
 */
export function itemsManifest(
  requester: Record<string, unknown>,
  extra: { paginator?: Record<string, unknown>; spec?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    version: "6.0.0",
    streams: [
      {
        type: "DeclarativeStream",
        name: "items",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", ...requester },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
          ...(extra.paginator ? { paginator: extra.paginator } : {}),
        },
      },
    ],
    ...(extra.spec ? { spec: { type: "Spec", connection_specification: { type: "object", properties: extra.spec } } } : {}),
  };
}
