import type { StreamDetection } from "../probe/detect-stream.js";
import { showPath } from "../probe/response-getter.js";

/**
 * What `sluice init --probe` prints: the request, each guess with the evidence it came from, how
 * the pagination was confirmed (and the paginators turned down), and what could not be decided.
 *
 * @example
 * Probed GET https://api.stripe.com/v1/customers?limit=10 (200)
 *
 * Detected                          evidence
 *   records      data               data is the array of objects (10 records)
 *   ...
 */
export function formatProbeReport(detection: StreamDetection, dropped: readonly string[]): string {
  const { request, proposal, confirmation } = detection;
  const found = (field: string) => detection.changes.find((c) => c.field === field);
  const rows: Array<[string, string, string]> = [];
  const records = found("record path");
  rows.push(["records", records ? showPath(records.value as string[]) : "?", records?.evidence ?? "not found"]);
  const key = found("primary key");
  rows.push(["primary key", key ? String(key.value) : "?", key?.evidence ?? "not found"]);
  const paginator = found("paginator");
  const strategy = (paginator?.value as { pagination_strategy?: { type?: string } } | undefined)?.pagination_strategy?.type;
  rows.push(["pagination", paginator ? `${proposal.pagination!.kind} (${strategy})` : "none", paginator?.evidence ?? proposal.pagination?.evidence ?? "no next page seen"]);
  if (proposal.pageSize) rows.push(["page size", `${proposal.pageSize.parameter}=${proposal.pageSize.size}`, proposal.pageSize.evidence]);
  if (confirmation) rows.push(["confirmed", "by reading", confirmation.text]);
  const width = Math.max(...rows.map((r) => r[1].length), 8);
  const lines = [
    `Probed ${request.method} ${request.url} (${request.status})`,
    ...(dropped.length ? [`  (left out of the URL, the paginator sets them: ${dropped.join(", ")})`] : []),
    "",
    `Detected        ${"".padEnd(width)}  evidence`,
    ...rows.map(([label, value, evidence]) => `  ${label.padEnd(12)}  ${value.padEnd(width)}  ${evidence}`),
  ];
  if (detection.rejected.length) lines.push("", "Tried and turned down:", ...detection.rejected.map((r) => `  - ${r}`));
  lines.push("", detection.undecided.length ? "Could not decide:" : "Nothing left undecided.", ...detection.undecided.map((u) => `  - ${u}`), "");
  return lines.join("\n");
}
