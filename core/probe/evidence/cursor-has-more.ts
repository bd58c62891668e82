import { isNextUrl, walkBody } from "../body-walk.js";
import { cursorPaginator, requestOption, shownOption, type EvidenceDetector, type PaginatorCandidate } from "../pagination-guess.js";
import { responseGetter, showPath } from "../response-getter.js";

/** Keys (or the object holding them) that name a next page's cursor: Slack's next_cursor, HubSpot's after, Airtable's offset. */
const CURSOR_KEY = /next|cursor|after|continuation|page_?token|marker|bookmark|^offset$/i;
/** A has-more flag: Notion's and Stripe's has_more. */
export const HAS_MORE_KEY = /^(has_?more|has_?next(_?page)?|more)$/i;

/**
 * A cursor for the next page in the body, with or without a has-more flag (Slack's
 * `response_metadata.next_cursor`, empty on the last page; HubSpot's `paging.next.after`; Notion's
 * `next_cursor` with `has_more`; Airtable's `offset`, absent on the last page). The response does
 * not say which parameter takes the cursor back: the names an API would use are tried in order
 * (`next_cursor` -> `cursor`, `next_cursor`, `start_cursor`, ...) and reading a second page decides.
 *
 * @example
 * // {"ok": true, "members": [...], "response_metadata": {"next_cursor": "dXNlcjpVMEc5V0ZYTlo="}}
 * // -> cursor_value: "{{ response.get('response_metadata', {}).get('next_cursor') }}", page_token_option: cursor
 */
export const cursorHasMore: EvidenceDetector = ({ response }) => {
  const entries = walkBody(response.body);
  const cursor = entries.find(({ path, value }) => isCursor(value) && CURSOR_KEY.test(path.at(-1)!) && !HAS_MORE_KEY.test(path.at(-1)!));
  if (!cursor) return undefined;
  const hasMore = entries.find(({ path, value }) => typeof value === "boolean" && HAS_MORE_KEY.test(path.at(-1)!) && path.length === cursor.path.length);
  const getter = responseGetter(cursor.path);
  const stop = hasMore ? `not ${responseGetter(hasMore.path)} or not ${getter}` : `not ${getter}`;
  const names = parameterNames(cursor.path);
  const candidates: PaginatorCandidate[] = names.map((name) => {
    const option = requestOption(name, response);
    return { paginator: cursorPaginator(getter, stop, option), assumption: `the cursor sent as ${shownOption(option)}` };
  });
  return {
    kind: "cursor",
    evidence: `a cursor at ${showPath(cursor.path)} (${JSON.stringify(cursor.value)})${hasMore ? ` with ${showPath(hasMore.path)}: ${String(hasMore.value)}` : ""}`,
    candidates,
    undecided: [],
  };
};

function isCursor(value: unknown): boolean {
  return typeof value === "string" && value !== "" && !isNextUrl(value);
}

/**
 * The parameter names to try for a cursor found at `path`, likeliest first: the key without its
 * `next` prefix, the key itself, `start_` + the bare name (Notion), and the common ones.
 *
 * @example
 * parameterNames(["response_metadata", "next_cursor"]) // ["cursor", "next_cursor", "start_cursor", "after", "page_token", "starting_after"]
 */
export function parameterNames(path: readonly string[]): string[] {
  const key = path.at(-1)!;
  const bare = key.replace(/^next_?/i, "");
  const plain = bare === "" ? "" : bare[0]!.toLowerCase() + bare.slice(1);
  const names = [plain, key, plain && !/^start/i.test(plain) ? `start_${plain}` : "", "cursor", "after", "page_token", "pageToken", "starting_after"];
  return [...new Set(names.filter((n) => n !== ""))].slice(0, 6);
}
