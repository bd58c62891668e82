import { basename, isAbsolute, join } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { openApiConnector } from "../init/openapi/openapi-connector.js";
import { readOpenApi } from "../init/openapi/read-openapi.js";
import { parseManifestText } from "../manifest/parse-manifest-text.js";
import type { ImportOpenApiRequest, ImportOpenApiResult } from "./builder-api-types.js";
import type { BuilderFolder } from "./builder-folder.js";

export type { ImportOpenApiRequest, ImportOpenApiResult } from "./builder-api-types.js";
import { confinedPath } from "./folder-path.js";


/**
 * `sluice init --openapi` for a connector folder that already exists (the Builder's "Import OpenAPI",
 * the `import_openapi` tool): the generated manifest replaces the folder's (refused when that one has
 * streams, unless `replace`; the untouched scaffold of a new connector counts as none), and the testing values gain the new inputs, empty, keeping every value
 * already there. A document path must lie inside the folder.
 *
 * @example
 * const { streams, report } = await importOpenApi(folder, { source: "https://api.example.com/openapi.json" });
 */
export async function importOpenApi(folder: BuilderFolder, request: ImportOpenApiRequest): Promise<ImportOpenApiResult> {
  const current = await folder.readManifest();
  const existing = folder.isUntouchedScaffold(current.text) ? 0 : await streamCount(current.text, folder.manifestFile);
  if (existing > 0 && !request.replace) {
    throw new SluiceError("BUILDER_IMPORT_REPLACES_STREAMS", `The manifest has ${existing} stream${existing === 1 ? "" : "s"} the import would replace; nothing was written`, {
      failureType: "config_error",
      where: { file: folder.manifestFile },
      expected: "a manifest with no streams, or replace: true",
      found: `${existing} stream${existing === 1 ? "" : "s"}`,
    });
  }
  const source = request.source ?? "openapi document";
  const isUrl = /^https?:\/\//i.test(source);
  if (request.text === undefined && !isUrl) {
    if (isAbsolute(source) || !request.source) throw badSource(source);
    await confinedPath(folder.dir, join(folder.dir, source), { what: "The OpenAPI document" });
  }
  const doc = await readOpenApi(source, folder.dir, request.text === undefined ? {} : { text: request.text });
  const values = await folder.readTestingValues();
  const connector = openApiConnector(doc, { name: basename(folder.dir), url: request.url, streams: request.streams });
  const inputs = Object.keys(JSON.parse(connector.files["secrets/config.json"]!) as object);
  const manifest = await folder.saveManifest(connector.files["manifest.yaml"]!, { baseHash: current.hash });
  const missing = inputs.filter((name) => !(name in values));
  if (missing.length) await folder.writeTestingValues({ ...values, ...Object.fromEntries(missing.map((name) => [name, ""])) });
  return { manifest, streams: connector.streams.map((s) => s.name), report: connector.report, inputs };
}

async function streamCount(text: string, file: string): Promise<number> {
  const manifest = (await parseManifestText(text, file).catch(() => undefined)) as { streams?: unknown[] } | undefined;
  return Array.isArray(manifest?.streams) ? manifest.streams.length : 0;
}

function badSource(source: string): SluiceError {
  return new SluiceError("INIT_OPENAPI_INVALID", `The OpenAPI document ${source} is neither a URL nor a file inside the connector folder`, {
    failureType: "config_error",
    expected: "an http(s) URL, a path relative to the connector folder, or the document's text",
    found: source,
  });
}
