import type { ServerResponse } from "node:http";
import { json, startLoopback, type Loopback } from "../../plugins/auth/support/loopback.js";

/** The testing values the paged API accepts: a login, then a session token on every page. */
export const PAGED_LOGIN = { username: "ada", password: "pw-7Hq2xK9-secret" };
/** The session token `POST /session` answers with; it must never show in the page. */
export const SESSION_TOKEN = "sess-4c1e9b27d0a8";

/** Three pages of invoices (`?cursor=`), the last with a field the others lack. */
export const INVOICE_PAGES: Record<string, { data: Array<Record<string, unknown>>; next: string | null }> = {
  "": { data: [{ id: 1, customer: "Ada", total: 120.5, paid_at: "2024-01-31T09:00:00Z" }, { id: 2, customer: "Grace", total: 80, paid_at: "2024-02-02T10:30:00Z" }], next: "c2" },
  c2: { data: [{ id: 3, customer: "Edsger", total: 42, paid_at: null }, { id: 4, customer: "Barbara", total: 7.25, paid_at: "2024-02-10T08:00:00Z" }], next: "c3" },
  c3: { data: [{ id: 5, customer: "Alan", total: 19.99, paid_at: "2024-03-01T12:00:00Z", lines: [{ sku: "pen", qty: 2 }] }], next: null },
};

/** The paged API, and the held requests of `/slow` (never answered; `closed` resolves when the client aborts one). */
export interface PagedApi extends Loopback {
  slow: Array<{ response: ServerResponse; closed: Promise<void> }>;
}

/**
 * A loopback API behind a session login (Metabase-style: `POST /session` with the username and password
 * answers `{"id": token}`, sent back as `X-Session`), with `/invoices` in three cursor pages and
 * `/slow`, which never answers.
 */
export async function startPagedApi(): Promise<PagedApi> {
  const api = (await startLoopback()) as PagedApi;
  api.slow = [];
  api.route("/session", (req, res) => {
    const body = JSON.parse(req.body || "{}") as Record<string, unknown>;
    if (body.username !== PAGED_LOGIN.username || body.password !== PAGED_LOGIN.password) return json(res, 401, { error: "bad login" });
    json(res, 200, { id: SESSION_TOKEN });
  });
  api.route("/invoices", (req, res) => {
    if (req.headers["x-session"] !== SESSION_TOKEN) return json(res, 401, { error: "no session" });
    json(res, 200, INVOICE_PAGES[req.query.get("cursor") ?? ""] ?? { data: [], next: null });
  });
  api.route("/slow", (_req, res) => {
    api.slow.push({ response: res, closed: new Promise((resolve) => res.on("close", () => resolve())) });
  });
  return api;
}

/** A connector for the paged API: one stream, `invoices`, with no schema declared. */
export const PAGED_MANIFEST = `version: 6.0.0
type: DeclarativeSource
definitions:
  requester:
    type: HttpRequester
    url_base: "{{ config['base_url'] }}"
    http_method: GET
    authenticator:
      type: SessionTokenAuthenticator
      login_requester:
        type: HttpRequester
        url_base: "{{ config['base_url'] }}"
        path: /session
        http_method: POST
        request_body_json: { username: "{{ config['username'] }}", password: "{{ config['password'] }}" }
      session_token_path: [id]
      expiration_duration: PT1H
      request_authentication:
        type: ApiKey
        inject_into: { type: RequestOption, inject_into: header, field_name: X-Session }
streams:
  - type: DeclarativeStream
    name: invoices
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester:
        $ref: "#/definitions/requester"
        path: /invoices
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
      paginator:
        type: DefaultPaginator
        pagination_strategy: { type: CursorPagination, cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" }
        page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: cursor }
check: { type: CheckStream, stream_names: [invoices] }
spec:
  type: Spec
  connection_specification:
    type: object
    required: [base_url, username, password]
    properties:
      base_url: { type: string, title: Base URL, order: 0 }
      username: { type: string, title: Username, order: 1 }
      password: { type: string, title: Password, airbyte_secret: true, order: 2 }
`;
