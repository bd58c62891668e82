import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { AuthenticationError, SluiceError } from "../sdk/errors/index.js";
import { beginConsent } from "./begin-consent.js";
import type { ConsentFlowOptions } from "./consent-flow-options.js";
import { completeConsent, verifyRedirectState, type ConsentResult } from "./complete-consent.js";
import type { SendTokenOptions } from "./send-token-request.js";

/** Options of {@link runLoopbackConsent}. */
export interface LoopbackConsentOptions extends Omit<ConsentFlowOptions, "redirectUri">, Omit<SendTokenOptions, "secrets"> {
  /** The callback port on 127.0.0.1 (default 0: a free port). Fix it when the provider needs a registered redirect URI. */
  port?: number;
  /** The callback path (default `/callback`). */
  callbackPath?: string;
  /** Milliseconds to wait for the end user's consent (default 300,000). */
  consentTimeoutMs?: number;
  /** Told of each callback refused because its state is missing or not this consent's (the flow keeps waiting). */
  onIgnoredCallback?(error: Error): void;
  /** Called once with the consent URL to show or open. */
  onConsentUrl(url: string, redirectUri: string): void | Promise<void>;
  now?: () => number;
}

function page(title: string, text: string): string {
  const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1><p>${esc(text)}</p></body></html>`;
}

function answer(res: ServerResponse, status: number, html: string): Promise<void> {
  return new Promise((resolve) => {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(html) });
    res.end(html, () => resolve());
  });
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new SluiceError("OAUTH_CALLBACK_PORT_UNAVAILABLE", `The callback server could not listen on 127.0.0.1:${port}`, {
        failureType: "config_error", expected: "a free port (or --port 0 for any)", found: error.code ?? error.message,
      })),
    );
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Runs the whole consent on this machine: a callback server on 127.0.0.1, the consent URL handed to
 * `onConsentUrl` (print it, open a browser), then the provider's redirect is awaited (with a
 * timeout), the flow completed with {@link completeConsent}, and the browser shown a short result
 * page (never a token). A callback without this consent's state (a stale tab, a forged request) is
 * answered with an error page and the flow keeps waiting for the right one until its time limit; the
 * first callback with the right state counts. The server is closed afterwards, and at once when
 * `signal` aborts while the flow waits (its reason is the rejection).
 *
 * @example
 * const result = await runLoopbackConsent({
 *   manifest, config, port: 8765,
 *   onConsentUrl: (url) => process.stderr.write(`${url}\n`),
 * });
 * await writeFileAtomic("config.json", JSON.stringify(applyConsentValues(config, result.values), null, 2));
 */
export async function runLoopbackConsent(options: LoopbackConsentOptions): Promise<ConsentResult> {
  const callbackPath = options.callbackPath ?? "/callback";
  let onRequest: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void answer(res, 503, page("Not ready", "Try again."));
  const server = createServer((req, res) => onRequest(req, res));
  try {
    const port = await listen(server, options.port ?? 0);
    const redirectUri = `http://127.0.0.1:${port}${callbackPath}`;
    const request = beginConsent({ ...options, redirectUri });
    const outcome = new Promise<ConsentResult>((resolve, reject) => {
      let handled = false;
      const timer = setTimeout(() => {
        handled = true;
        reject(new AuthenticationError("OAUTH_CONSENT_TIMEOUT", "No consent came back before the timeout", {
          failureType: "config_error", expected: `a redirect to ${redirectUri} within ${Math.round((options.consentTimeoutMs ?? 300_000) / 1000)} s`, found: "nothing",
        }));
      }, options.consentTimeoutMs ?? 300_000);
      // A stopped host (Ctrl-C in `sluice builder`) stops the wait at once, not at the timeout.
      const stop = () => {
        if (handled) return;
        handled = true;
        clearTimeout(timer);
        reject(options.signal?.reason instanceof Error ? options.signal.reason : new AuthenticationError("OAUTH_CONSENT_TIMEOUT", "The consent was stopped before its redirect came back", { failureType: "config_error", expected: `a redirect to ${redirectUri}`, found: "the host stopped waiting" }));
      };
      if (options.signal?.aborted) stop();
      else options.signal?.addEventListener("abort", stop, { once: true });
      onRequest = (req, res) => {
        const url = new URL(req.url ?? "/", redirectUri);
        if (req.method !== "GET" || url.pathname !== callbackPath) return void answer(res, 404, page("Not found", "This server only waits for the OAuth redirect."));
        if (handled) return void answer(res, 409, page("Already handled", "This consent was already completed; you can close this tab."));
        try {
          verifyRedirectState({ ...options, request, query: url.searchParams });
        } catch (error) {
          // Not the answer to this consent (a stale tab, a forged request): refused, and the flow keeps waiting.
          const text = error instanceof SluiceError ? `[${error.code}] ${error.message}.` : "This is not the redirect Sluice is waiting for.";
          options.onIgnoredCallback?.(error as Error);
          return void answer(res, 400, page("Not this consent", `${text} Sluice keeps waiting for the redirect of the consent it started.`));
        }
        handled = true;
        clearTimeout(timer);
        completeConsent({ ...options, redirectUri, request, query: url.searchParams }).then(
          async (result) => {
            await answer(res, 200, page("Sluice is connected", "The tokens were received. You can close this tab."));
            resolve(result);
          },
          async (error: unknown) => {
            const text = error instanceof SluiceError ? `[${error.code}] ${error.message}` : "The OAuth flow failed.";
            await answer(res, 400, page("Sluice could not connect", text));
            reject(error);
          },
        );
      };
    });
    await options.onConsentUrl(request.url, redirectUri);
    return await outcome;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
