import { walkBody } from "../body-walk.js";
import { cursorPaginator, requestOption, shownOption, type EvidenceDetector } from "../pagination-guess.js";
import { responseGetter, showPath } from "../response-getter.js";
import { HAS_MORE_KEY } from "./cursor-has-more.js";

/** The parameters APIs take the last record's id back in, likeliest first (Stripe's starting_after). */
const PARAMETERS = ["starting_after", "after", "since_id", "after_id", "last_id", "cursor"];

/**
 * A has-more flag with no cursor or next URL beside it (Stripe's `has_more`): the next page starts
 * after the last record's id. Which parameter takes the id is tried by reading (`starting_after`
 * first). A flag that is false on the first page shows no next page to try.
 *
 * @example
 * // {"object": "list", "data": [{"id": "cus_1"}, ..., {"id": "cus_10"}], "has_more": true, "url": "/v1/customers"}
 * // -> cursor_value: "{{ last_record['id'] }}", stop_condition: "{{ not response.get('has_more') }}", page_token_option: starting_after
 */
export const lastIdCursor: EvidenceDetector = ({ response, primaryKey }) => {
  const flag = walkBody(response.body, 2).find(({ path, value }) => typeof value === "boolean" && HAS_MORE_KEY.test(path.at(-1)!));
  if (!flag) return undefined;
  const evidence = `${showPath(flag.path)}: ${String(flag.value)} with no cursor or next URL in the body`;
  if (!primaryKey) return { kind: "last-id", evidence, candidates: [], undecided: ["which field of the last record is the next page's cursor: the records have no id-like field"] };
  if (flag.value !== true) return { kind: "last-id", evidence, candidates: [], undecided: [`how to ask for a next page: ${showPath(flag.path)} is false on the first page, so there was no next page to try`] };
  return {
    kind: "last-id",
    evidence: `${evidence}; the last record's ${primaryKey} is the next page's cursor`,
    candidates: PARAMETERS.map((name) => {
      const option = requestOption(name, response);
      return { paginator: cursorPaginator(`last_record['${primaryKey}']`, `not ${responseGetter(flag.path)}`, option), assumption: `the last ${primaryKey} sent as ${shownOption(option)}` };
    }),
    undecided: [],
  };
};
