import { mkdir } from "node:fs/promises";
import { writeFileAtomic } from "../config/write-file-atomic.js";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { SluiceError } from "../../sdk/index.js";
import { confinedPath } from "./folder-path.js";
import { SourcePositions } from "../manifest/source-positions.js";
import { declaredSchema, type DeclaredSchema } from "../schema/declared-schema.js";
import { schemaDifferences } from "../schema/schema-differences.js";
import { inferSchema } from "../schema/schema-inferrer.js";
import { fieldOrigin } from "../manifest/field-origin.js";
import type { DetectedSchemaView, SchemaTarget } from "./builder-api-types.js";

export type { DetectedSchemaView, SchemaTarget } from "./builder-api-types.js";

/** What the page asks for a stream's detected schema: the records of its test read and the manifest as typed. */
interface DetectSchemaRequest {
  /** The resolved manifest of the page's text. */
  resolved: Record<string, unknown>;
  text: string;
  stream: string;
  records: Array<Record<string, unknown>>;
  dateTimeFormats?: boolean;
}

/**
 * The Builder's detected schema of one stream: the schema inferred from the test read's records (the
 * kit's shape, core/schema/), the declared one beside it, their differences, and where accepting it
 * writes (the stream's inline `schema_loader`, or its schema file when it has a `JsonFileSchemaLoader`).
 *
 * @example
 * detectedSchema({ resolved, text, stream: "users", records }, "/connectors/acme", readJson)
 */
export async function detectedSchema(request: DetectSchemaRequest, dir: string, readFileJson: (path: string) => Promise<unknown>): Promise<DetectedSchemaView> {
  const { index, declaration } = streamDeclaration(request.resolved, request.stream, dir);
  let declared: Record<string, unknown> | null = null;
  if (declaration.kind === "inline") declared = declaration.schema;
  if (declaration.kind === "file" && declaration.exists) {
    await confinedPath(dir, declaration.path, { what: "The schema file" });
    declared = (await readFileJson(declaration.path).catch(() => null)) as Record<string, unknown> | null;
  }
  const inferred = inferSchema(request.records, { dateTimeFormats: request.dateTimeFormats }) ?? null;
  const positions = SourcePositions.parse(request.text);
  let target: SchemaTarget;
  if (declaration.kind === "file") target = { kind: "file", file: declaration.file };
  else if (declaration.kind === "other") target = { kind: "none", reason: `the stream's schema comes from ${declaration.type}; write it there` };
  else {
    const wrap = declaration.kind === "none";
    const origin = fieldOrigin(positions, `streams[${index}].schema_loader${wrap ? "" : ".schema"}`);
    target = { kind: "inline", segments: origin.segments, sourcePath: origin.sourcePath, wrap };
  }
  return {
    inferred,
    declared,
    declaredIn: declaration.kind === "file" ? { kind: "file", file: declaration.file } : { kind: declaration.kind },
    differences: schemaDifferences(request.records, declared ?? {}),
    target,
  };
}

/**
 * Writes an accepted schema into the schema file the stream's `JsonFileSchemaLoader` reads
 * (`schemas/users.json`); the file is the manifest's, never the page's choice. A stream without one, or
 * whose `file_path` leads out of the connector folder or into `secrets/` (as written, or through a symlink:
 * checked on its real path) is refused (`BUILDER_BAD_REQUEST`).
 */
export async function writeSchemaFile(request: { resolved: Record<string, unknown>; stream: string; schema: Record<string, unknown> }, dir: string): Promise<string> {
  const { declaration } = streamDeclaration(request.resolved, request.stream, dir);
  if (declaration.kind !== "file") {
    throw new SluiceError("BUILDER_BAD_REQUEST", `The stream '${request.stream}' has no schema file to write (its schema is ${declaration.kind === "none" ? "not declared" : `declared ${declaration.kind}`})`, { failureType: "config_error", expected: "a JsonFileSchemaLoader", found: declaration.kind });
  }
  const { path, file } = declaration;
  const inside = relative(dir, path);
  if (inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside) || inside.split(sep)[0] === "secrets" || !file.endsWith(".json")) {
    throw new SluiceError("BUILDER_BAD_REQUEST", `The schema file '${file}' is outside the connector folder's schema files`, { failureType: "config_error", expected: "a .json file_path inside the connector folder, not under secrets/", found: file });
  }
  await confinedPath(dir, path, { what: "The schema file", write: true });
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, `${JSON.stringify(request.schema, null, 2)}\n`, 0o644);
  return file;
}

function streamDeclaration(resolved: Record<string, unknown>, name: string, dir: string): { index: number; declaration: DeclaredSchema } {
  const streams = (Array.isArray(resolved.streams) ? resolved.streams : []) as Array<Record<string, unknown>>;
  const index = streams.findIndex((s) => s?.name === name);
  if (index < 0) throw new SluiceError("BUILDER_BAD_REQUEST", `The manifest has no stream named '${name}'`, { failureType: "config_error", expected: streams.map((s) => String(s?.name)).join(", ") || "a stream", found: name });
  return { index, declaration: declaredSchema(streams[index]!, dir) };
}
