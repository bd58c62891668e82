import { intParam, records, cursorOf, indexOf, type ListApi, type ListAnswer } from "./list-api.js";

const customers = records(43, (i) => ({ id: `cus_${String(1000 - i).padStart(6, "0")}`, object: "customer", email: `c${i}@example.com` }));

/**
 * Stripe's list API (docs.stripe.com/api/pagination): `object: "list"`, `data`, `has_more`, `url`;
 * `limit` (1-100, default 10) and `starting_after` = the last id seen; an unknown parameter is a 400.
 */
export const stripe: ListApi = {
  name: "Stripe",
  auth: "bearer",
  probe: { path: "/v1/customers?limit=10" },
  ids: customers.map((r) => r.id),
  handle({ url }) {
    const unknown = [...url.searchParams.keys()].find((k) => !["limit", "starting_after", "ending_before", "email"].includes(k));
    if (unknown) return { status: 400, body: { error: { type: "invalid_request_error", message: `Received unknown parameter: ${unknown}`, param: unknown } } };
    const limit = intParam(url, "limit", 10);
    const after = url.searchParams.get("starting_after");
    const start = after === null ? 0 : customers.findIndex((c) => c.id === after) + 1;
    if (after !== null && start === 0) return { status: 400, body: { error: { type: "invalid_request_error", message: `No such customer: '${after}'` } } };
    return { body: { object: "list", url: "/v1/customers", has_more: start + limit < customers.length, data: customers.slice(start, start + limit) } };
  },
};

const members = records(46, (i) => ({ id: `U0${String(i).padStart(8, "0")}`, team_id: "T012AB3C4", name: `member${i}`, deleted: false }));

/**
 * Slack's cursor pagination (api.slack.com/docs/pagination): `ok`, the records (`members`),
 * `response_metadata.next_cursor`, an empty string on the last page; `cursor` and `limit`.
 */
export const slack: ListApi = {
  name: "Slack",
  auth: "bearer",
  probe: { path: "/api/users.list?limit=10" },
  ids: members.map((r) => r.id),
  handle({ url }) {
    const limit = intParam(url, "limit", 100, 1000);
    const cursor = url.searchParams.get("cursor");
    const start = cursor ? indexOf(cursor, "user") : 0;
    if (Number.isNaN(start)) return { body: { ok: false, error: "invalid_cursor" } };
    const next = start + limit < members.length ? cursorOf(start + limit, "user") : "";
    return { body: { ok: true, members: members.slice(start, start + limit), cache_ts: 1498777272, response_metadata: { next_cursor: next } } };
  },
};

const pages = records(38, (i) => ({ object: "page", id: `59833787-2cf9-4fdf-8782-${String(i).padStart(12, "0")}`, created_time: "2024-01-01T00:00:00.000Z", archived: false }));

/**
 * Notion's database query (developers.notion.com/reference/intro#pagination): POST with a JSON body,
 * `page_size` (at most 100) and `start_cursor` in it; `object: "list"`, `results`, `next_cursor`
 * (null at the end), `has_more`. A body field it does not know is a 400 validation_error.
 */
export const notion: ListApi = {
  name: "Notion",
  auth: "bearer",
  probe: { path: "/v1/databases/d9824bdc84454327be8b5b47500af6ce/query", method: "POST", body: { page_size: 10 } },
  ids: pages.map((r) => r.id),
  handle({ method, body = {} }) {
    if (method !== "POST") return { status: 405, body: { object: "error", code: "invalid_request_url" } };
    const unknown = Object.keys(body).find((k) => !["page_size", "start_cursor", "filter", "sorts"].includes(k));
    if (unknown) return { status: 400, body: { object: "error", status: 400, code: "validation_error", message: `body failed validation: body.${unknown} should be not present` } };
    const size = typeof body.page_size === "number" ? Math.min(body.page_size, 100) : 100;
    const start = typeof body.start_cursor === "string" ? indexOf(body.start_cursor, "n") : 0;
    if (Number.isNaN(start)) return { status: 400, body: { object: "error", code: "validation_error", message: "start_cursor is invalid" } };
    const more = start + size < pages.length;
    return { body: { object: "list", results: pages.slice(start, start + size), next_cursor: more ? cursorOf(start + size, "n") : null, has_more: more, type: "page_or_database", page_or_database: {} } };
  },
};

const tasks = records(35, (i) => ({ id: `rec${String(i).padStart(14, "0")}`, createdTime: "2024-01-01T00:00:00.000Z", fields: { Name: `Task ${i}` } }));

/**
 * Airtable's list records (airtable.com/developers/web/api/list-records): `records`, `pageSize` (at
 * most 100), and `offset`, given back as the `offset` parameter, absent on the last page.
 */
export const airtable: ListApi = {
  name: "Airtable",
  auth: "bearer",
  probe: { path: "/v0/appBTXqvuGhTJm1tY/Tasks?pageSize=10" },
  ids: tasks.map((r) => r.id),
  handle({ url }) {
    const size = intParam(url, "pageSize", 100);
    const offset = url.searchParams.get("offset");
    const start = offset ? indexOf(offset, "itr") : 0;
    if (Number.isNaN(start)) return { status: 422, body: { error: { type: "LIST_RECORDS_ITERATOR_NOT_AVAILABLE" } } };
    const body: Record<string, unknown> = { records: tasks.slice(start, start + size) };
    if (start + size < tasks.length) body.offset = cursorOf(start + size, "itr");
    return { body };
  },
};

const jiraIssues = records(34, (i) => ({ id: String(10000 + i), key: `ACME-${i}`, self: `https://acme.atlassian.net/rest/api/3/issue/${10000 + i}`, fields: { summary: `Issue ${i}` } }));

/**
 * Jira's search (developer.atlassian.com, "Pagination" in the REST API v3): `startAt`,
 * `maxResults` (the API may cap what is asked: 10 here, 50-100 there), `total`, and `issues`.
 */
export const jira: ListApi = {
  name: "Jira",
  auth: "basic",
  probe: { path: "/rest/api/3/search?jql=project%3DACME" },
  ids: jiraIssues.map((r) => r.id),
  handle({ url }) {
    const startAt = Number(url.searchParams.get("startAt") ?? 0);
    const maxResults = intParam(url, "maxResults", 10, 10);
    return { body: { expand: "schema,names", startAt, maxResults, total: jiraIssues.length, issues: jiraIssues.slice(startAt, startAt + maxResults) } };
  },
};

const nodes = records(29, (i) => ({ id: `I_kwDOA${String(i).padStart(6, "0")}`, number: i, title: `GraphQL issue ${i}` }));
const QUERY = 'query($after: String) { repository(owner: "acme", name: "widgets") { issues(first: 10, after: $after) { edges { node { id number title } } pageInfo { endCursor hasNextPage } } } }';

/**
 * A GraphQL connection (graphql.org/learn/pagination, GitHub's GraphQL API): POST a query whose
 * connection takes `first` and `after: $after`; `edges[].node`, `pageInfo { endCursor hasNextPage }`.
 */
export const graphql: ListApi = {
  name: "GraphQL",
  auth: "bearer",
  probe: { path: "/graphql", method: "POST", body: { query: QUERY, variables: {} } },
  ids: nodes.map((r) => r.id),
  handle({ method, body }): ListAnswer {
    if (method !== "POST" || typeof body?.query !== "string") return { status: 400, body: { errors: [{ message: "POST a query" }] } };
    const variables = (body.variables ?? {}) as Record<string, unknown>;
    const first = Number(/first:\s*(\d+)/.exec(body.query)?.[1] ?? 10);
    const start = typeof variables.after === "string" ? indexOf(variables.after, "g") + 1 : 0;
    if (Number.isNaN(start)) return { body: { errors: [{ message: "invalid cursor" }] } };
    const slice = nodes.slice(start, start + first);
    const end = start + slice.length - 1;
    return { body: { data: { repository: { issues: { edges: slice.map((node) => ({ node, cursor: cursorOf(nodes.indexOf(node), "g") })), pageInfo: { endCursor: cursorOf(end, "g"), hasNextPage: end < nodes.length - 1 } } } } } };
  },
};
