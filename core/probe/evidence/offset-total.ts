import { type EvidenceDetector, type EvidenceInput, type PaginationGuess } from "../pagination-guess.js";
import { showPath } from "../response-getter.js";
import { numberField, numberHolders, SIZE_KEYS, TOTAL_KEYS } from "./numbered-fields.js";

const OFFSET_KEYS = ["offset", "startAt", "start_at", "start", "skip", "startIndex", "start_index", "from"];
/** The offset parameters tried when only the request names a page size (Mailchimp's offset, OData's skip). */
const OFFSET_PARAMETERS = ["offset", "skip", "start", "startAt", "from"];

/**
 * An offset and a page size with a total (Jira's `startAt`/`maxResults`/`total` in the body; or a
 * `limit` in the request and a `total` in the body, as Mailchimp's `count`/`offset`/`total_items`):
 * the offset grows by the page size until a page is short. Named by the body, the parameters are
 * sent as the body names them and the page size is the one the API answered with (it may have capped
 * the one asked for); with only the request's page size, the offset parameter's name is tried by reading.
 *
 * @example
 * // {"startAt": 0, "maxResults": 10, "total": 34, "issues": [...]}
 * // -> OffsetIncrement page_size 10, page_token_option: startAt, page_size_option: maxResults
 */
export const offsetTotal: EvidenceDetector = (input) => {
  for (const { path, object } of numberHolders(input.response.body)) {
    const offset = numberField(object, OFFSET_KEYS);
    const size = numberField(object, SIZE_KEYS);
    const total = numberField(object, TOTAL_KEYS);
    if (!total) continue;
    const at = (key: string) => showPath([...path, key]);
    if (!offset || !size || size.value === 0) return requestSized(input, `${at(total.key)}: ${total.value} in the body`, total.value);
    const evidence = `${at(offset.key)}: ${offset.value}, ${at(size.key)}: ${size.value} and ${at(total.key)}: ${total.value} in the body`;
    const shown = input.records?.records.length ?? 0;
    if (offset.value + shown >= total.value) return { kind: "offset", evidence, candidates: [], undecided: ["whether the offset pages: the first page held every record the total counts"] };
    const paginator = {
      type: "DefaultPaginator",
      pagination_strategy: { type: "OffsetIncrement", page_size: size.value },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: offset.key },
      page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: size.key },
    };
    return { kind: "offset", evidence, candidates: [{ paginator }], undecided: [] };
  }
  return undefined;
};

/** A total in the body and a page size in the request's query: the offset's parameter is tried by reading. */
function requestSized({ response, records }: EvidenceInput, totalEvidence: string, total: number): PaginationGuess | undefined {
  const query = new URL(response.request.url, "http://relative.invalid").searchParams;
  const key = SIZE_KEYS.find((k) => /^\d+$/.test(query.get(k) ?? ""));
  const shown = records?.records.length ?? 0;
  if (key === undefined || shown === 0 || shown >= total) return undefined;
  const size = Number(query.get(key));
  return {
    kind: "offset",
    evidence: `${key}=${size} in the request's query and ${totalEvidence}, more than the ${shown} records of the first page`,
    candidates: OFFSET_PARAMETERS.map((name) => ({
      paginator: { type: "DefaultPaginator", pagination_strategy: { type: "OffsetIncrement", page_size: size }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: name } },
      assumption: `the offset sent as ?${name}=`,
    })),
    undecided: [],
  };
}
