/**
 * A host program embedding Sluice: it registers its own plugin (a new pagination `type`) and its
 * own fetch implementation through the container, reads a stream with `for await`, and stops early.
 * In a real host the imports read `from "sluice"`.
 */
import { Fetch, createSluice, type FetchInit } from "../../core/index.js";
import { totalPagesPlugin } from "./total-pages-plugin.js";

/** What one run of the embedding did. */
export interface EmbedRun {
  records: Record<string, unknown>[];
  /** Every URL the host's fetch implementation was asked for. */
  fetched: string[];
}

/** A manifest object (no file, no folder) whose paginator is the host plugin's type. */
export function reportsManifest(): Record<string, unknown> {
  return {
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["reports"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "reports",
        primary_key: "id",
        schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
        retriever: {
          type: "SimpleRetriever",
          requester: {
            type: "HttpRequester",
            url_base: "{{ config['base_url'] }}",
            path: "/v1/reports",
            http_method: "GET",
            authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } },
          },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } },
          paginator: {
            type: "DefaultPaginator",
            pagination_strategy: { type: "TotalPagesPagination", total_pages_field: "total_pages" },
            page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
          },
        },
      },
    ],
  };
}

/**
 * Reads at most `limit` reports, then stops: `break` ends the read, so no further page is fetched.
 *
 * @example
 * const { records, fetched } = await readReports({ base_url: "http://127.0.0.1:4010", api_key: "demo-key-123" }, 4);
 */
export async function readReports(config: Record<string, unknown>, limit: number): Promise<EmbedRun> {
  const fetched: string[] = [];
  // The host's own transport: Node's built-in fetch, with a log of every URL.
  const hostFetch: Fetch = (url: string, init: FetchInit) => {
    fetched.push(url);
    return globalThis.fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: init.signal, redirect: init.redirect });
  };
  const sluice = createSluice({ plugins: [totalPagesPlugin], logLevel: "error" });
  sluice.register(Fetch, hostFetch);
  const connector = await sluice.connect({ manifest: reportsManifest(), config });
  const records: Record<string, unknown>[] = [];
  for await (const record of connector.read("reports")) {
    records.push(record);
    if (records.length >= limit) break;
  }
  return { records, fetched };
}
