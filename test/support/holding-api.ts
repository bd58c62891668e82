import assert from "node:assert/strict";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** Pages of every stream. */
export const PAGES = 20;
/** Records of every page. */
export const PER_PAGE = 50;

/**
 * A loopback API whose every path (`/first`, `/second`...) is a stream of 20 pages of 50 records
 * (`?page=N`, the body's `next`), each answered after 5 ms; the one request a test chose to hold
 * (`hold = "first:3"`) is never answered: only its abort (or `reset`, `close`) ends it.
 *
 * @example
 * const api = await new HoldingApi().listen();
 * api.reset("first:3"); ...start a read...; await api.until("first:3"); ...stop it...
 */
export class HoldingApi {
  url = "";
  /** `stream:page` of every request, in order. */
  readonly seen: string[] = [];
  hold?: string;
  private readonly held: ServerResponse[] = [];
  private readonly server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const stream = url.pathname.slice(1);
    const page = Number(url.searchParams.get("page") ?? 1);
    const key = `${stream}:${page}`;
    this.seen.push(key);
    if (key === this.hold) {
      this.held.push(res);
      return;
    }
    const data = Array.from({ length: PER_PAGE }, (_, n) => ({ id: `${stream}-${page}-${n}`, updated_at: new Date(Date.UTC(2024, 0, 1, 0, page, n)).toISOString().replace(".000Z", "Z") }));
    setTimeout(() => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ data, next: page < PAGES ? page + 1 : null }));
    }, 5);
  });

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async until(key: string): Promise<void> {
    for (let i = 0; i < 1500 && !this.seen.includes(key); i++) await sleep(10);
    assert.ok(this.seen.includes(key), `the request ${key} never came (seen: ${this.seen.slice(-5).join(", ")})`);
  }

  reset(hold: string): void {
    this.seen.length = 0;
    this.hold = hold;
    for (const res of this.held.splice(0)) res.destroy();
  }

  close(): Promise<void> {
    for (const res of this.held.splice(0)) res.destroy();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
