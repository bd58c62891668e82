import { CustomCodeLoader, PythonRuntime, SluiceError } from "../../sdk/index.js";
import type { ManifestProblem } from "../manifest/validate-manifest.js";
import { joinPath, renderPath } from "../../pure/manifest-path.js";
import { walkObjects } from "../../pure/walk-objects.js";
import { nearestMatch } from "../../pure/nearest-match.js";
import type { ManifestInspection } from "../connector/define-connector.js";
import type { Sluice } from "../sluice.js";
import { isInlineSchemaBody } from "../manifest/inline-schema-body.js";
import { customClassSites } from "../manifest/custom-class-sites.js";

/** A problem found beyond the schema, with the code `validate` shows it under. */
interface StructureProblem extends ManifestProblem {
  code: string;
}

type Json = Record<string, unknown>;

/** The manifest's streams with their paths; a `ConditionalStreams` entry stands for its streams. */
function streamsOf(manifest: Json): Array<{ stream: Json; path: string }> {
  const entries = Array.isArray(manifest.streams) ? (manifest.streams as Json[]) : [];
  return entries.flatMap((stream, i) => {
    const path = joinPath("streams", i);
    if (stream?.type !== "ConditionalStreams" || !Array.isArray(stream.streams)) return [{ stream, path }];
    return (stream.streams as Json[]).map((inner, j) => ({ stream: inner, path: joinPath(joinPath(path, "streams"), j) }));
  });
}

/**
 * What the schema lets through and a read would trip on later: a stream without a name, `check.stream_names`
 * naming no stream, a `url_base` without a scheme (`127.0.0.1:4106`), and (in {@link customClassProblems})
 * a custom `class_name` whose file or export does not exist.
 *
 * @example
 * structureProblems({ check: { stream_names: ["user"] }, streams: [{ name: "users" }] })
 * // [{ code: "STREAM_NOT_FOUND", path: "check.stream_names[0]", message: "names no stream: 'user' (did you mean 'users'?)" }]
 */
export function structureProblems(manifest: Json): StructureProblem[] {
  const problems: StructureProblem[] = [];
  const streams = streamsOf(manifest);
  const names = streams.map(({ stream }) => stream?.name);
  names.forEach((name, i) => {
    if (typeof name !== "string" || name.trim() === "") {
      problems.push({ code: "MANIFEST_INVALID", path: joinPath(streams[i]!.path, "name"), message: "a stream has no name: every stream needs one (it names the stream in the catalog, its state and its records)", expected: "name: <stream name>", found: name === undefined ? "nothing" : JSON.stringify(name) });
    }
  });
  const known = names.filter((n): n is string => typeof n === "string");
  const check = manifest.check as Json | undefined;
  // Dynamic streams get their names at run time, so a check naming one cannot be judged here.
  const checked = manifest.dynamic_streams === undefined && Array.isArray(check?.stream_names) ? (check!.stream_names as unknown[]) : [];
  checked.forEach((name, i) => {
    if (typeof name === "string" && known.includes(name)) return;
    const near = typeof name === "string" ? nearestMatch(name, known) : undefined;
    problems.push({ code: "STREAM_NOT_FOUND", path: joinPath(joinPath("check", "stream_names"), i), message: `names no stream: ${JSON.stringify(name)}${near ? ` (did you mean '${near}'?)` : ""}`, expected: `one of ${known.join(", ") || "(no streams)"}`, found: JSON.stringify(name) });
  });
  // Inline schemas are JSON Schema, not components: a `url_base` there is a property's name.
  walkObjects(manifest, (def, path) => {
    if (typeof def.url_base === "string") checkUrlBase(def.url_base, renderPath([...path, "url_base"]), problems);
    const top = path.length === 0;
    return (key) => !(top && (key === "definitions" || key === "spec" || key === "schemas")) && !isInlineSchemaBody(def, key);
  });
  return problems;
}

function checkUrlBase(url: string, path: string, problems: StructureProblem[]): void {
  const literal = url.replace(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g, "");
  // A template may supply the whole base (`{{ config['base_url'] }}`); only a literal start is checked.
  if (!/^[^{]/.test(url) || literal === "" || /^https?:\/\//i.test(url)) return;
  problems.push({ code: "REQUEST_URL_INVALID", path, message: `url_base ${JSON.stringify(url)} has no scheme: write http:// or https:// before the host`, expected: `https://${url.replace(/^\/+/, "")}`, found: JSON.stringify(url) });
}

/**
 * A custom `class_name` whose module or export does not exist, found without a config or a request: the
 * loader resolves the file in the connector folder and imports it (the connector's own code, when this
 * host trusts custom code; an untrusted host gets CUSTOM_CODE_REFUSED from the schema check already). A
 * Python module is not run: its classes are read with Python's `ast`.
 */
export async function customClassProblems(sluice: Sluice, inspection: ManifestInspection): Promise<StructureProblem[]> {
  const loader = sluice.services.get(CustomCodeLoader);
  if (!loader.trusted) return [];
  const found = customClassSites(inspection.analysis.manifest, { definitions: false });
  const problems: StructureProblem[] = [];
  const seen = new Set<string>();
  for (const { className, path } of found) {
    if (seen.has(className)) continue;
    seen.add(className);
    try {
      const loaded = await loader.loadClass({ className, connectorDir: inspection.source.dir, where: { manifestPath: path } });
      if (loaded.python) {
        // Read with Python's ast: the module is not run.
        const { found: defined, classes } = await sluice.services.get(PythonRuntime).check(loaded.file, loaded.python.className, { manifestPath: path });
        if (!defined) {
          problems.push({ code: "PYTHON_CLASS_NOT_FOUND", path, message: `${loaded.file} defines no class ${loaded.python.className}`, expected: `class ${loaded.python.className}`, found: classes.length ? `classes: ${classes.join(", ")}` : "no classes" });
        }
      }
    } catch (error) {
      if (!(error instanceof SluiceError)) throw error;
      problems.push({ code: error.code, path, message: error.message, expected: error.expected, found: error.found });
    }
  }
  return problems;
}
