import { detectPagination } from "./detect-pagination.js";
import { findPageSize, withPageSize, type PageSizeGuess } from "./page-size.js";
import type { PaginationGuess } from "./pagination-guess.js";
import { findPrimaryKey } from "./primary-key.js";
import type { ProbeResponse } from "./probe-response.js";
import { findRecordPath } from "./record-path.js";
import { showPath } from "./response-getter.js";

/** One guess and the evidence it came from. */
interface Guess<T> {
  value: T;
  evidence: string;
}

/**
 * What one response shows of a stream: each guess with its evidence, and what could not be decided.
 * The pagination's candidates are still to be tried by reading ({@link detectStream} does).
 *
 * @example
 * { recordPath: { value: ["data"], evidence: "data is the array of objects (10 records)" },
 *   primaryKey: { value: "id", evidence: "id is id-like and present and unique in all 10 records" },
 *   pageSize: { parameter: "limit", injectInto: "request_parameter", size: 10, evidence: "limit=10 in the request's query" },
 *   pagination: { kind: "last-id", evidence: "has_more: true with no cursor ...", candidates: [...], undecided: [] },
 *   undecided: [] }
 */
export interface StreamProposal {
  recordPath?: Guess<string[]>;
  primaryKey?: Guess<string>;
  pageSize?: PageSizeGuess;
  pagination?: PaginationGuess;
  undecided: string[];
}

/**
 * Reads one response for a stream's record path, primary key, page-size parameter and pagination.
 *
 * @example
 * const proposal = proposeStream(response);
 * proposal.recordPath?.value; // ["results"]
 */
export function proposeStream(response: ProbeResponse): StreamProposal {
  const undecided: string[] = [];
  const records = findRecordPath(response.body);
  if (!records) undecided.push("where the records are: the body holds no array of objects");
  else if (records.alternatives.length > 0) undecided.push(`where the records are: ${showPath(records.path)} was chosen, but ${records.alternatives.join(", ")} ${records.alternatives.length === 1 ? "is an array" : "are arrays"} of as many objects`);
  const key = records ? findPrimaryKey(records.records) : undefined;
  if (records && !key) undecided.push(records.records.length === 0 ? "the primary key: the first page has no records" : "the primary key: no id-like field is present and unique in every record");
  const pageSize = findPageSize(response);
  const guess = detectPagination({ response, records, primaryKey: key?.field });
  if (!guess) undecided.push("the pagination: the first response shows no next page (no Link header, next URL, cursor, has-more flag or total); it may be the only page");
  else undecided.push(...guess.undecided);
  const pagination = guess && { ...guess, candidates: guess.candidates.map((c) => ({ ...c, paginator: withPageSize(c.paginator, pageSize, response) })) };
  if (!pageSize && guess?.kind !== "offset" && guess?.kind !== "page" && guess?.kind !== "graphql-page-info" && guess?.candidates.length) {
    undecided.push("the page-size parameter: neither the request nor the next page's URL names one, so the API's default page size is read");
  }
  return {
    ...(records ? { recordPath: { value: records.path, evidence: records.evidence } } : {}),
    ...(key ? { primaryKey: { value: key.field, evidence: key.evidence } } : {}),
    ...(pageSize ? { pageSize } : {}),
    ...(pagination ? { pagination } : {}),
    undecided,
  };
}
