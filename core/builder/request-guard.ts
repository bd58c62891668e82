import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** Why a request was refused; shown as the refusal's text (no secret in it). */
type Refusal = { status: 403 | 404; reason: string };

/**
 * The Builder's door: every request must come to the loopback address and port the server listens on
 * (a `Host` naming anything else is a DNS-rebinding attempt: a page of `evil.example` whose name was
 * re-pointed at 127.0.0.1), from that origin (a foreign `Origin` is another site's page posting
 * here), and carry the session token as the first path segment (`/<token>/...`), which only the
 * printed URL has. A browser on the author's machine can reach 127.0.0.1 from any site, so each of the
 * three matters on its own.
 *
 * @example
 * const guard = new RequestGuard({ token, port: 43117 });
 * guard.check("/abc/api/session", { host: "127.0.0.1:43117" }); // undefined when allowed, else { status, reason }
 */
export class RequestGuard {
  private readonly hosts: ReadonlySet<string>;
  private readonly origins: ReadonlySet<string>;
  private readonly token: Buffer;

  constructor(options: { token: string; port: number }) {
    this.token = Buffer.from(options.token);
    const names = [`127.0.0.1:${options.port}`, `localhost:${options.port}`];
    this.hosts = new Set(names);
    this.origins = new Set(names.map((name) => `http://${name}`));
  }

  /** Undefined when the request may proceed; otherwise the status and the reason to answer with. */
  check(path: string, headers: IncomingHttpHeaders): Refusal | undefined {
    const host = (headers.host ?? "").toLowerCase();
    if (!this.hosts.has(host)) return { status: 403, reason: `refused: the Host '${host || "(none)"}' is not this server's loopback address (DNS rebinding?)` };
    const origin = headers.origin;
    if (origin !== undefined && !this.origins.has(origin.toLowerCase())) return { status: 403, reason: `refused: a request from the foreign origin '${origin}'` };
    // A cross-site subresource or form post names its site even where Origin is left out.
    const site = headers["sec-fetch-site"];
    if (site !== undefined && site !== "same-origin" && site !== "none") return { status: 403, reason: `refused: a ${site} request` };
    if (!this.hasToken(path)) return { status: 404, reason: "not found: open the URL `sluice builder` printed (it carries the session token)" };
    return undefined;
  }

  /** The path after the token segment (`/<token>/api/x` -> `/api/x`), for a request {@link check} allowed. */
  static rest(path: string): string {
    const second = path.indexOf("/", 1);
    return second < 0 ? "/" : path.slice(second);
  }

  private hasToken(path: string): boolean {
    const end = path.indexOf("/", 1);
    const given = Buffer.from(path.slice(1, end < 0 ? undefined : end));
    return given.length === this.token.length && timingSafeEqual(given, this.token);
  }
}
