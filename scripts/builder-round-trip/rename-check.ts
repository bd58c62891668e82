import { join } from "node:path";
import { isScalar, isSeq, visit } from "yaml";
import { ManifestModel } from "../../builder-ui/model/manifest-model.js";
import { renameInput } from "../../builder-ui/model/rename-input.js";
import type { Sluice } from "../../core/sluice.js";
import { validateConnector } from "../../core/validate/validate-connector.js";

/** What the rename check counted over the corpus. */
export interface RenameTally {
  /** Manifests that load and whose spec has at least one top-level input. */
  withInput: number;
  renamed: number;
  refused: number;
  /** The text changed only at the name's characters (the old name put back gives the old text). */
  inPlace: number;
  /** No template, config path or spec entry names the old input any more. */
  noOldReference: number;
  /** The references the rename counted, and those an independent scan found before it. */
  references: number;
  scanned: number;
  /** The validator's findings are the same (severity, code, path with the name put back). */
  validatesSame: number;
  failures: string[];
}

export function renameTally(): RenameTally {
  return { withInput: 0, renamed: 0, refused: 0, inPlace: 0, noOldReference: 0, references: 0, scanned: 0, validatesSame: 0, failures: [] };
}

/**
 * Renames the manifest's first top-level input (the Inputs page's first, in the spec's `order`) with
 * the page's `renameInput` and checks that the text changed only at that name's characters, that no
 * reference to the old name is left (templates, config paths, the spec's `required`/`order`), that the
 * references the rename counted are those an independent scan finds, and that `sluice validate` (no
 * config) reports the same findings. `folder` holds the manifest as `manifest.yaml` (the validator's file).
 *
 * @example
 * const tally = renameTally();
 * await renameCheck(sluice, "stripe.yaml", text, resolvedManifest, "/tmp/rt/stripe", tally);
 * tally.inPlace // 1
 */
export async function renameCheck(sluice: Sluice, name: string, text: string, resolved: Record<string, unknown>, folder: string, tally: RenameTally): Promise<void> {
  const from = firstInput(resolved);
  if (from === undefined) return;
  tally.withInput++;
  // A name the rename accepts (an identifier; `x-api-key` becomes `x_api_key_renamed`) found nowhere in the text.
  const base = `${from.replace(/\W/g, "_").replace(/^(?=\d)/, "_")}_renamed`;
  let to = base;
  for (let n = 2; text.includes(to); n++) to = `${base}${n}`;
  const model = ManifestModel.parse(text);
  const result = renameInput(model, [from], to);
  if (!result.ok) {
    tally.refused++;
    tally.failures.push(`${name}: renaming ${from} refused: ${result.reason}`);
    return;
  }
  tally.renamed++;
  const after = result.model.text;
  // `to` is in no byte of the old text: putting the old name back where it is must give the old text.
  if (after.split(to).join(from) === text && after !== text) tally.inPlace++;
  else tally.failures.push(`${name}: renaming ${from} changed more than the name's characters`);

  const left = oldReferences(result.model, from);
  if (left.length === 0) tally.noOldReference++;
  else tally.failures.push(`${name}: after renaming ${from}, still named at ${left.slice(0, 3).join("; ")}`);
  const scanned = oldReferences(model, from).filter((r) => r.startsWith("template") || r.startsWith("config path")).length;
  tally.references += result.references;
  tally.scanned += scanned;
  if (scanned !== result.references) tally.failures.push(`${name}: renaming ${from} counted ${result.references} references, a scan finds ${scanned}`);

  const findings = async (manifest: string) =>
    (await validateConnector(sluice, { path: join(folder, "manifest.yaml"), text: manifest })).findings.map((f) => `${f.severity} ${f.code} ${f.path.split(to).join(from)}`).sort();
  const before = await findings(text);
  const renamed = await findings(after);
  if (JSON.stringify(before) === JSON.stringify(renamed)) tally.validatesSame++;
  else tally.failures.push(`${name}: renaming ${from} changed the validator's findings: ${renamed.filter((f) => !before.includes(f)).concat(before.filter((f) => !renamed.includes(f))).slice(0, 3).join("; ")}`);
}

/** The corpus numbers, one line each. */
export function renameSummary(t: RenameTally): string[] {
  return [
    `  Rename of the first input: ${t.withInput} manifests with an input, ${t.renamed} renamed (${t.refused} refused); ${t.inPlace} changed only the name's characters, ${t.noOldReference} left no reference to the old name, ${t.validatesSame} validate the same; ${t.references} references rewritten (${t.scanned} found by an independent scan)`,
  ];
}

/** The spec's first top-level input as the Inputs page lists it (by `order`, then as written). */
function firstInput(resolved: Record<string, unknown>): string | undefined {
  const spec = resolved.spec as { connection_specification?: { properties?: Record<string, { order?: unknown } | null> } } | undefined;
  const properties = spec?.connection_specification?.properties;
  if (!properties || typeof properties !== "object") return undefined;
  const order = (schema: { order?: unknown } | null) => (typeof schema?.order === "number" ? schema.order : Number.MAX_SAFE_INTEGER);
  return Object.entries(properties)
    .map(([key, schema], index) => ({ key, rank: order(schema), index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)[0]?.key;
}

/**
 * Where a written manifest still names the input `name`, found by a scan of its own (not the rename's
 * patterns): `config['name']`, `config["name"]`, `config.name`, `config.get('name'` inside `{{ }}` or
 * `{% %}` of any string (values and keys), config paths starting with it, and the spec's property,
 * `required` and `order` entries (wherever the spec is written: every `connection_specification`).
 */
function oldReferences(model: ManifestModel, name: string): string[] {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const reference = new RegExp(`(?<![\\w.])config\\s*(?:\\[\\s*(['"])${quoted}\\1\\s*\\]|\\.${quoted}\\b(?!\\s*\\()|\\.get\\(\\s*(['"])${quoted}\\2)`, "g");
  const found: string[] = [];
  visit(model.document, {
    Scalar(_key, node) {
      if (typeof node.value !== "string") return;
      for (const part of node.value.match(/\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g) ?? []) for (const _ of part.matchAll(reference)) found.push(`template ${JSON.stringify(node.value).slice(0, 80)}`);
    },
    Pair(_key, pair) {
      if (!isScalar(pair.key)) return;
      const key = String(pair.key.value);
      if (/_config_path$|^authenticator_selection_path$|^path_in_connector_config$|^configs_pointer$/.test(key) && isSeq(pair.value)) {
        const first = pair.value.items[0];
        if (isScalar(first) && first.value === name) found.push(`config path ${key}`);
      }
    },
  });
  for (const spec of specsOf(model.document.toJS())) {
    if (spec.properties && typeof spec.properties === "object" && Object.hasOwn(spec.properties, name)) found.push("spec property");
    for (const list of ["required", "order"] as const) if (Array.isArray(spec[list]) && spec[list].includes(name)) found.push(`spec ${list}`);
  }
  return found;
}

/** Every `connection_specification` object written anywhere (the spec, or a definition it refers to). */
function specsOf(value: unknown, out: Array<Record<string, unknown>> = [], depth = 0): Array<Record<string, unknown>> {
  if (depth > 64 || !value || typeof value !== "object") return out;
  if (Array.isArray(value)) {
    for (const item of value) specsOf(item, out, depth + 1);
    return out;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key === "connection_specification" && item && typeof item === "object") out.push(item as Record<string, unknown>);
    else specsOf(item, out, depth + 1);
  }
  return out;
}
