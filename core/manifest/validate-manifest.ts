import type { ErrorObject } from "ajv";
import { COMPONENT_KIND_KEYWORD, ManifestError, type DefinitionSchema } from "../../sdk/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import { joinPath, pointerToPath } from "../../pure/manifest-path.js";
import { nearestMatch } from "../../pure/nearest-match.js";
import { componentValidator } from "./component-validators.js";

/** Options of {@link validateManifest}. */
interface ValidateOptions {
  file?: string;
  /** When false, a component that runs code named by the manifest is refused here, before any request. */
  trustCustomCode: boolean;
  /** The manifest path of `root` (a definition generated while building: a dynamic stream). Default: the root. */
  rootPath?: string;
  /** The kinds `root` may be. Default: the kind of its own type (a source). */
  rootKinds?: readonly string[];
}

/** One problem found in a manifest. */
export interface ManifestProblem {
  path: string;
  message: string;
  expected?: string;
  found?: string;
  /** The path of a misspelt key this problem already names (its unknown-field warning is then left out). */
  misspelling?: string;
}

const MAX_PROBLEMS = 25;

/**
 * Checks a resolved manifest against the JSON Schema of every component it uses, as registered by the
 * plugins (no central switch), and reports every problem at once with its manifest path. An unknown
 * `type` lists the known types of that kind and the nearest match.
 *
 * @example
 * validateManifest(resolved, registry, { file: "manifest.yaml", trustCustomCode: true });
 * // ManifestError: streams[0].retriever.paginator.pagination_strategy: unknown type 'OfsetIncrement' (did you mean OffsetIncrement?)
 */
export function validateManifest(root: Record<string, unknown>, registry: ComponentRegistry, options: ValidateOptions): void {
  const problems = findManifestProblems(root, registry, options);
  if (problems.length > 0) throw problemsError(problems, options.file);
}

/**
 * Every problem {@link validateManifest} would report (up to `max`, default 25), without throwing:
 * what `sluice validate` lists.
 *
 * @example
 * findManifestProblems(resolved, registry, { trustCustomCode: true, max: 500 }).map((p) => p.path);
 */
export function findManifestProblems(root: Record<string, unknown>, registry: ComponentRegistry, options: ValidateOptions & { max?: number }): ManifestProblem[] {
  const max = options.max ?? MAX_PROBLEMS;
  const problems: ManifestProblem[] = [];
  const visit = (definition: unknown, path: string, kinds: readonly string[]): void => {
    if (problems.length >= max) return;
    if (typeof definition !== "object" || definition === null || Array.isArray(definition)) {
      problems.push({ path, message: `expected a component definition (${kinds.join(" or ")})`, expected: "an object with a type", found: describe(definition) });
      return;
    }
    const def = definition as Record<string, unknown>;
    const factory = typeof def.type === "string" ? registry.find(def.type) : undefined;
    if (!factory) {
      problems.push(unknownType(def.type, path, kinds, registry));
      return;
    }
    if (kinds.length > 0 && !kinds.includes(factory.kind)) {
      problems.push({ path, message: `a ${factory.type} cannot be used here`, expected: `a component of kind ${kinds.join(" or ")} (${kinds.flatMap((k) => registry.typesOfKind(k)).join(", ")})`, found: `${factory.type} (kind ${factory.kind})` });
      return;
    }
    if (factory.runsCustomCode && !options.trustCustomCode) {
      problems.push({ path, message: `${factory.type} runs custom code (${String(def.class_name ?? "")}), and this host does not allow custom code`, expected: "a manifest without custom components, or a host that trusts custom code", found: factory.type });
      return;
    }
    const validate = componentValidator(factory);
    problems.push(...schemaProblems(validate(def) ? [] : (validate.errors ?? []), path));
    for (const child of componentChildren(factory.schema, def, path)) visit(child.definition, child.path, child.kinds);
  };
  visit(root, options.rootPath ?? "", options.rootKinds ?? [registry.find(String(root.type))?.kind ?? "source"]);
  return problems.slice(0, max);
}

/** The component-valued fields of a definition, found through the `x-sluice-kind` marks of its schema. */
export function* componentChildren(
  schema: DefinitionSchema,
  def: Record<string, unknown>,
  path: string,
): Generator<{ definition: unknown; path: string; kinds: readonly string[]; field: string }> {
  const properties = (schema.properties ?? {}) as Record<string, DefinitionSchema>;
  for (const [field, fieldSchema] of Object.entries(properties)) {
    const value = def[field];
    if (value === undefined || value === null) continue;
    const direct = fieldSchema[COMPONENT_KIND_KEYWORD] as string[] | undefined;
    const items = (fieldSchema.items as DefinitionSchema | undefined)?.[COMPONENT_KIND_KEYWORD] as string[] | undefined;
    const values = (fieldSchema.additionalProperties as DefinitionSchema | undefined)?.[COMPONENT_KIND_KEYWORD] as string[] | undefined;
    const fieldPath = joinPath(path, field);
    if (direct && Array.isArray(value)) for (const [i, item] of value.entries()) yield { definition: item, path: joinPath(fieldPath, i), kinds: direct, field };
    else if (direct) yield { definition: value, path: fieldPath, kinds: direct, field };
    else if (items && Array.isArray(value)) for (const [i, item] of value.entries()) yield { definition: item, path: joinPath(fieldPath, i), kinds: items, field };
    else if (values && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, item] of Object.entries(value)) yield { definition: item, path: joinPath(fieldPath, key), kinds: values, field };
    }
  }
}

function unknownType(type: unknown, path: string, kinds: readonly string[], registry: ComponentRegistry): ManifestProblem {
  const known = kinds.length > 0 ? kinds.flatMap((k) => registry.typesOfKind(k)) : registry.types();
  if (typeof type !== "string") {
    return { path, message: "the definition has no type, and none is implied here", expected: `a type: ${known.join(", ")}`, found: type === undefined ? "no type" : describe(type) };
  }
  const near = nearestMatch(type, known) ?? nearestMatch(type, registry.types());
  return {
    path,
    message: `unknown component type '${type}'${near ? ` (did you mean ${near}?)` : ""}`,
    expected: `one of: ${known.join(", ") || "(no type of this kind is registered)"}`,
    found: type,
  };
}

/**
 * A definition's schema errors as problems a person reads: a missing required field names the unknown key
 * that is probably its misspelling (`stream:` for `streams:`), and the `anyOf`/`oneOf` summary is left out
 * where a branch's own error at the same place already says what is wrong.
 */
function schemaProblems(errors: ErrorObject[], base: string): ManifestProblem[] {
  const specific = new Set(errors.filter((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf").map((e) => e.instancePath));
  const problemOf = (error: ErrorObject): ManifestProblem => {
    const problem = fromAjv(error, base);
    // fromAjv names a near-miss key for a missing required field: remember where it is written.
    if (error.keyword === "required" && problem.found !== "nothing" && problem.found) problem.misspelling = joinPath(pointerToPath(base, error.instancePath), problem.found.slice(1, -1));
    return problem;
  };
  // Required fields of alternatives (`streams` or `dynamic_streams`): the one a misspelling points at, else one problem naming them all.
  const alternatives = errors.filter((e) => e.keyword === "required" && /\/(anyOf|oneOf)\/\d+\/required$/.test(e.schemaPath));
  const pointed = alternatives.find((e) => problemOf(e).misspelling !== undefined);
  const problems: ManifestProblem[] = [];
  const seen = new Set<string>();
  const add = (problem: ManifestProblem) => {
    const key = `${problem.path}\u0000${problem.message}`;
    if (!seen.has(key)) problems.push(problem);
    seen.add(key);
  };
  for (const error of errors) {
    if ((error.keyword === "anyOf" || error.keyword === "oneOf") && specific.has(error.instancePath)) continue;
    if (alternatives.includes(error) && error !== (pointed ?? alternatives[0])) continue;
    if (!pointed && alternatives.length > 1 && error === alternatives[0]) {
      const names = alternatives.map((e) => `'${String((e.params as Record<string, unknown>).missingProperty)}'`);
      add({ path: pointerToPath(base, error.instancePath), message: `a required field is missing: one of ${names.join(", ")}`, expected: names.join(" or "), found: "none of them" });
    } else add(problemOf(error));
  }
  return problems;
}

function fromAjv(error: ErrorObject, base: string): ManifestProblem {
  const path = pointerToPath(base, error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "required") {
    const missing = String(params.missingProperty);
    // A misspelled field (`feild_path`) is why a required one is missing: name it.
    const present = error.data !== null && typeof error.data === "object" ? Object.keys(error.data as object).filter((key) => key !== missing) : [];
    const near = nearestMatch(missing, present);
    return {
      path: joinPath(path, missing),
      message: `a required field is missing${near ? ` (did you mean '${missing}' where '${near}' is written?)` : ""}`,
      expected: `the field '${missing}'${near ? ` (rename '${near}')` : ""}`,
      found: near ? `'${near}'` : "nothing",
    };
  }
  if (error.keyword === "enum") return { path, message: "the value is not one of the allowed values", expected: (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", "), found: describe(error.data) };
  if (error.keyword === "type") return { path, message: `the value has the wrong type`, expected: String(params.type), found: describe(error.data) };
  return { path, message: error.message ?? error.keyword, found: describe(error.data) };
}

function describe(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One error listing every problem (the first 25), coded by the first. */
export function problemsError(problems: ManifestProblem[], file?: string): ManifestError {
  const first = problems[0]!;
  const lines = problems.map((p) => `  - ${p.path || "(root)"}: ${p.message}${p.expected ? `; expected ${p.expected}` : ""}${p.found ? `; found ${p.found}` : ""}`);
  const more = problems.length >= MAX_PROBLEMS ? "\n  (stopped after 25 problems)" : "";
  const code = first.message.startsWith("unknown component type") ? "MANIFEST_UNKNOWN_TYPE" : first.message.includes("custom code") ? "CUSTOM_CODE_REFUSED" : "MANIFEST_INVALID";
  return new ManifestError(code, `The manifest is not valid (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${lines.join("\n")}${more}`, {
    where: { file, manifestPath: first.path },
    expected: first.expected,
    found: first.found,
  });
}
