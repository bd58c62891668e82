import { regressionTestFiles } from "./regression-test-files.js";
import { runningSluiceInstall, type SluiceInstall } from "./sluice-install.js";
import { Document, isScalar, visit } from "yaml";
import { authScaffold, type AuthMethod, type AuthScaffold } from "./auth-methods.js";
import { paginationScaffold, type PaginationMethod } from "./pagination-methods.js";
import { splitUrlCredentials, type SplitUrl } from "./url-credentials.js";

/** What `sluice init` is asked for. */
export interface ScaffoldOptions {
  /** The connector's name (the folder's name). */
  name: string;
  auth: AuthMethod;
  pagination: PaginationMethod;
  /** The API's base URL. */
  url: string;
  /** The first stream's path under the URL (default `/items`); the stream is named after its last segment. */
  path?: string;
  /** The first stream's name when not its path's last segment (`--probe` names it after its records). */
  streamName?: string;
  /** The first stream's method and JSON body (`--method POST --body`); default GET with no body. */
  request?: { method: "GET" | "POST"; body?: Record<string, unknown> };
  /** Values for `secrets/config.json` instead of placeholders (`--probe` asked for them). */
  testingValues?: Record<string, string>;
  /** What `--probe` detected: replaces the pagination method's paginator and record path, and sets the primary key. */
  detected?: DetectedStream;
  /** The Sluice the generated CI workflow installs; default the running one ({@link runningSluiceInstall}). */
  sluiceInstall?: SluiceInstall;
}

/** The parts of the first stream `sluice init --probe` detected. */
interface DetectedStream {
  paginator: Record<string, unknown>;
  recordsPath: string[];
  /** Undefined when no id-like field was found: the stream gets no primary key. */
  primaryKey?: string;
  /** One line for the manifest's and the README's "Pagination:" (how it was detected). */
  summary: string;
}

/**
 * The files of a new connector folder, by relative path: `manifest.yaml` (the chosen authentication
 * and pagination, one stream, a check and a spec that requires exactly the method's credentials,
 * marked `airbyte_secret`), `secrets/config.json` (the testing values to fill in), `.gitignore`
 * (ignores `secrets/`) and a short `README.md`. Credentials in the URL (`user:pass@`, `?api_key=`) are
 * taken out of it ({@link splitUrlCredentials}): they become spec inputs, their values in
 * `secrets/config.json`, never in the manifest or the README. The editor schema is added by the caller.
 *
 * @example
 * const files = scaffoldConnector({ name: "acme", auth: "bearer", pagination: "cursor", url: "https://api.acme.com/v1" });
 * Object.keys(files); // ["manifest.yaml", "secrets/config.json", ".gitignore", "README.md"]
 */
export function scaffoldConnector(requested: ScaffoldOptions): Record<string, string> {
  const split = splitUrlCredentials(requested.url, requested.auth, authScaffold(requested.auth, "").fields.map((f) => f.name));
  const options = { ...requested, url: split.url };
  const auth = withUrlCredentials(authScaffold(options.auth, options.url), split);
  const pagination = detectedPagination(options);
  const path = `/${(options.path ?? "/items").replace(/^\/+/, "")}`;
  const stream = options.streamName ?? streamName(path);
  const primaryKey = options.detected ? options.detected.primaryKey : "id";
  const requestOverrides = options.request?.method === "POST" ? { http_method: "POST", ...(options.request.body ? { request_body_json: options.request.body } : {}) } : {};
  const requester: Record<string, unknown> = { type: "HttpRequester", url_base: options.url, http_method: "GET" };
  if (split.query.length > 0) requester.request_parameters = Object.fromEntries(split.query.map((q) => [q.param, q.field ? `{{ config['${q.field.name}'] }}` : q.literal]));
  if (auth.authenticator) requester.authenticator = "#/definitions/authenticator";
  const definitions: Record<string, unknown> = auth.authenticator ? { authenticator: auth.authenticator, requester } : { requester };
  const streams = [
    {
      type: "DeclarativeStream",
      name: stream,
      ...(primaryKey ? { primary_key: primaryKey } : {}),
      retriever: {
        type: "SimpleRetriever",
        requester: { $ref: "#/definitions/requester", path, ...requestOverrides },
        record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: pagination.recordsPath } },
        paginator: pagination.paginator,
      },
      schema_loader: { type: "InlineSchemaLoader", schema: { type: "object", additionalProperties: true, properties: primaryKey ? { [primaryKey]: {} } : {} } },
    },
  ];
  const properties = Object.fromEntries(
    auth.fields.map((f, order) => [f.name, { type: "string", title: f.title, description: f.description, order, ...(f.secret ? { airbyte_secret: true } : {}) }]),
  );
  const spec = {
    type: "Spec",
    connection_specification: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", required: auth.fields.map((f) => f.name), properties, additionalProperties: true },
  };
  const section = (value: Record<string, unknown>) => yamlText(value);
  const manifest = [
    "# yaml-language-server: $schema=manifest.schema.json",
    `# ${options.name}: a Sluice connector (Airbyte declarative manifest format); Sluice's docs/manifest.md explains every part.`,
    `# Authentication: ${auth.summary}`,
    `# Pagination: ${pagination.summary}`,
    section({ version: "6.0.0", type: "DeclarativeSource" }),
    section({ definitions }),
    section({ streams }),
    section({ check: { type: "CheckStream", stream_names: [stream] } }),
    section({ spec }),
  ].join("\n");
  const config = Object.fromEntries(auth.fields.map((f) => [f.name, options.testingValues?.[f.name] ?? f.placeholder]));
  return {
    "manifest.yaml": manifest,
    "secrets/config.json": `${JSON.stringify(config, null, 2)}\n`,
    ".gitignore": "# Testing values (credentials): never commit them.\nsecrets/\n",
    "README.md": readme(options, stream, auth.fields.map((f) => f.name), pagination.sample, auth.summary, pagination.summary),
    ...regressionTestFiles(stream, options.sluiceInstall ?? runningSluiceInstall()),
  };
}

/** The first stream's name: its path's last segment, without an extension (`/admin/api/2024-01/products.json` is `products`). */
export function streamName(path: string): string {
  return path.split("/").filter(Boolean).at(-1)?.replace(/\.(json|xml)$/i, "").replace(/[^\w]+/g, "_") || "items";
}

/** The chosen pagination method's, or what `--probe` detected. */
function detectedPagination(options: ScaffoldOptions) {
  const chosen = paginationScaffold(options.pagination);
  const detected = options.detected;
  return detected ? { ...chosen, summary: detected.summary, paginator: detected.paginator, recordsPath: detected.recordsPath, sample: "" } : chosen;
}

/** The method's fields with the URL's credentials: Basic's username and password filled in, one secret field per credential query parameter. */
function withUrlCredentials(auth: AuthScaffold, split: SplitUrl): AuthScaffold {
  const given: Record<string, string> = split.basic ? { username: split.basic.username, password: split.basic.password } : {};
  const fields = auth.fields.map((f) => (given[f.name] ? { ...f, placeholder: given[f.name]! } : f));
  return { ...auth, fields: [...fields, ...split.query.flatMap((q) => (q.field ? [q.field] : []))] };
}

/** YAML as a person writes it: short lists of scalars inline (`field_path: [data]`), the rest in blocks. */
export function yamlText(value: Record<string, unknown>): string {
  const document = new Document(value);
  visit(document, {
    Seq(_key, node) {
      if (node.items.every((item) => isScalar(item))) node.flow = true;
    },
    Map(_key, node) {
      if (node.items.length === 0) node.flow = true;
    },
  });
  return document.toString({ lineWidth: 0, flowCollectionPadding: false });
}

function readme(options: ScaffoldOptions, stream: string, fields: string[], sample: string, auth: string, pagination: string): string {
  return `# ${options.name}

A Sluice connector for ${options.url} (Airbyte declarative manifest format; Sluice's \`docs/manifest.md\` explains every part).

- Authentication: ${auth}
- Pagination: ${pagination}${sample ? `; a response looks like \`${sample}\`` : ""}

## Try it

1. Put your testing values in \`secrets/config.json\`${fields.length ? ` (${fields.map((f) => `\`${f}\``).join(", ")})` : ""}. The folder is git-ignored: credentials never belong in the connector.
2. Check the manifest without sending a request: \`sluice validate --config secrets/config.json\`
3. Read a few pages and look at every request and response: \`sluice test-read --config secrets/config.json --stream ${stream}\`
4. Read everything as Airbyte would: \`sluice read --config secrets/config.json\`

5. Record a regression test: \`sluice test-read --config secrets/config.json --stream ${stream} --record fixtures\`
   saves the requests, responses and records in \`fixtures/\` (credentials as \`****\`); commit it. \`node --test tests/\`
   (and \`.github/workflows/connector-test.yml\` on every push) replays it with no network: \`sluice test --fixtures fixtures\`.

Then edit \`manifest.yaml\`: the record path (\`field_path\`), the stream's \`path\`, more streams, the schema.
Your editor completes and checks it with \`manifest.schema.json\` (regenerate it with \`sluice schema > manifest.schema.json\` after upgrading Sluice).
`;
}
