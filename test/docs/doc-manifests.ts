import { parseAllDocuments } from "yaml";
import { createSluice, type SluicePlugin } from "../../core/index.js";
import { loadPlugins } from "../../core/loader/index.js";
import { validateConnector } from "../../core/validate/validate-connector.js";
import { oneStreamManifest, streamDef } from "../support/manifest-builder.js";
import type { DocBlock } from "./doc-blocks.js";

type Json = Record<string, unknown>;

const URL_BASE = "https://api.example.com/v1";

/**
 * The definitions every wrapped fragment may `$ref`, as the docs' fragments do
 * (`$ref: "#/definitions/requester"`, `stream: "#/definitions/streams/issues"`).
 */
function sharedDefinitions(): Json {
  const requester = { type: "HttpRequester", url_base: URL_BASE, http_method: "GET" };
  const stream = (name: string, extra: Json = {}) => streamDef({ urlBase: URL_BASE, name, path: `/${name}`, fieldPath: ["data"], ...extra });
  const cursor = { type: "DatetimeBasedCursor", cursor_field: "updated_at", datetime_format: "%Y-%m-%dT%H:%M:%SZ", start_datetime: "{{ config['start_date'] }}" };
  return {
    requester,
    authenticator: { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" },
    api_key_authenticator: { type: "ApiKeyAuthenticator", api_token: "{{ config['api_key'] }}", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Api-Key" } },
    oauth_authenticator: { type: "OAuthAuthenticator", token_refresh_endpoint: `${URL_BASE}/token`, client_id: "{{ config['client_id'] }}", client_secret: "{{ config['client_secret'] }}", refresh_token: "{{ config['refresh_token'] }}" },
    retriever: (stream("items").retriever as Json),
    table_schema: { type: "InlineSchemaLoader", schema: { type: "object" } },
    streams: { issues: stream("issues") },
    boards: stream("boards"),
    // A StateDelegatingStream's two streams carry its name.
    orders_list: stream("orders"),
    orders_changes: stream("orders", { path: "/orders/changes", incrementalSync: cursor }),
  };
}

/** The manifest a fragment goes into when it names no other: one stream `items`, plus {@link sharedDefinitions}. */
export function minimalManifest(): Json {
  return oneStreamManifest({ urlBase: URL_BASE, source: { definitions: sharedDefinitions() } });
}

/** Where an object of `type` sits in the minimal manifest when the manifest has none yet. */
const SLOTS: Record<string, string[]> = {
  DeclarativeSource: [],
  DeclarativeStream: ["streams", "0"],
  SimpleRetriever: ["streams", "0", "retriever"],
  HttpRequester: ["streams", "0", "retriever", "requester"],
  DefaultPaginator: ["streams", "0", "retriever", "paginator"],
};

/** The first object of `type` in `value` (depth first, `definitions` last), with its parent. */
function findTyped(value: unknown, type: string): Json | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findTyped(item, type);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const object = value as Json;
  if (object.type === type) return object;
  for (const key of Object.keys(object).sort((a, b) => Number(a === "definitions") - Number(b === "definitions"))) {
    const found = findTyped(object[key], type);
    if (found) return found;
  }
  return undefined;
}

/** `fragment` merged into `target`: objects field by field, except an object of another `type`, which replaces. */
function mergeInto(target: Json, fragment: Json): void {
  for (const [key, value] of Object.entries(fragment)) {
    const current = target[key];
    const bothObjects = isObject(current) && isObject(value);
    const sameType = bothObjects && (value.type === undefined || value.type === current.type);
    if (bothObjects && sameType && !("$ref" in value)) mergeInto(current, value);
    else target[key] = value;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `fragment` placed into a copy of `base` where a `type` object is (see {@link SLOTS}); throws when there is no such place. */
export function wrapFragment(fragment: Json, type: string, base: Json): Json {
  const manifest = structuredClone(base);
  let target = findTyped(manifest, type);
  if (!target) {
    const slot = SLOTS[type];
    if (!slot) throw new Error(`no ${type} in the manifest to put the fragment into (put it "into previous" after a manifest that has one, or use one of ${Object.keys(SLOTS).join(", ")})`);
    const parent = slot.slice(0, -1).reduce<Json>((at, key) => at[key] as Json, manifest);
    target = { type };
    parent[slot.at(-1)!] = target;
  }
  mergeInto(target, fragment);
  // A fragment that brings its own streams is checked with its first stream, not the minimal manifest's `items`.
  const streams = manifest.streams as Json[] | undefined;
  if (type === "DeclarativeSource" && Array.isArray(fragment.streams) && !fragment.check && typeof streams?.[0]?.name === "string") {
    manifest.check = { type: "CheckStream", stream_names: [streams[0].name] };
  }
  return manifest;
}

/** What checking one manifest block found: the manifests it stands for, and what is wrong (empty: fine). */
export interface ManifestBlockResult {
  manifests: Json[];
  problems: string[];
}

/**
 * Checks a YAML/JSON manifest block with Sluice's own validator (`sluice validate` with a config: schema,
 * unknown fields, then the connector built, templates compiled and custom classes loaded from `dir`).
 * A block of several YAML documents (`---`) is several examples. A fragment is wrapped first; a block
 * marked `refused CODE` must be refused with that code; any other block must have no error and no warning.
 * A manifest block that is not a fragment is built with the block's config as it is (a whole manifest).
 *
 * @example
 * await checkManifestBlock(block, { dir: pageFolder, previous: lastManifest }) // { manifests: [...], problems: [] }
 */
export async function checkManifestBlock(block: DocBlock, options: { dir: string; previous?: Json }): Promise<ManifestBlockResult> {
  const result: ManifestBlockResult = { manifests: [], problems: [] };
  const documents = parseAllDocuments(block.text, { uniqueKeys: true });
  for (const [index, document] of (Array.isArray(documents) ? documents : [documents]).entries()) {
    const label = documents.length > 1 ? `document ${index + 1}: ` : "";
    if (document.errors.length) {
      result.problems.push(`${label}not valid YAML: ${document.errors.map((e) => e.message).join("; ")}`);
      continue;
    }
    const value = document.toJS() as unknown;
    if (!isObject(value)) {
      result.problems.push(`${label}expected a mapping (a manifest or a fragment of one), found ${JSON.stringify(value)}`);
      continue;
    }
    let manifest: Json;
    if (block.marker.fragmentOf) {
      try {
        manifest = wrapFragment(value, block.marker.fragmentOf, block.marker.intoPrevious && options.previous ? options.previous : minimalManifest());
      } catch (error) {
        result.problems.push(`${label}${(error as Error).message}`);
        continue;
      }
    } else if (value.type === "DeclarativeSource") manifest = value;
    else {
      result.problems.push(`${label}not a whole manifest (no "type: DeclarativeSource"): mark it <!-- docs-test: fragment of TYPE --> (TYPE: the component its fields belong to) or <!-- docs-test: skip: REASON -->`);
      continue;
    }
    result.problems.push(...(await validationProblems(manifest, block, options.dir)).map((p) => label + p));
    result.manifests.push(manifest);
  }
  return result;
}

/**
 * `sluice validate`'s findings on `manifest`, built with the block's config (default `{}`; none with
 * `schema only`), with the block's plugin loaded by Sluice's plugin loader, as a config file's would be.
 */
async function validationProblems(manifest: Json, block: DocBlock, dir: string): Promise<string[]> {
  const { plugin, refused, schemaOnly, config = {} } = block.marker;
  let plugins: SluicePlugin[];
  try {
    plugins = plugin ? await loadPlugins([`./${plugin}`], { base: dir, trusted: true }) : [];
  } catch (error) {
    return [`the plugin ${plugin} could not be loaded: ${(error as Error).message}`];
  }
  const sluice = createSluice({ plugins });
  try {
    const report = await validateConnector(sluice, { manifest, searchFrom: dir, ...(schemaOnly === undefined ? { config } : {}) });
    const findings = report.findings.map((f) => `${f.severity} [${f.code}] at ${f.path || "(root)"}: ${f.message}${f.expected ? `; expected ${f.expected}` : ""}${f.found ? `; found ${f.found}` : ""}`);
    if (refused === undefined) return findings;
    if (report.findings.some((f) => f.severity === "error" && f.code === refused)) return [];
    return [`marked "refused ${refused}", but Sluice ${findings.length ? `reported:\n  ${findings.join("\n  ")}` : "accepted it"}`];
  } finally {
    await sluice.close();
  }
}
