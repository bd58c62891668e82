import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * Where a stream of a resolved manifest declares its JSON Schema, and whether it declares one:
 * - `inline`: an `InlineSchemaLoader` (its `schema`);
 * - `file`: a `JsonFileSchemaLoader` (its `file_path`, default `schemas/<stream name>.json`, relative to
 *   the connector folder), `exists` when the file is there;
 * - `none`: no `schema_loader`;
 * - `other`: a loader Sluice cannot read without running it (a `CustomSchemaLoader`, a list).
 *
 * @example
 * declaredSchema({ name: "users", schema_loader: { type: "JsonFileSchemaLoader" } }, "/connectors/acme")
 * // { kind: "file", file: "schemas/users.json", path: "/connectors/acme/schemas/users.json", exists: true }
 */
export type DeclaredSchema =
  | { kind: "inline"; schema: Record<string, unknown> }
  | { kind: "file"; file: string; path: string; exists: boolean }
  | { kind: "none" }
  | { kind: "other"; type: string };

/** The {@link DeclaredSchema} of one resolved stream definition; `dir` is the connector folder. */
export function declaredSchema(stream: Record<string, unknown>, dir: string): DeclaredSchema {
  const loader = stream.schema_loader;
  if (loader === undefined || loader === null) return { kind: "none" };
  if (typeof loader !== "object" || Array.isArray(loader)) return { kind: "other", type: Array.isArray(loader) ? "a list of loaders" : typeof loader };
  const { type, schema, file_path: filePath, name } = loader as Record<string, unknown>;
  if (type === "InlineSchemaLoader") return { kind: "inline", schema: isJsonObject(schema) ? schema : {} };
  if (type === "JsonFileSchemaLoader" || type === undefined) {
    // As the loader reads it (plugins/stream/schema-loaders.ts): a kit-generated `./source_x/` prefix means the folder itself.
    const file = (typeof filePath === "string" ? filePath : `schemas/${String(name ?? stream.name ?? "stream")}.json`).replace(/^\.\/source_[a-z0-9_]+\//, "./").replace(/^\.\//, "");
    const path = resolve(dir, file);
    return { kind: "file", file, path, exists: existsSync(path) };
  }
  return { kind: "other", type: String(type) };
}

/**
 * Whether a stream declares no schema a catalog can use: no loader, an inline schema without
 * `properties`, or a schema file that is not there (the kit's default loader falls back to an empty
 * schema then). `sluice discover --detect-schemas` detects the schemas of these streams.
 *
 * @example
 * declaresNoSchema({ kind: "inline", schema: { type: "object" } }) // true
 */
export function declaresNoSchema(declared: DeclaredSchema): boolean {
  if (declared.kind === "none") return true;
  if (declared.kind === "inline") return !isJsonObject(declared.schema.properties) || Object.keys(declared.schema.properties).length === 0;
  if (declared.kind === "file") return !declared.exists;
  return false;
}

