import type { AuthMethod } from "../auth-methods.js";
import { regressionTestFiles } from "../regression-test-files.js";
import { runningSluiceInstall } from "../sluice-install.js";
import { yamlText } from "../scaffold-connector.js";
import { SluiceError } from "../../../sdk/index.js";
import { listEndpoints, type ListEndpoint } from "./list-endpoints.js";
import { authFromDocument } from "./openapi-auth.js";
import { paginationFromDocument } from "./openapi-pagination.js";
import { recordSchema } from "./openapi-schema.js";
import type { Json, OpenApiDocument } from "./read-openapi.js";

/** What `sluice init NAME --openapi` is asked for, beside the document. */
export interface OpenApiConnectorOptions {
  name: string;
  /** `--url`: the base URL, instead of the document's `servers`. */
  url?: string;
  /** `--auth`: one of init's methods, instead of the document's security scheme. */
  auth?: AuthMethod;
  /** `--streams`: the streams to keep (by name); default every list endpoint. */
  streams?: readonly string[];
  /** Testing values for the spec's inputs (from the environment): the rest are left empty. */
  testingValues?: Record<string, string>;
}

/** A generated connector: its files, its streams, and the report of every guess with its evidence. */
export interface OpenApiConnector {
  files: Record<string, string>;
  streams: Array<{ name: string; primaryKey?: string }>;
  report: string[];
}

/**
 * A connector folder from an OpenAPI document: one stream per list endpoint ({@link listEndpoints}),
 * its records path, primary key and inline schema from the response schema, its pagination from the
 * parameters and response ({@link paginationFromDocument}), the authenticator from the security scheme
 * ({@link authFromDocument}), the base URL from `servers`. A path parameter is filled from a parent
 * stream where another list endpoint lists its values (`/projects/{project_id}/tasks` under
 * `/projects`), else it is a user input, as is a required query parameter. Every guess is in the
 * report with its evidence; what could not be decided is said there, never guessed silently.
 *
 * @example
 * const { files, report } = openApiConnector(await readOpenApi("openapi.yaml", cwd), { name: "acme" });
 */
export function openApiConnector(doc: OpenApiDocument, options: OpenApiConnectorOptions): OpenApiConnector {
  const { endpoints: all, skipped } = listEndpoints(doc);
  const endpoints = options.streams?.length ? all.filter((e) => options.streams!.includes(e.name)) : all;
  if (endpoints.length === 0) {
    const missing = options.streams?.filter((s) => !all.some((e) => e.name === s)) ?? [];
    throw new SluiceError("INIT_OPENAPI_INVALID", missing.length ? `No list endpoint named ${missing.join(", ")} in the document` : "The document has no list endpoint to make a stream of", {
      failureType: "config_error",
      expected: all.length ? `streams among: ${all.map((e) => e.name).join(", ")}` : "a GET operation whose response is a list",
      found: missing.length ? missing.join(", ") : skipped.slice(0, 3).join("; ") || "no GET operation",
    });
  }
  const baseUrl = options.url ?? doc.baseUrl;
  const auth = authFromDocument(doc, endpoints.map((e) => e.operation.security), options.auth);
  const inputs = new Map(auth.fields.map((f) => [f.name, f]));
  if (!baseUrl) inputs.set("base_url", { name: "base_url", title: "Base URL", description: "The API's base URL (the document names none)", secret: false, placeholder: "" });
  const report = [`${doc.title} (OpenAPI ${doc.version}): ${endpoints.length} list endpoint${endpoints.length === 1 ? "" : "s"}`, `  base URL: ${baseUrl ? `${baseUrl} (${options.url ? "the base URL given" : "the document's servers"})` : "none in the document: a user input, base_url"}`, `  authentication: ${auth.summary} (${auth.evidence})`];
  const definitions: Json = { requester: { type: "HttpRequester", url_base: baseUrl ?? "{{ config['base_url'] }}", http_method: "GET", ...(auth.authenticator ? { authenticator: "#/definitions/authenticator" } : {}) } };
  if (auth.alongside && Object.keys(auth.alongside.headers).length) definitions.requester.request_headers = auth.alongside.headers;
  if (auth.alongside && Object.keys(auth.alongside.parameters).length) definitions.requester.request_parameters = auth.alongside.parameters;
  if (auth.authenticator) definitions.authenticator = auth.authenticator;
  const streams: Json = {};
  for (const endpoint of endpoints) {
    const made = streamDefinition(endpoint, endpoints, inputs, auth.alongside?.parameters ?? {});
    streams[endpoint.name] = made.stream;
    report.push(`${endpoint.name}: GET ${endpoint.operation.path}`, ...[...endpoint.evidence, ...made.evidence].map((line) => `  ${line}`));
  }
  definitions.streams = streams;
  if (skipped.length) report.push(`left out (${skipped.length}):`, ...skipped.map((s) => `  ${s}`));
  const names = endpoints.map((e) => e.name);
  const spec = {
    type: "Spec",
    connection_specification: {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      required: [...inputs.keys()],
      properties: Object.fromEntries([...inputs.values()].map((f, order) => [f.name, { type: "string", title: f.title, description: f.description, order, ...(f.secret ? { airbyte_secret: true } : {}) }])),
      additionalProperties: true,
    },
  };
  const manifest = [
    "# yaml-language-server: $schema=manifest.schema.json",
    `# ${options.name}: generated by \`sluice init --openapi\` from ${doc.title}; each stream's evidence is in README.md.`,
    yamlText({ version: "6.0.0", type: "DeclarativeSource" }),
    yamlText({ definitions }),
    yamlText({ streams: names.map((n) => ({ $ref: `#/definitions/streams/${n}` })) }),
    yamlText({ check: { type: "CheckStream", stream_names: [names[0]!] } }),
    yamlText({ spec }),
  ].join("\n");
  const config = Object.fromEntries([...inputs.keys()].map((k) => [k, options.testingValues?.[k] ?? ""]));
  return {
    files: {
      "manifest.yaml": manifest,
      "secrets/config.json": `${JSON.stringify(config, null, 2)}\n`,
      ".gitignore": "# Testing values (credentials): never commit them.\nsecrets/\n",
      "README.md": `# ${options.name}\n\nGenerated by \`sluice init --openapi\` from ${doc.title}. What each guess relied on:\n\n\`\`\`\n${report.join("\n")}\n\`\`\`\n\nFill in \`secrets/config.json\`, then \`sluice test-read --config secrets/config.json --stream ${names[0]}\`.\n`,
      ...regressionTestFiles(names[0]!, runningSluiceInstall()),
    },
    streams: endpoints.map((e) => ({ name: e.name, primaryKey: e.primaryKey })),
    report,
  };
}

/**
 * One stream: its path (parameters from a parent or the config), record selection, paginator and
 * schema; `sharedParameters` are the shared requester's query parameters, repeated where the stream
 * sets its own.
 */
function streamDefinition(endpoint: ListEndpoint, all: readonly ListEndpoint[], inputs: Map<string, { name: string; title: string; description: string; secret: boolean; placeholder: string }>, sharedParameters: Record<string, string>): { stream: Json; evidence: string[] } {
  const evidence: string[] = [];
  const pagination = paginationFromDocument(endpoint);
  evidence.push(`pagination: ${pagination.evidence}`);
  const [fixedPath, fragment] = endpoint.operation.path.split("#") as [string, string | undefined];
  let path = fixedPath;
  let router: Json | undefined;
  // AWS's query APIs name the action in the path's fragment (`/#Action=DescribeDomains`): it is sent as query parameters.
  const fromFragment = fragment ? Object.fromEntries(new URLSearchParams(fragment)) : {};
  if (fragment) evidence.push(`query parameters from the path's fragment: ${fragment}`);
  for (const param of endpoint.operation.parameters.filter((p) => p.in === "path")) {
    const parent = parentOf(endpoint, param.name, all);
    if (parent && !router) {
      router = { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: { $ref: `#/definitions/streams/${parent.name}` }, parent_key: parent.primaryKey ?? "id", partition_field: param.name }] };
      path = path.replace(`{${param.name}}`, `{{ stream_partition['${param.name}'] }}`);
      evidence.push(`partitions: {${param.name}} from each record of the stream ${parent.name} (its ${parent.primaryKey ?? "id"}; GET ${parent.operation.path} lists them)`);
    } else {
      inputs.set(param.name, { name: param.name, title: param.name, description: `The ${param.name} of GET ${endpoint.operation.path}`, secret: false, placeholder: "" });
      path = path.replace(`{${param.name}}`, `{{ config['${param.name}'] }}`);
      evidence.push(`path parameter {${param.name}}: a user input (no list endpoint supplies it)`);
    }
  }
  const pagingNames = new Set(JSON.stringify(pagination.paginator).match(/"field_name":"[^"]+"/g)?.map((m) => m.slice(14, -1)) ?? []);
  const required = endpoint.operation.parameters.filter((p) => p.in === "query" && p.required && !pagingNames.has(p.name) && p.schema.default === undefined && !(p.name in fromFragment));
  const constants = Object.fromEntries(required.filter((p) => Array.isArray(p.schema.enum) && p.schema.enum.length === 1).map((p) => [p.name, String(p.schema.enum[0])]));
  for (const name of Object.keys(constants)) evidence.push(`required query parameter ${name}: ${constants[name]} (its one allowed value)`);
  required.splice(0, required.length, ...required.filter((p) => !(p.name in constants)));
  for (const param of required) {
    inputs.set(param.name, { name: param.name, title: param.name, description: `The required query parameter ${param.name} of GET ${endpoint.operation.path}`, secret: false, placeholder: "" });
    evidence.push(`required query parameter ${param.name}: a user input`);
  }
  const requester: Json = { $ref: "#/definitions/requester", path };
  // A stream's request_parameters replace the shared requester's (a $ref's sibling key wins whole): repeat those.
  const own = { ...fromFragment, ...constants, ...pagination.requestParameters, ...Object.fromEntries(required.map((p) => [p.name, `{{ config['${p.name}'] }}`])) };
  if (Object.keys(own).length) requester.request_parameters = { ...sharedParameters, ...own };
  const stream: Json = {
    type: "DeclarativeStream",
    name: endpoint.name,
    ...(endpoint.primaryKey ? { primary_key: endpoint.primaryKey } : {}),
    retriever: {
      type: "SimpleRetriever",
      requester,
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: endpoint.recordsPath } },
      paginator: pagination.paginator,
      ...(router ? { partition_router: router } : {}),
    },
    schema_loader: { type: "InlineSchemaLoader", schema: { $schema: "http://json-schema.org/draft-07/schema#", ...recordSchema(endpoint.itemSchema), type: "object", additionalProperties: true } },
  };
  return { stream, evidence };
}

/** The list endpoint that lists a path parameter's values: the path before `/{param}` (`/projects` for `/projects/{project_id}/tasks`). */
function parentOf(endpoint: ListEndpoint, param: string, all: readonly ListEndpoint[]): ListEndpoint | undefined {
  const at = endpoint.operation.path.indexOf(`/{${param}}`);
  if (at <= 0) return undefined;
  const prefix = endpoint.operation.path.slice(0, at);
  return all.find((e) => e !== endpoint && e.operation.path === prefix);
}
