import type { IncomingMessage, ServerResponse } from "node:http";

/** One request as a demo route sees it: the parsed URL, the raw body, and helpers to answer. */
export interface DemoRequest {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: string;
  /** The body parsed as JSON or as a form, whichever the Content-Type says ({} when empty). */
  fields: Record<string, unknown>;
  /** The server's own origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
}

export type DemoHandler = (request: DemoRequest, response: ServerResponse) => void | Promise<void>;

/** The routes of the demo API, by `METHOD /path`. Each file in routes/ adds its own. */
export class DemoRouter {
  private readonly routes = new Map<string, DemoHandler>();

  add(method: string, path: string, handler: DemoHandler): void {
    this.routes.set(`${method.toUpperCase()} ${path}`, handler);
  }

  find(method: string, path: string): DemoHandler | undefined {
    return this.routes.get(`${method.toUpperCase()} ${path}`);
  }

  list(): string[] {
    return [...this.routes.keys()].sort();
  }
}

/** Sends a JSON answer. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
  response.end(text);
}
