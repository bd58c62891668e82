import { type EvidenceDetector } from "../pagination-guess.js";
import { showPath } from "../response-getter.js";
import { numberField, numberHolders, SIZE_KEYS, TOTAL_KEYS, TOTAL_PAGE_KEYS } from "./numbered-fields.js";

const PAGE_KEYS = ["page", "current_page", "currentPage", "page_number", "pageNumber", "pageNo", "page_no"];

/**
 * A page number and a page size with a total count or a number of pages in the body (`page`/
 * `per_page`/`total_pages`, Laravel's `current_page`/`per_page`/`last_page`): the page number grows
 * by one from the first page's, the parameters named as the body names them, until a page is short.
 *
 * @example
 * // {"page": 1, "per_page": 10, "total_pages": 4, "data": [...]}
 * // -> PageIncrement page_size 10, start_from_page 1, page_token_option: page, page_size_option: per_page
 */
export const pageTotal: EvidenceDetector = ({ response }) => {
  for (const { path, object } of numberHolders(response.body)) {
    const page = numberField(object, PAGE_KEYS);
    const size = numberField(object, SIZE_KEYS);
    const total = numberField(object, TOTAL_PAGE_KEYS) ?? numberField(object, TOTAL_KEYS);
    if (!page || !size || !total || size.value === 0) continue;
    const at = (key: string) => showPath([...path, key]);
    const evidence = `${at(page.key)}: ${page.value}, ${at(size.key)}: ${size.value} and ${at(total.key)}: ${total.value} in the body`;
    const pages = TOTAL_PAGE_KEYS.includes(total.key) ? total.value : Math.ceil(total.value / size.value);
    if (page.value >= pages) return { kind: "page", evidence, candidates: [], undecided: ["whether the page number pages: the first page was the last"] };
    return {
      kind: "page",
      evidence,
      candidates: [
        {
          paginator: {
            type: "DefaultPaginator",
            pagination_strategy: { type: "PageIncrement", page_size: size.value, start_from_page: page.value },
            page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: page.key },
            page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: size.key },
          },
        },
      ],
      undecided: [],
    };
  }
  return undefined;
};
