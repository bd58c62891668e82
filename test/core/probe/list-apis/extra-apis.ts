import { intParam, records, type ListApi } from "./list-api.js";

const people = records(23, (i) => ({ id: i, email: `p${i}@reqres.in`, first_name: `P${i}` }));

/**
 * A page-numbered list with its totals and no next link (reqres.in's `/api/users`): `page`,
 * `per_page`, `total`, `total_pages`, `data`.
 */
export const pageNumbered: ListApi = {
  name: "Page numbered",
  auth: "bearer",
  probe: { path: "/api/users?page=1" },
  ids: people.map((r) => String(r.id)),
  handle({ url }) {
    const perPage = 6;
    const page = intParam(url, "page", 1, 10_000);
    return { body: { page, per_page: perPage, total: people.length, total_pages: Math.ceil(people.length / perPage), data: people.slice((page - 1) * perPage, page * perPage) } };
  },
};
