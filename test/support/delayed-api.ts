/**
 * The base of the loopback APIs of the concurrency tests and benchmarks (`latency-api.ts`,
 * `async-jobs-api.ts`): a server on 127.0.0.1 (port 0) whose every response is late by a delay chosen
 * per request, and which counts the requests it saw, those in flight, the most in flight at once, and
 * those the client gave up on before the answer. A subclass says how late and what to answer.
 *
 * @example
 * class EchoApi extends DelayedApi {
 *   protected delayOf() { return 100; }
 *   protected answer(request: DelayedRequest) { return { body: { path: request.url.pathname } }; }
 * }
 * const api = await new EchoApi().listen();
 * // ... read ...
 * api.maxInFlight; // 10
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request, its body read. */
export interface DelayedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer: JSON `body` (none: an empty response) with `status` (default 200). */
export interface DelayedReply {
  status?: number;
  body?: unknown;
}

export abstract class DelayedApi {
  /** The origin, `http://127.0.0.1:<port>`, once listening. */
  url = "";
  /** Requests answered or in progress, in arrival order (reset by {@link reset}). */
  seen: URL[] = [];
  /** Requests received and not yet answered or given up. */
  inFlight = 0;
  /** The most requests in flight at once (since the last {@link reset}). */
  maxInFlight = 0;
  /** Requests whose connection closed before the answer was sent (aborted by the client). */
  aborted = 0;
  private readonly server: Server = createServer((req, res) => this.receive(req, res));

  /** How late the answer to this request is, in ms. */
  protected abstract delayOf(request: DelayedRequest): number;
  /** The answer, sent once the delay has passed; undefined: no answer at all (a hanging API). */
  protected abstract answer(request: DelayedRequest): DelayedReply | undefined;

  async listen(): Promise<this> {
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Forgets the counters (between two reads); requests still in flight stay counted. */
  reset(): void {
    this.seen = [];
    this.maxInFlight = this.inFlight;
    this.aborted = 0;
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private receive(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: DelayedRequest = { method: req.method ?? "GET", url: new URL(req.url ?? "/", this.url), headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      this.seen.push(request.url);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      let finished = false;
      const finish = () => {
        if (!finished) this.inFlight--;
        finished = true;
      };
      // A request given up (or cut by close()) clears its timer: a 60 s delay must not keep the test process alive.
      res.on("close", () => {
        clearTimeout(timer);
        if (!res.writableFinished) this.aborted++;
        finish();
      });
      const timer = setTimeout(() => {
        const reply = this.answer(request);
        if (!reply) return;
        const payload = reply.body === undefined ? "" : JSON.stringify(reply.body);
        finish();
        res.writeHead(reply.status ?? 200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }).end(payload);
      }, this.delayOf(request));
    });
  }
}
