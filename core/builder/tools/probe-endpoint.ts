import { SluiceError, Type } from "../../../sdk/index.js";
import { createInterpolator } from "../../../templates/index.js";
import { setPath, unsetPath } from "../../../python/index.js";
import { splitPath } from "../../../pure/manifest-path.js";
import { parseManifestText } from "../../manifest/parse-manifest-text.js";
import { defineMcpTool, type McpToolContext } from "./mcp-tool.js";

/** The name of the stream a probe reads, added to a copy of the manifest (never saved). */
const PROBE = "probe_endpoint";

type JsonObject = Record<string, unknown>;

/** `probe_endpoint`: detection from one response of a URL of the connector's API, with its authenticator. */
export const probeEndpoint = defineMcpTool({
  name: "probe_endpoint",
  description:
    "Sends one request to a URL of the connector's API with its authenticator and testing values (those of the first stream, or of like_stream), and detects from the response: " +
    "the records path, the primary key, the page size and the pagination, each with its evidence; each paginator guessed is confirmed by reading a few pages, and what could not be decided is listed. " +
    "Nothing is saved: put the changes into a stream with write_manifest. The URL must be on the origin of the connector's url_base (credentials never go elsewhere).",
  input: Type.Object({
    url: Type.String({ description: "the endpoint's whole URL, query included, e.g. https://api.example.com/v1/users?limit=50" }),
    method: Type.Optional(Type.Union([Type.Literal("GET"), Type.Literal("POST")], { description: "default GET" })),
    body: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: "a JSON body to send (a POST search endpoint)" })),
    like_stream: Type.Optional(Type.String({ description: "the stream whose requester (authenticator, headers) the probe copies; default the first" })),
  }),
  async run(input, context) {
    const { api } = context;
    const { stream, manifest } = await requesterStream(context, input.like_stream);
    const url = parseUrl(input.url);
    const requester = (stream.retriever as JsonObject).requester as JsonObject;
    const apiOrigin = await renderedOrigin(context, requester);
    if (url.origin !== apiOrigin) {
      throw new SluiceError("MCP_PROBE_FOREIGN_ORIGIN", `probe_endpoint sends the connector's credentials only to its API's origin ${apiOrigin}, not to ${url.origin}`, {
        failureType: "config_error",
        expected: `a URL on ${apiOrigin}`,
        found: url.origin,
      });
    }
    const probe = probeStream(stream, url, input.method ?? "GET", input.body);
    const text = JSON.stringify({ ...manifest, streams: [...(manifest.streams as unknown[]), probe] });
    const { request, changes, confirmation, rejected, undecided } = await api.detect({ text, stream: PROBE });
    const relative = changes.map(({ field, path, value, evidence }) => ({ field, path: path.replace(/^streams\[\d+\]\./, ""), value, evidence }));
    return { request, changes: relative, confirmation, rejected, undecided, stream: suggestedStream(probe, relative) };
  },
});

/** The resolved manifest and the stream whose requester the probe copies. */
async function requesterStream({ api, folder, sluice }: McpToolContext, like: string | undefined): Promise<{ stream: JsonObject; manifest: JsonObject }> {
  const parsed = await parseManifestText((await api.readManifest()).text, folder.manifestFile);
  const manifest = (await sluice.inspect({ manifest: parsed as JsonObject, searchFrom: folder.dir })).analysis.manifest;
  const streams = (Array.isArray(manifest.streams) ? manifest.streams : []) as JsonObject[];
  const stream = like === undefined ? streams[0] : streams.find((s) => s.name === like);
  const requester = (stream?.retriever as JsonObject | undefined)?.requester as JsonObject | undefined;
  if (!stream || !requester || typeof (requester.url_base ?? requester.url) !== "string") {
    throw new SluiceError("MCP_TOOL_INPUT_INVALID", like === undefined ? "The manifest has no stream with an HttpRequester to copy the authenticator from" : `No stream '${like}' with an HttpRequester`, {
      failureType: "config_error",
      expected: "a stream whose retriever has an HttpRequester with a url_base",
      found: like ?? `${streams.length} streams`,
    });
  }
  return { stream, manifest };
}

/** The origin of the requester's `url_base` (or `url`), rendered with the testing values. */
async function renderedOrigin({ folder }: McpToolContext, requester: JsonObject): Promise<string> {
  const template = String(requester.url_base ?? requester.url);
  const rendered = createInterpolator().compile(template, { path: "url_base" }).render({ config: await folder.readTestingValues(), parameters: {} });
  return parseUrl(rendered).origin;
}

/** A copy of `stream` that reads `url` once: no paginator, router or cursor, the whole body as its record. */
function probeStream(stream: JsonObject, url: URL, method: string, body: JsonObject | undefined): JsonObject {
  const retriever = stream.retriever as JsonObject;
  const { url: _url, request_body_json: _json, request_body_data: _data, request_body: _body, ...requester } = retriever.requester as JsonObject;
  return {
    type: "DeclarativeStream",
    name: PROBE,
    schema_loader: { type: "InlineSchemaLoader", schema: { type: "object" } },
    retriever: {
      type: "SimpleRetriever",
      requester: {
        ...requester,
        url_base: url.origin,
        path: url.pathname,
        http_method: method,
        request_parameters: Object.fromEntries(url.searchParams),
        ...(body ? { request_body_json: body } : {}),
      },
      record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
    },
  };
}

/**
 * The probed request as a stream's parts with the detection applied (records path, primary key,
 * paginator, a colliding parameter removed): what to put into the manifest's stream, beside its
 * requester's `url_base` and authenticator.
 */
function suggestedStream(probe: JsonObject, changes: ReadonlyArray<{ path: string; value: unknown }>): JsonObject {
  const retriever = probe.retriever as JsonObject;
  const { path, http_method, request_parameters, request_body_json } = retriever.requester as JsonObject;
  const stream: JsonObject = { retriever: { requester: { path, http_method, request_parameters, request_body_json }, record_selector: retriever.record_selector } };
  for (const change of changes) setAt(stream, splitPath(change.path).map(String), change.value);
  return stream;
}

function setAt(target: JsonObject, path: readonly string[], value: unknown): void {
  if (value === undefined) unsetPath(target, path);
  else setPath(target, path, value);
}

function parseUrl(text: string): URL {
  try {
    const url = new URL(text);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // named below
  }
  throw new SluiceError("MCP_TOOL_INPUT_INVALID", `Not an http(s) URL: ${JSON.stringify(text.slice(0, 200))}`, { failureType: "config_error", expected: "an absolute http:// or https:// URL", found: text.slice(0, 200) });
}
