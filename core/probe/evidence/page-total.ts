import { type EvidenceDetector } from "../pagination-guess.js";
import { showPath } from "../response-getter.js";
import { numberField, numberHolders, SIZE_KEYS, TOTAL_KEYS, TOTAL_PAGE_KEYS } from "./numbered-fields.js";

const PAGE_KEYS = ["page", "current_page", "currentPage", "page_number", "pageNumber", "pageNo", "page_no"];

/**
 * A page number in the body with a page size and a total count or a number of pages (`page`/
 * `per_page`/`total_pages`, Laravel's `current_page`/`per_page`/`last_page`), or with a full first
 * page of the size the request asked for (`?per_page=10` and 10 records): the page number grows by
 * one from the first page's, sent as the body names it, until a page is short.
 *
 * @example
 * // {"page": 1, "per_page": 10, "total_pages": 4, "data": [...]}
 * // -> PageIncrement page_size 10, start_from_page 1, page_token_option: page, page_size_option: per_page
 */
export const pageTotal: EvidenceDetector = ({ response, records }) => {
  const query = new URL(response.request.url, "http://relative.invalid").searchParams;
  for (const { path, object } of numberHolders(response.body)) {
    const page = numberField(object, PAGE_KEYS);
    if (!page) continue;
    const asked = SIZE_KEYS.find((k) => /^\d+$/.test(query.get(k) ?? ""));
    const size = numberField(object, SIZE_KEYS) ?? (asked ? { key: asked, value: Number(query.get(asked)) } : undefined);
    const total = numberField(object, TOTAL_PAGE_KEYS) ?? numberField(object, TOTAL_KEYS);
    if (!size || size.value === 0) continue;
    const at = (key: string) => showPath([...path, key]);
    const shown = records?.records.length ?? 0;
    let evidence: string;
    if (total) {
      evidence = `${at(page.key)}: ${page.value}, ${at(size.key)}: ${size.value} and ${at(total.key)}: ${total.value} in the body`;
      const pages = TOTAL_PAGE_KEYS.includes(total.key) ? total.value : Math.ceil(total.value / size.value);
      if (page.value >= pages) return { kind: "page", evidence, candidates: [], undecided: ["whether the page number pages: the first page was the last"] };
    } else if (shown === size.value) {
      evidence = `${at(page.key)}: ${page.value} in the body and a full first page (${shown} records, ${size.key}=${size.value})`;
    } else {
      continue;
    }
    const paginator: Record<string, unknown> = {
      type: "DefaultPaginator",
      pagination_strategy: { type: "PageIncrement", page_size: size.value, start_from_page: page.value },
      page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: page.key },
      page_size_option: { type: "RequestOption", inject_into: "request_parameter", field_name: size.key },
    };
    return { kind: "page", evidence, candidates: [{ paginator }], undecided: [] };
  }
  return undefined;
};
