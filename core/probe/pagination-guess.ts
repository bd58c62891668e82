import type { JsonObject } from "../../pure/json-object.js";
import type { ProbeResponse } from "./probe-response.js";
import type { RecordPathGuess } from "./record-path.js";

/** The kinds of evidence of pagination the detection recognises, one file each. */
export type PaginationKind = "link-header" | "odata-next-link" | "graphql-page-info" | "body-next-url" | "cursor" | "last-id" | "offset" | "page";

/** One paginator the evidence allows; several when a name (the page token's parameter) had to be guessed. */
export interface PaginatorCandidate {
  /** A `DefaultPaginator` definition, as the manifest writes it. */
  paginator: JsonObject;
  /** What this candidate assumes beyond the evidence (`the cursor is sent as ?start_cursor=`), tried by reading. */
  assumption?: string;
}

/** What one kind of evidence says about a response's pagination. */
export interface PaginationGuess {
  kind: PaginationKind;
  /** What was seen, in words: `Link header with rel="next": <...>`. */
  evidence: string;
  /** In the order to try them; empty when the evidence shows pagination but not how to follow it. */
  candidates: PaginatorCandidate[];
  /** What the evidence could not decide. */
  undecided: string[];
}

/** What an evidence detector reads. */
export interface EvidenceInput {
  response: ProbeResponse;
  /** Where the records are (the detectors skip that array when they look for a cursor). */
  records: RecordPathGuess | undefined;
  /** The records' primary key, for a cursor that is the last record's id. */
  primaryKey: string | undefined;
}

/** A detector: the guess its evidence supports, or undefined when the response shows none of it. */
export type EvidenceDetector = (input: EvidenceInput) => PaginationGuess | undefined;

/** A `DefaultPaginator` with a `CursorPagination` strategy; the templates are written without braces. */
export function cursorPaginator(cursorValue: string, stopCondition: string, pageTokenOption: JsonObject): JsonObject {
  return {
    type: "DefaultPaginator",
    pagination_strategy: { type: "CursorPagination", cursor_value: `{{ ${cursorValue} }}`, stop_condition: `{{ ${stopCondition} }}` },
    page_token_option: pageTokenOption,
  };
}

/** A `RequestOption` for one parameter (the query for GET, the JSON body when the request sends one). */
export function requestOption(field: string, response: ProbeResponse): JsonObject {
  return response.request.body !== null && response.request.body !== undefined
    ? { type: "RequestOption", inject_into: "body_json", field_name: field }
    : { type: "RequestOption", inject_into: "request_parameter", field_name: field };
}

/**
 * Where an option puts its value, as a person reads it: `?starting_after=` for the query,
 * `body.start_cursor` for a JSON body.
 *
 * @example
 * shownOption({ type: "RequestOption", inject_into: "body_json", field_name: "start_cursor" }) // "body.start_cursor"
 */
export function shownOption(option: JsonObject): string {
  const name = Array.isArray(option.field_path) ? option.field_path.join(".") : String(option.field_name);
  if (option.inject_into === "request_parameter") return `?${name}=`;
  if (option.inject_into === "body_json" || option.inject_into === "body_data") return `body.${name}`;
  return `the ${String(option.inject_into)} ${name}`;
}

/** The page token replaces the whole URL (a next link). */
export const REQUEST_PATH: JsonObject = { type: "RequestPath" };
