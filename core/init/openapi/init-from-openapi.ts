import { parse } from "yaml";
import type { Sluice } from "../../sluice.js";
import { confirmPaginator } from "../../probe/confirm-paginator.js";
import { testRead } from "../../test-read/test-read.js";
import type { AuthMethod } from "../auth-methods.js";
import { credentialVariable } from "../credential-inputs.js";
import { yamlText } from "../scaffold-connector.js";
import { openApiConnector, type OpenApiConnector } from "./openapi-connector.js";
import { readOpenApi, type Json } from "./read-openapi.js";

/** What `sluice init NAME --openapi FILE_OR_URL` is asked for. */
export interface InitFromOpenApiOptions {
  name: string;
  source: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  url?: string;
  auth?: AuthMethod;
  streams?: readonly string[];
  /** `--probe URL`: read a few pages of each stream at this base URL to confirm its pagination. */
  probe?: string;
}

/**
 * Generates a connector from an OpenAPI document ({@link openApiConnector}); the spec's inputs take
 * their testing values from `SLUICE_<INPUT>` environment variables (never asked for), the others are
 * left empty in `secrets/config.json`. With `probe`, each stream is test-read for three pages at that
 * base URL: a paginator that repeats a page (the API ignored the parameter) is turned down for one
 * page a read, and every read's outcome joins the report.
 *
 * @example
 * const { files, report } = await initFromOpenApi(sluice, { name: "acme", source: "openapi.yaml", cwd, env: process.env });
 */
export async function initFromOpenApi(sluice: Sluice, options: InitFromOpenApiOptions): Promise<OpenApiConnector> {
  const doc = await readOpenApi(options.source, options.cwd);
  const build = (testingValues: Record<string, string>) => openApiConnector(doc, { name: options.name, url: options.probe ?? options.url, auth: options.auth, streams: options.streams, testingValues });
  const draft = build({});
  const inputs = Object.keys(JSON.parse(draft.files["secrets/config.json"]!) as object);
  const testingValues = Object.fromEntries(inputs.flatMap((name) => {
    const value = options.env[credentialVariable({ name, title: name, description: "", secret: false, placeholder: "" })];
    return value === undefined ? [] : [[name, value]];
  }));
  const connector = build(testingValues);
  const missing = inputs.filter((name) => testingValues[name] === undefined);
  connector.report.push(missing.length ? `testing values to fill in secrets/config.json: ${missing.join(", ")} (or give SLUICE_${missing[0]!.toUpperCase()}=... and the like)` : "testing values: every input from the environment");
  if (options.probe) await confirmStreams(sluice, connector, testingValues);
  return connector;
}

/** Test-reads each stream; a paginator that repeats its first page becomes NoPagination, written back into the manifest. */
async function confirmStreams(sluice: Sluice, connector: OpenApiConnector, config: Record<string, string>): Promise<void> {
  const manifest = parse(connector.files["manifest.yaml"]!) as Json;
  let changed = false;
  for (const { name, primaryKey } of connector.streams) {
    const read = (await testRead(sluice, { manifest, config, streams: [name], limits: { pages: 3, slices: 1, records: 10_000 } })).streams[0];
    const stream = manifest.definitions.streams[name] as Json;
    const paginated = stream.retriever.paginator?.type !== "NoPagination";
    const confirmation = confirmPaginator(read, primaryKey);
    if (paginated && /repeated the first page/.test(confirmation.text)) {
      stream.retriever.paginator = { type: "NoPagination" };
      changed = true;
      connector.report.push(`probe ${name}: ${confirmation.text}: the paginator is turned down, one page a read`);
    } else if (read?.error) connector.report.push(`probe ${name}: the read failed: ${read.error.split("\n")[0]}`);
    else connector.report.push(`probe ${name}: ${paginated ? confirmation.text : `${read?.records ?? 0} records in one page`}`);
  }
  if (!changed) return;
  const comments = connector.files["manifest.yaml"]!.split("\n").filter((line, i, lines) => line.startsWith("#") && lines.slice(0, i).every((l) => l.startsWith("#")));
  connector.files["manifest.yaml"] = [...comments, yamlText(manifest)].join("\n");
}
