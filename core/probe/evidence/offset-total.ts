import { type EvidenceDetector } from "../pagination-guess.js";
import { showPath } from "../response-getter.js";
import { numberField, numberHolders, SIZE_KEYS, TOTAL_KEYS } from "./numbered-fields.js";

const OFFSET_KEYS = ["offset", "startAt", "start_at", "start", "skip", "startIndex", "start_index", "from"];

/**
 * An offset and a page size with a total in the body (Jira's `startAt`/`maxResults`/`total`, an
 * `offset`/`limit`/`total`): the offset grows by the page size, the parameters named as the body
 * names them, until a page is short. The page size is the one the API answered with (it may have
 * capped the one asked for).
 *
 * @example
 * // {"startAt": 0, "maxResults": 10, "total": 34, "issues": [...]}
 * // -> OffsetIncrement page_size 10, page_token_option: startAt, page_size_option: maxResults
 */
export const offsetTotal: EvidenceDetector = ({ response, records }) => {
  for (const { path, object } of numberHolders(response.body)) {
    const offset = numberField(object, OFFSET_KEYS);
    const size = numberField(object, SIZE_KEYS);
    const total = numberField(object, TOTAL_KEYS);
    if (!offset || !size || !total || size.value === 0) continue;
    const at = (key: string) => showPath([...path, key]);
    const evidence = `${at(offset.key)}: ${offset.value}, ${at(size.key)}: ${size.value} and ${at(total.key)}: ${total.value} in the body`;
    const shown = records?.records.length ?? 0;
    if (offset.value + shown >= total.value) return { kind: "offset", evidence, candidates: [], undecided: ["whether the offset pages: the first page held every record the total counts"] };
    return {
      kind: "offset",
      evidence,
      candidates: [
        {
          paginator: {
            type: "DefaultPaginator",
            pagination_strategy: { type: "OffsetIncrement", page_size: size.value },
            page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: offset.key },
            page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: size.key },
          },
        },
      ],
      undecided: [],
    };
  }
  return undefined;
};
