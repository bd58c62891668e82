import { intParam, records, cursorOf, indexOf, type ListApi } from "./list-api.js";

const issues = records(75, (i) => ({ id: 1_000_000 + i, number: i, title: `Issue ${i}`, state: i % 3 ? "open" : "closed" }));

/**
 * GitHub's REST list endpoints (docs.github.com, "Using pagination in the REST API"): the body is the
 * array; `per_page` (default 30, at most 100) and `page`; a Link header with next, last, first and
 * prev, whose URLs keep the query and may name the repository by id (/repositories/ID/issues).
 */
export const github: ListApi = {
  name: "GitHub",
  auth: "bearer",
  probe: { path: "/repos/acme/widgets/issues?state=all&per_page=20" },
  ids: issues.map((r) => String(r.id)),
  handle({ url, origin }) {
    const perPage = intParam(url, "per_page", 30);
    const page = intParam(url, "page", 1, 10_000);
    const last = Math.max(1, Math.ceil(issues.length / perPage));
    const link = (n: number) => {
      const next = new URL(`${origin}/repositories/1296269/issues`);
      next.searchParams.set("state", url.searchParams.get("state") ?? "open");
      next.searchParams.set("per_page", String(perPage));
      next.searchParams.set("page", String(n));
      return next.href;
    };
    const rels = [page < last ? `<${link(page + 1)}>; rel="next"` : "", page < last ? `<${link(last)}>; rel="last"` : "", page > 1 ? `<${link(1)}>; rel="first"` : "", page > 1 ? `<${link(page - 1)}>; rel="prev"` : ""].filter(Boolean);
    return { headers: linkHeader(rels), body: issues.slice((page - 1) * perPage, page * perPage) };
  },
};

const products = records(37, (i) => ({ id: 632910390 + i, title: `Product ${i}`, handle: `product-${i}`, variants: [{ id: 808950800 + i, price: "19.00" }] }));

/**
 * Shopify's Admin REST API (shopify.dev, "Make paginated requests to the REST Admin API"): records
 * under the resource's name, `limit` (default 50, at most 250), and a Link header whose next and
 * previous URLs carry an opaque `page_info`; with page_info, only limit and fields may be given.
 */
export const shopify: ListApi = {
  name: "Shopify",
  auth: "bearer",
  probe: { path: "/admin/api/2024-01/products.json?limit=10" },
  ids: products.map((r) => String(r.id)),
  handle({ url, origin }) {
    const info = url.searchParams.get("page_info");
    if (info !== null && [...url.searchParams.keys()].some((k) => !["page_info", "limit", "fields"].includes(k))) {
      return { status: 400, body: { errors: { page_info: ["If passing page_info, you can only pass limit and fields"] } } };
    }
    const limit = intParam(url, "limit", 50, 250);
    const start = info === null ? 0 : indexOf(info, "p");
    if (Number.isNaN(start)) return { status: 400, body: { errors: { page_info: ["Invalid value."] } } };
    const at = (index: number) => `${origin}/admin/api/2024-01/products.json?limit=${limit}&page_info=${cursorOf(index, "p")}`;
    const rels = [start + limit < products.length ? `<${at(start + limit)}>; rel="next"` : "", start > 0 ? `<${at(Math.max(0, start - limit))}>; rel="previous"` : ""].filter(Boolean);
    return { headers: linkHeader(rels), body: { products: products.slice(start, start + limit) } };
  },
};

const users = records(31, (i) => ({ id: `87d349ed-44d7-43e1-9a83-${String(i).padStart(12, "0")}`, displayName: `User ${i}`, mail: `user${i}@contoso.com` }));

/**
 * Microsoft Graph (learn.microsoft.com, "Paging Microsoft Graph data"): records in `value`, `$top`,
 * and `@odata.nextLink` (with an opaque `$skiptoken`) until the last page, which has none.
 */
export const microsoftGraph: ListApi = {
  name: "Microsoft Graph",
  auth: "bearer",
  probe: { path: "/v1.0/users?$top=10" },
  ids: users.map((r) => r.id),
  handle({ url, origin }) {
    const top = intParam(url, "$top", 100, 999);
    const skip = url.searchParams.has("$skiptoken") ? indexOf(url.searchParams.get("$skiptoken"), "s") : 0;
    if (Number.isNaN(skip)) return { status: 400, body: { error: { code: "BadRequest", message: "Invalid $skiptoken" } } };
    const body: Record<string, unknown> = { "@odata.context": `${origin}/v1.0/$metadata#users`, value: users.slice(skip, skip + top) };
    if (skip + top < users.length) body["@odata.nextLink"] = `${origin}/v1.0/users?$top=${top}&$skiptoken=${cursorOf(skip + top, "s")}`;
    return { body };
  },
};

const tickets = records(41, (i) => ({ id: 35436 + i, subject: `Help ${i}`, status: "open", url: `https://acme.zendesk.com/api/v2/tickets/${35436 + i}.json` }));

/**
 * Zendesk's offset pagination (developer.zendesk.com, "Paginating through lists using offset
 * pagination"): records under the resource's name, `page` and `per_page` (at most 100), `count`,
 * and absolute `next_page` / `previous_page` URLs, null at the ends.
 */
export const zendesk: ListApi = {
  name: "Zendesk",
  auth: "basic",
  probe: { path: "/api/v2/tickets.json?per_page=10" },
  ids: tickets.map((r) => String(r.id)),
  handle({ url, origin }) {
    const perPage = intParam(url, "per_page", 100);
    const page = intParam(url, "page", 1, 10_000);
    const at = (n: number) => `${origin}/api/v2/tickets.json?page=${n}&per_page=${perPage}`;
    return {
      body: {
        tickets: tickets.slice((page - 1) * perPage, page * perPage),
        next_page: page * perPage < tickets.length ? at(page + 1) : null,
        previous_page: page > 1 ? at(page - 1) : null,
        count: tickets.length,
      },
    };
  },
};

const accounts = records(27, (i) => ({ attributes: { type: "Account", url: `/services/data/v58.0/sobjects/Account/001D000000Ix${String(i).padStart(4, "0")}` }, Id: `001D000000Ix${String(i).padStart(4, "0")}`, Name: `Account ${i}` }));

/**
 * Salesforce's query resource (developer.salesforce.com, "Execute a SOQL Query"): `totalSize`,
 * `done`, `records` (each with `attributes`), and while not done a `nextRecordsUrl` relative to the
 * instance (/services/data/v58.0/query/01gD...-2000); batches of 2,000 by default (10 here).
 */
export const salesforce: ListApi = {
  name: "Salesforce",
  auth: "bearer",
  probe: { path: "/services/data/v58.0/query?q=SELECT+Id,Name+FROM+Account" },
  ids: accounts.map((r) => r.Id),
  handle({ url, root }) {
    const batch = 10;
    const locator = /\/query\/01gD0000002HU6KIAW-(\d+)$/.exec(url.pathname);
    if (!locator && !url.searchParams.get("q")) return { status: 400, body: [{ message: "A query string is required", errorCode: "MALFORMED_QUERY" }] };
    const start = locator ? Number(locator[1]) : 0;
    const done = start + batch >= accounts.length;
    return {
      body: {
        totalSize: accounts.length,
        done,
        ...(done ? {} : { nextRecordsUrl: `${root}/services/data/v58.0/query/01gD0000002HU6KIAW-${start + batch}` }),
        records: accounts.slice(start, start + batch),
      },
    };
  },
};

const contacts = records(33, (i) => ({ id: String(51 + i), properties: { email: `c${i}@example.com`, firstname: `C${i}` }, createdAt: "2024-01-01T00:00:00Z", archived: false }));

/**
 * HubSpot's CRM objects (developers.hubspot.com, "CRM API | Contacts"): `results`, `limit` (at most
 * 100), and `paging.next.after` with a `link`, absent on the last page.
 */
export const hubspot: ListApi = {
  name: "HubSpot",
  auth: "bearer",
  probe: { path: "/crm/v3/objects/contacts?limit=10" },
  ids: contacts.map((r) => r.id),
  handle({ url, origin }) {
    const limit = intParam(url, "limit", 10);
    const start = url.searchParams.has("after") ? indexOf(url.searchParams.get("after"), "h") : 0;
    if (Number.isNaN(start)) return { status: 400, body: { status: "error", message: "Invalid after" } };
    const body: Record<string, unknown> = { results: contacts.slice(start, start + limit) };
    if (start + limit < contacts.length) {
      const after = cursorOf(start + limit, "h");
      body.paging = { next: { after, link: `${origin}/crm/v3/objects/contacts?after=${after}` } };
    }
    return { body };
  },
};

function linkHeader(rels: string[]): Record<string, string> {
  return rels.length ? { link: rels.join(", ") } : {};
}
