import { walkBody } from "../body-walk.js";
import { isJsonObject } from "../../../pure/json-object.js";
import { cursorPaginator, type EvidenceDetector } from "../pagination-guess.js";
import { responseGetter, showPath } from "../response-getter.js";

/**
 * A GraphQL connection's `pageInfo` with `endCursor` and `hasNextPage` (GitHub's, Shopify's GraphQL,
 * any Relay connection): the end cursor goes back in the query's variable for `after:`, which the
 * request body the author gave must declare (`issues(first: 10, after: $after)`).
 *
 * @example
 * // request {"query": "query($after: String) { repository { issues(first: 10, after: $after) { ... } } }", "variables": {}}
 * // response {"data": {"repository": {"issues": {"edges": [...], "pageInfo": {"endCursor": "Y3Vy", "hasNextPage": true}}}}}
 * // -> page_token_option: { type: RequestOption, inject_into: body_json, field_path: [variables, after] }
 */
export const graphqlPageInfo: EvidenceDetector = ({ response }) => {
  const info = walkBody(response.body, 6).find(({ path, value }) => path.at(-1) === "pageInfo" && isJsonObject(value) && "hasNextPage" in value);
  if (!info || !isJsonObject(info.value)) return undefined;
  const evidence = `${showPath(info.path)} with endCursor ${JSON.stringify(info.value.endCursor)} and hasNextPage: ${String(info.value.hasNextPage)}`;
  const query = isJsonObject(response.request.body) && typeof response.request.body.query === "string" ? response.request.body.query : undefined;
  const variable = query === undefined ? undefined : /\bafter\s*:\s*\$(\w+)/.exec(query)?.[1];
  if (variable === undefined) {
    return { kind: "graphql-page-info", evidence, candidates: [], undecided: ["which query variable takes the end cursor: the request body's query has no `after: $variable` (add one, e.g. issues(first: 50, after: $after))"] };
  }
  const sent = isJsonObject(response.request.body) && isJsonObject(response.request.body.variables) ? response.request.body.variables[variable] : undefined;
  if (sent !== undefined) {
    return { kind: "graphql-page-info", evidence, candidates: [], undecided: [`how to send the end cursor: the body's variables already set ${variable} (remove it, the paginator sets it)`] };
  }
  const getter = responseGetter([...info.path, "endCursor"]);
  return {
    kind: "graphql-page-info",
    evidence: `${evidence}; the query takes it as $${variable}`,
    candidates: [{ paginator: cursorPaginator(getter, `not ${responseGetter([...info.path, "hasNextPage"])}`, { type: "RequestOption", inject_into: "body_json", field_path: ["variables", variable] }) }],
    undecided: [],
  };
};
