import { serviceToken } from "./service-token.js";

/**
 * What Sluice passes to the fetch implementation. `agent` is node-fetch's keep-alive agent (others may ignore it).
 * Sluice always asks for `redirect: "manual"` and follows redirects itself, so that credentials obey the
 * origin rule whatever the transport: an implementation must hand a 3xx back as it is, never follow it.
 *
 * @example
 * { method: "GET", headers: { Accept: "application/json" }, signal, redirect: "manual" }
 */
export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  redirect?: "follow" | "manual" | "error";
  agent?: unknown;
  /**
   * The query parameters the authenticator's signing step (`beforeSend`) set on this request: their
   * values change on every request (a signature, a timestamp, a nonce). A transport sends them as they
   * are; a recorder masks them, and a replay matches the request whatever their values.
   */
  signedParams?: ReadonlySet<string>;
}

/**
 * A response's headers as a transport gives them: every header through `forEach`, and one by name
 * (case-insensitively, several values joined with ", ") through `get` when the transport can. With `get`,
 * Sluice reads only the headers it needs for a page (its length and encoding) instead of copying them all.
 *
 * @example
 * const headers: TransportHeaders = { forEach: (cb) => cb("application/json", "content-type"), get: (name) => (name.toLowerCase() === "content-type" ? "application/json" : null) };
 */
export interface TransportHeaders {
  forEach(callback: (value: string, name: string) => void): void;
  get?(name: string): string | null;
}

/**
 * The part of a fetch Response that Sluice reads.
 *
 * @example
 * const response: FetchResponse = await globalThis.fetch(url, init); // a WHATWG Response fits
 */
export interface FetchResponse {
  status: number;
  statusText?: string;
  url: string;
  /** True when the transport followed a redirect itself (WHATWG and node-fetch set it); Sluice then refuses a response from another origin. */
  redirected?: boolean;
  headers: TransportHeaders;
  /**
   * The body as a stream of bytes (node-fetch's and WHATWG's `body` both fit). When present Sluice reads it
   * chunk by chunk and stops at the size limit; without it `text()` is read whole.
   */
  body?: AsyncIterable<Uint8Array> | null;
  text(): Promise<string>;
  /** The body as bytes; used when a decoder reads binary content (gzip, zip). Without it, `text()` is encoded back as UTF-8. */
  arrayBuffer?(): Promise<ArrayBuffer>;
}

/**
 * The transport: a fetch implementation. The default is node-fetch with a keep-alive agent; a host can
 * register Node's built-in fetch, undici, or a recording fake for one connector.
 *
 * @example
 * sluice.register(Fetch, (url, init) => globalThis.fetch(url, init));
 */
export type Fetch = (url: string, init: FetchInit) => Promise<FetchResponse>;

/** The DI token of the {@link Fetch} implementation. */
export const Fetch = serviceToken<Fetch>("sluice.Fetch");
