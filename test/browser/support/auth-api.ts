import { createHmac } from "node:crypto";
import { json, startLoopback, type Loopback, type SeenRequest } from "../../plugins/auth/support/loopback.js";

/** The records `/items` answers with. */
export const ITEMS = [
  { id: 1, name: "Ada" },
  { id: 2, name: "Grace" },
];

/** The credentials the scenarios type as testing values. */
export const CREDENTIALS = { user: "ada", password: "pw-9d1e77", apiKey: "key-51c0a2f9", jwtSecret: "jwt-secret-7a1c", clientId: "client-1", clientSecret: "client-secret-4b2", refreshToken: "rt_1" };

/**
 * The loopback API the authentication scenarios read: `/items` answers `{ data: ITEMS }` when the
 * request passes the check the current scenario set (`api.expect`), 401 otherwise; `/oauth/token`
 * refreshes single-use refresh tokens (each works once and is replaced by the next); `/session` logs in.
 */
export interface AuthApi extends Loopback {
  expect(check: (request: SeenRequest) => boolean): void;
  /** The refresh tokens the token endpoint accepted, in order. */
  refreshed: string[];
  /** The access tokens it issued. */
  issued: Set<string>;
}

export async function startAuthApi(): Promise<AuthApi> {
  const api = (await startLoopback()) as AuthApi;
  let check: (request: SeenRequest) => boolean = () => false;
  let valid = new Set([CREDENTIALS.refreshToken]);
  let serial = 1;
  api.refreshed = [];
  api.issued = new Set();
  api.expect = (next) => {
    check = next;
  };
  api.route("/items", (req, res) => (check(req) ? json(res, 200, { data: ITEMS }) : json(res, 401, { error: "unauthorized" })));
  api.route("/oauth/token", (req, res) => {
    const form = req.headers["content-type"]?.includes("json") ? (JSON.parse(req.body) as Record<string, string>) : Object.fromEntries(new URLSearchParams(req.body));
    if (form.grant_type !== "refresh_token" || form.client_id !== CREDENTIALS.clientId || form.client_secret !== CREDENTIALS.clientSecret || !valid.has(form.refresh_token ?? "")) {
      return json(res, 400, { error: "invalid_grant" });
    }
    api.refreshed.push(form.refresh_token!);
    serial += 1;
    valid = new Set([`rt_${serial}`]); // single use: the one just used dies
    const access = `at_${serial}`;
    api.issued.add(access);
    json(res, 200, { access_token: access, refresh_token: `rt_${serial}`, expires_in: 3600 });
  });
  api.route("/session", (req, res) => {
    // A JSON body or a form body (request_body_data), as the login requester sends it.
    const body = req.headers["content-type"]?.includes("json") ? (JSON.parse(req.body || "{}") as Record<string, string>) : Object.fromEntries(new URLSearchParams(req.body));
    if (req.method !== "POST" || body.username !== CREDENTIALS.user || body.password !== CREDENTIALS.password) return json(res, 401, { error: "bad login" });
    json(res, 200, { token: "sess_1" });
  });
  return api;
}

/** Whether a request carries an HS256 JWT signed with `secret` as `Authorization: Bearer <jwt>`. */
export function signedJwt(request: SeenRequest, secret: string): boolean {
  const match = /^Bearer ([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(String(request.headers.authorization ?? ""));
  if (!match) return false;
  const header = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as { alg?: string };
  const signature = createHmac("sha256", secret).update(`${match[1]}.${match[2]}`).digest("base64url");
  return header.alg === "HS256" && signature === match[3];
}
