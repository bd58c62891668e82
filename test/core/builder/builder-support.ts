import { request } from "node:http";

/** A response as the test reads it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/**
 * Sends a request with exactly the given headers (a browser's `fetch` cannot set `Host`, an attacker's
 * DNS-rebinding page effectively can), to 127.0.0.1:`port`. Each request has its own connection (`agent:
 * false`): Node 20's global agent keeps sockets alive, and a request sent on one the server is closing at
 * that moment fails with ECONNRESET (seen once in a loaded `npm test`), which says nothing about the Builder.
 */
export function send(port: number, method: string, path: string, options: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...options.headers };
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers, setHost: false, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: <T>() => JSON.parse(text) as T });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The path part (`/<token>/`) of a Builder URL. */
export function basePath(url: string): string {
  return new URL(url).pathname;
}

/** A small connector: a shared requester behind `$ref`, a stream path in `$parameters`, comments. */
export const SHARED_MANIFEST = `# A connector written by hand: comments and key order must survive the Builder.
version: 6.0.0
type: DeclarativeSource
definitions:
  requester:
    type: HttpRequester
    url_base: "{{ config['base_url'] }}" # the API
    http_method: GET
    authenticator:
      type: BearerAuthenticator
      api_token: "{{ config['api_key'] }}"
  stream_base:
    type: DeclarativeStream
    retriever:
      type: SimpleRetriever
      requester: "#/definitions/requester"
      record_selector:
        type: RecordSelector
        extractor: { type: DpathExtractor, field_path: [data] }
    schema_loader: { type: InlineSchemaLoader, schema: {} }
streams:
  - $ref: "#/definitions/stream_base"
    name: users
    $parameters:
      path: /users
  - $ref: "#/definitions/stream_base"
    name: orders
    $parameters:
      path: /orders
check: { type: CheckStream, stream_names: [users] }
spec:
  type: Spec
  connection_specification:
    type: object
    required: [base_url, api_key]
    properties:
      base_url: { type: string, title: Base URL, order: 0 }
      api_key: { type: string, title: API Key, airbyte_secret: true, order: 1 }
      page_size: { type: integer, title: Page size, order: 2 }
`;
