import type { StreamDetection } from "../probe/detect-stream.js";
import { REQUEST_PATH, shownOption, type PaginationKind } from "../probe/pagination-guess.js";
import type { JsonObject } from "../../pure/json-object.js";
import { showPath } from "../probe/response-getter.js";

/** What each kind of evidence is called in the report. */
const KIND_NAMES: Record<PaginationKind, string> = {
  "link-header": "Link header",
  "odata-next-link": "OData nextLink",
  "graphql-page-info": "GraphQL pageInfo",
  "body-next-url": "next URL in the body",
  cursor: "cursor in the body",
  "last-id": "last record's id",
  offset: "offset",
  page: "page number",
};

/**
 * What `sluice init --probe` prints: the request, each guess on one line and the evidence it came
 * from under it, how the pagination was confirmed (and the paginators turned down), and what could
 * not be decided.
 *
 * @example
 * Probed GET https://api.stripe.com/v1/customers?limit=10 -> 200
 *
 *   records      data
 *                evidence: data is the array of objects (10 records)
 *   ...
 */
export function formatProbeReport(detection: StreamDetection, dropped: readonly string[]): string {
  const { request, proposal, confirmation } = detection;
  const found = (field: string) => detection.changes.find((c) => c.field === field);
  const rows: Array<[string, string, string]> = [];
  const records = found("record path");
  rows.push(["records", records ? showPath(records.value as string[]) : "not found", records?.evidence ?? ""]);
  const key = found("primary key");
  rows.push(["primary key", key ? String(key.value) : "not found", key?.evidence ?? ""]);
  const paginator = found("paginator");
  const kind = proposal.pagination?.kind;
  rows.push(["pagination", paginator && kind ? `${KIND_NAMES[kind]}: ${describePaginator(paginator.value)}` : "none", proposal.pagination?.evidence ?? "no next page seen"]);
  if (proposal.pageSize) rows.push(["page size", `${proposal.pageSize.parameter}=${proposal.pageSize.size}`, proposal.pageSize.evidence]);
  const lines = [`Probed ${request.method} ${request.url} -> ${request.status}`];
  if (dropped.length) lines.push(`(left out of the URL, the paginator sets ${dropped.length === 1 ? "it" : "them"}: ${dropped.join(", ")})`);
  lines.push("", "Detected from the first response:");
  for (const [label, value, evidence] of rows) {
    lines.push(`  ${label.padEnd(12)} ${value}`);
    if (evidence) lines.push(`  ${"".padEnd(12)} evidence: ${evidence}`);
  }
  if (confirmation) lines.push("", `Confirmed by reading: ${confirmation.text}.`);
  if (detection.rejected.length) lines.push("", "Tried and turned down:", ...detection.rejected.map((r) => `  - ${r}`));
  lines.push("", detection.undecided.length ? "Could not decide:" : "Nothing left undecided.", ...detection.undecided.map((u) => `  - ${u}`), "");
  return lines.join("\n");
}

/**
 * A paginator in a few words: its strategy and how the next page is asked for.
 *
 * @example
 * describePaginator({ pagination_strategy: { type: "CursorPagination" }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "starting_after" } })
 * // "CursorPagination, sent as ?starting_after="
 */
function describePaginator(value: unknown): string {
  const paginator = value as { pagination_strategy?: { type?: string }; page_token_option?: JsonObject };
  const option = paginator.page_token_option;
  const sent = !option ? "" : option.type === REQUEST_PATH.type ? ", the next URL requested as it is" : `, sent as ${shownOption(option)}`;
  return `${paginator.pagination_strategy?.type ?? "?"}${sent}`;
}
