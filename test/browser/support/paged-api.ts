import { json, startLoopback, type Loopback, type SeenRequest } from "../../plugins/auth/support/loopback.js";

/** Where a paginator puts a value, as the pagination form's injection groups offer it. */
export type Target = "request_parameter" | "header" | "body_json" | "body_data";

/** The records every paged route serves: ids 1..5, two a page (three pages). */
export const RECORDS = [1, 2, 3, 4, 5].map((id) => ({ id, name: `record ${id}` }));
const SIZE = 2;

/**
 * A loopback API paginated every way the Pagination form writes, reading its page values from ONE
 * place (`expect.target`): a paginator that injects them anywhere else gets the first page again and
 * again (and the test's page count fails), or a 400 where a value is required.
 * - `/offset`: `limit` (required) and `offset` (missing: 0); `{ data }`.
 * - `/page`: `per_page` (required) and `page` (missing: 1, the first page); `{ data }`.
 * - `/cursor`: `cursor` (missing: the first page); `{ data, next_cursor }` (null on the last page).
 * - `/cursor-link`: the next page's whole URL in the `Link` header (`rel="next"`); `?cursor=` in the URL.
 * - `/reports`: `page` from 0, `{ data, total_pages }` (for a custom strategy).
 * - `/customers`: `{ results }` for `status=active` and `Authorization: Bearer <token>` only.
 */
export interface PagedApi {
  url: string;
  loopback: Loopback;
  expect: { target: Target };
  /** The requests to `path` since the last {@link PagedApi.clear}, with the value of `name` each carried at the expected target. */
  valuesSeen(path: string, name: string): Array<string | undefined>;
  clear(): void;
}

export async function startPagedApi(token: string): Promise<PagedApi> {
  const loopback = await startLoopback();
  const expect: { target: Target } = { target: "request_parameter" };
  const read = (req: SeenRequest, name: string) => valueAt(req, expect.target, name);
  const page = (offset: number, size = SIZE) => RECORDS.slice(offset, offset + size);

  loopback.route("/offset", (req, res) => {
    const limit = Number(read(req, "limit"));
    if (!(limit > 0)) return json(res, 400, { error: `no limit in ${expect.target}` });
    json(res, 200, { data: page(Number(read(req, "offset") ?? 0), limit) });
  });
  loopback.route("/page", (req, res) => {
    const size = Number(read(req, "per_page"));
    if (!(size > 0)) return json(res, 400, { error: `no per_page in ${expect.target}` });
    json(res, 200, { data: page((Number(read(req, "page") ?? 1) - 1) * size, size) });
  });
  loopback.route("/cursor", (req, res) => {
    const offset = Number((read(req, "cursor") ?? "c0").slice(1));
    json(res, 200, { data: page(offset), next_cursor: offset + SIZE < RECORDS.length ? `c${offset + SIZE}` : null });
  });
  loopback.route("/cursor-link", (req, res) => {
    const offset = Number((req.query.get("cursor") ?? "c0").slice(1));
    if (offset + SIZE < RECORDS.length) res.setHeader("Link", `<${loopback.url}/cursor-link?cursor=c${offset + SIZE}>; rel="next"`);
    json(res, 200, { data: page(offset) });
  });
  loopback.route("/reports", (req, res) => {
    const index = Number(req.query.get("page") ?? 0);
    json(res, 200, { data: page(index * SIZE), total_pages: Math.ceil(RECORDS.length / SIZE) });
  });
  loopback.route("/customers", (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { error: "unauthorized" });
    json(res, 200, { results: req.query.get("status") === "active" ? RECORDS.slice(0, 3) : [] });
  });

  let from = 0;
  return {
    url: loopback.url,
    loopback,
    expect,
    valuesSeen: (path, name) => loopback.seen.slice(from).filter((r) => r.path === path).map((r) => (path === "/cursor-link" ? r.query.get(name) ?? undefined : read(r, name))),
    clear: () => void (from = loopback.seen.length),
  };
}

function valueAt(req: SeenRequest, target: Target, name: string): string | undefined {
  switch (target) {
    case "request_parameter":
      return req.query.get(name) ?? undefined;
    case "header": {
      const value = req.headers[name.toLowerCase()];
      return typeof value === "string" ? value : undefined;
    }
    case "body_json": {
      const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
      return body[name] === undefined ? undefined : String(body[name]);
    }
    case "body_data":
      return new URLSearchParams(req.body).get(name) ?? undefined;
  }
}
