import { isNextUrl, walkBody } from "../body-walk.js";
import { cursorPaginator, REQUEST_PATH, type EvidenceDetector } from "../pagination-guess.js";
import { responseGetter, showPath } from "../response-getter.js";

/**
 * A next page's URL in the body, absolute (Zendesk's `next_page`, HubSpot's `paging.next.link`) or
 * from the host's root (Salesforce's `nextRecordsUrl`): followed as it is until it is missing, null or
 * empty. The key, or the object holding it, is named like a next page.
 *
 * @example
 * // {"totalSize": 25, "done": false, "nextRecordsUrl": "/services/data/v58.0/query/01gD-10", "records": [...]}
 * // -> cursor_value: "{{ response.get('nextRecordsUrl') }}", page_token_option: { type: RequestPath }
 */
export const bodyNextUrl: EvidenceDetector = ({ response }) => {
  const found = walkBody(response.body).find(({ path, value }) => isNextUrl(value) && path.some((key) => /next/i.test(key)));
  if (!found) return undefined;
  const getter = responseGetter(found.path);
  const url = found.value as string;
  return {
    kind: "body-next-url",
    evidence: `${showPath(found.path)} in the body: ${/^https?:/i.test(url) ? "an absolute" : "a relative"} URL (${url})`,
    candidates: [{ paginator: cursorPaginator(getter, `not ${getter}`, REQUEST_PATH) }],
    undecided: [],
  };
};
