import { isJsonObject } from "../../../pure/json-object.js";
import { cursorPaginator, REQUEST_PATH, type EvidenceDetector } from "../pagination-guess.js";
import { responseGetter } from "../response-getter.js";

/**
 * OData's `@odata.nextLink` (Microsoft Graph, Dynamics, SharePoint): the whole URL of the next page,
 * absent on the last one.
 *
 * @example
 * // {"@odata.context": "...", "value": [...], "@odata.nextLink": "https://graph.microsoft.com/v1.0/users?$top=10&$skiptoken=X"}
 * // -> cursor_value: "{{ response.get('@odata.nextLink') }}", page_token_option: { type: RequestPath }
 */
export const odataNextLink: EvidenceDetector = ({ response }) => {
  if (!isJsonObject(response.body)) return undefined;
  const key = Object.keys(response.body).find((k) => /^(@odata\.)?nextLink$/i.test(k));
  const next = key === undefined ? undefined : (response.body as Record<string, unknown>)[key];
  if (key === undefined || typeof next !== "string" || next === "") return undefined;
  const getter = responseGetter([key]);
  return {
    kind: "odata-next-link",
    evidence: `${key} in the body: ${next}`,
    candidates: [{ paginator: cursorPaginator(getter, `not ${getter}`, REQUEST_PATH) }],
    undecided: [],
  };
};
