import { cursorOf, indexOf, intParam, records, type ListApi } from "./list-api.js";

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

const files = records(13, (i) => ({ id: `file-${i}`, size: i * 100 }));

/**
 * A marker-paged list (S3 and OpenStack style) whose probe URL already names the marker, empty:
 * `?marker=&limit=5`, answered with `files` and `next_marker` (null on the last page). The cursor goes
 * back as `marker`, a name the probe does not leave out of the URL by itself: Detect must propose
 * removing the hand-written one.
 */
export const markered: ListApi = {
  name: "Markered",
  auth: "bearer",
  probe: { path: "/v1/files?marker=&limit=5" },
  ids: files.map((r) => r.id),
  handle({ url }) {
    const marker = url.searchParams.get("marker");
    const start = marker ? indexOf(marker, "m") : 0;
    if (Number.isNaN(start)) return { status: 400, body: { error: "bad marker" } };
    const limit = intParam(url, "limit", 5, 50);
    const page = files.slice(start, start + limit);
    return { body: { files: page, next_marker: start + limit < files.length ? cursorOf(start + limit, "m") : null } };
  },
};
