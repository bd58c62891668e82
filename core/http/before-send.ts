import { SluiceError, type Authenticator, type BeforeSendContext, type EncodedRequest, type ErrorLocation, type Secrets } from "../../sdk/index.js";

/**
 * What an authenticator's `beforeSend` step added to or changed on a wire request: header names (lower
 * case), query parameter names, and whether the body changed. Logs, errors and observed exchanges mask
 * these values (a signature, a timestamp, a nonce) whatever the secret registry knows.
 */
export interface AddedBySigning {
  headers: ReadonlySet<string>;
  params: ReadonlySet<string>;
  body: boolean;
}

/**
 * Runs the authenticator's `beforeSend` step on a copy of the encoded request and reports what it
 * added. Every value it added is a request-time secret (`secrets.add(value, { perRequest: true })`):
 * a signature is derived from a credential, and wherever the signed URL or headers travel (a recorded
 * fixture, an error naming the response's URL, a host's logs) the registry masks it, for built-in and
 * custom authenticators alike. Undefined when the authenticator has no such step (then nothing is
 * copied: this runs for every request). An error from the step learns where the request belongs.
 *
 * @example
 * const signed = await runBeforeSend(authenticator, encoded, { attempt: 1, hop: 0 }, { where, secrets });
 * // signed.request.headers["CB-ACCESS-SIGN"], signed.added.headers.has("cb-access-sign")
 */
export async function runBeforeSend(
  authenticator: Authenticator,
  encoded: EncodedRequest,
  context: BeforeSendContext,
  run: { where: ErrorLocation; secrets: Secrets },
): Promise<{ request: EncodedRequest; added: AddedBySigning } | undefined> {
  if (!authenticator.beforeSend) return undefined;
  const request: EncodedRequest = { method: encoded.method, url: encoded.url, headers: { ...encoded.headers } };
  if (encoded.body !== undefined) request.body = encoded.body;
  try {
    await authenticator.beforeSend(request, context);
  } catch (error) {
    throw error instanceof SluiceError ? error.locate(run.where) : error;
  }
  return { request, added: changes(encoded, request, run.secrets) };
}

/** What the step changed, each new header and parameter value registered as a request-time secret. */
function changes(before: EncodedRequest, after: EncodedRequest, secrets: Secrets): AddedBySigning {
  const headers = new Set<string>();
  const earlier = new Map(Object.entries(before.headers).map(([name, value]) => [name.toLowerCase(), value]));
  for (const [name, value] of Object.entries(after.headers)) {
    if (earlier.get(name.toLowerCase()) === value) continue;
    headers.add(name.toLowerCase());
    secrets.add(value, { perRequest: true });
  }
  const params = new Set<string>();
  if (after.url !== before.url) {
    const old = pairs(before.url);
    for (const [name, value] of pairs(after.url)) {
      if (old.some(([n, v]) => n === name && v === value)) continue;
      params.add(name);
      secrets.add(value, { perRequest: true });
    }
  }
  return { headers, params, body: (after.body ?? "") !== (before.body ?? "") };
}

function pairs(url: string): Array<[string, string]> {
  try {
    return [...new URL(url).searchParams];
  } catch {
    return [];
  }
}

/**
 * The URL with the values of the parameters a signing step added replaced by `****`.
 *
 * @example
 * maskAddedParams("https://api/x?a=1&signature=abc", new Set(["signature"])) // "https://api/x?a=1&signature=****"
 */
export function maskAddedParams(url: string, params: ReadonlySet<string>): string {
  if (params.size === 0) return url;
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const hashAt = url.indexOf("#", queryAt);
  const query = url.slice(queryAt + 1, hashAt < 0 ? undefined : hashAt);
  const masked = query
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0]!;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        // a malformed escape: compared as written
      }
      return params.has(decoded) ? `${name}=****` : pair;
    })
    .join("&");
  return `${url.slice(0, queryAt + 1)}${masked}${hashAt < 0 ? "" : url.slice(hashAt)}`;
}
