import { isMap, isScalar, isSeq, visit, type Node, type Scalar } from "yaml";
import { ManifestModel, type Segment } from "./manifest-model.js";
import { keyHolder } from "./stream-edits.js";
import { SPEC } from "./user-inputs.js";

/** What a rename did: the new model and how many references it rewrote; or why it was refused (the model unchanged). */
export type InputRename = { ok: true; model: ManifestModel; references: number } | { ok: false; reason: string };

/** A name a rename may give: what `{{ config.name }}` can read as well as `config['name']`. */
const INPUT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Lists of keys into the config (a refresh token written back, a selector's value, a consent's output, a resolver's streams). */
const CONFIG_PATH_KEYS = new Set(["refresh_token_config_path", "access_token_config_path", "token_expiry_date_config_path", "authenticator_selection_path", "path_in_connector_config", "configs_pointer"]);

/** The template parts of a string: `{{ ... }}` and `{% ... %}`. */
const TEMPLATE_PARTS = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Renames a user input (`input` is its path in the config: `["api_key"]`, or `["credentials", "client_id"]`
 * for one nested in an object input) and every reference to it in the manifest, as splices of the key's
 * characters only: the spec's property key, its entries in the `required` and `order` lists beside it,
 * every `config['x']`, `config["x"]`, `config.x`, `config.get('x')` and `config.get("x", default)` in a
 * template (values and keys, definitions included), and the config paths that name it
 * (`refresh_token_config_path: [x]`...). A nested input renames at its level
 * (`config['credentials']['client_id']` -> `config['credentials']['id']`). Every other byte of the
 * text stays. A spec written in a definition (`$ref`) is renamed there.
 *
 * Refused, with the reason, when the name is not an identifier, when no input has that path, or when
 * an input with the new name exists (a rename onto it would merge two inputs).
 *
 * @example
 * renameInput(ManifestModel.parse(text), ["api_key"], "token")
 * // { ok: true, model, references: 3 }: `{{ config['api_key'] }}` is now `{{ config['token'] }}`...
 */
export function renameInput(model: ManifestModel, input: readonly string[], to: string): InputRename {
  const from = input.at(-1);
  if (from === undefined) return { ok: false, reason: "No input to rename." };
  if (to === from) return { ok: true, model, references: 0 };
  if (!INPUT_NAME.test(to)) return { ok: false, reason: `An input name is a letter or _ followed by letters, digits or _ (so templates can read config.${to.replace(/\W/g, "_") || "name"}); found ${JSON.stringify(to)}.` };
  const property = keyHolder(model, propertyPath(input));
  if (!property) return { ok: false, reason: `No input named ${input.join(".")} in spec.connection_specification.` };
  const properties = property.slice(0, -1);
  if (model.kindAt([...properties, to]) !== "absent") return { ok: false, reason: `An input named ${to} exists already: a rename onto it would merge two inputs. Choose another name, or remove ${to} first.` };

  const splices: Splice[] = [];
  const keyNode = keyOf(model, properties, from);
  if (!keyNode) return { ok: false, reason: `The input ${from} is not written where the Builder can rename it in place; rename it in the YAML.` };
  splices.push(nameSplice(model.text, keyNode, from, to));
  // `required` and `order` lists of the object the property belongs to.
  for (const list of ["required", "order"]) {
    const seq = model.nodeAt([...properties.slice(0, -1), list]);
    if (isSeq(seq)) for (const item of seq.items) if (isScalar(item) && item.value === from) splices.push(nameSplice(model.text, item, from, to));
  }
  let references = 0;
  visit(model.document, {
    Scalar(_key, node) {
      if (typeof node.value !== "string" || !node.range || !/\{\{|\{%/.test(node.value)) return;
      const count = rewriteTemplates(node.value, input, to, false).count;
      if (count === 0) return;
      const [start, end] = node.range;
      const source = rewriteTemplates(model.text.slice(start, end), input, to, true);
      // The source's quoting (`''` in single quotes, `\"` in double) hides nothing from the count: when it does, the value is rewritten whole, double-quoted.
      splices.push(source.count === count ? { start, end, text: source.text } : { start, end: start + model.text.slice(start, end).trimEnd().length, text: JSON.stringify(rewriteTemplates(node.value, input, to, false).text) });
      references += count;
    },
    Pair(_key, pair) {
      if (!isScalar(pair.key) || !CONFIG_PATH_KEYS.has(String(pair.key.value)) || !isSeq(pair.value)) return;
      const items = pair.value.items;
      const names = items.map((item) => (isScalar(item) ? item.value : undefined));
      if (names.length >= input.length && input.every((name, i) => names[i] === name)) {
        splices.push(nameSplice(model.text, items[input.length - 1] as Scalar, from, to));
        references += 1;
      }
    },
  });
  const next = applySplices(model.text, splices);
  const renamed = ManifestModel.parse(next);
  if (renamed.document.errors.length > 0 || renamed.kindAt([...properties, to]) === "absent" || renamed.kindAt([...properties, from]) !== "absent") {
    return { ok: false, reason: `The input ${from} could not be renamed in place (its references are written in a way the Builder cannot rewrite); rename it in the YAML.` };
  }
  return { ok: true, model: renamed, references };
}

/**
 * The testing values with the renamed input's value moved to its new name (at its level); the same
 * object when it had none. The value is moved, never dropped: a value already under the new name (one
 * the spec does not declare, since the rename refuses a declared one) is replaced by it.
 *
 * @example
 * moveTestingValue({ api_key: "k", other: 1 }, ["api_key"], "token") // { token: "k", other: 1 }
 */
export function moveTestingValue(values: Readonly<Record<string, unknown>>, input: readonly string[], to: string): Record<string, unknown> {
  const [head, ...rest] = input;
  if (head === undefined || !Object.hasOwn(values, head)) return values as Record<string, unknown>;
  // In place of the old key, so the file keeps its order.
  if (rest.length === 0) return Object.fromEntries(Object.entries(values).filter(([key]) => key !== to).map(([key, value]) => [key === head ? to : key, value]));
  const inner = values[head];
  if (!inner || typeof inner !== "object" || Array.isArray(inner)) return values as Record<string, unknown>;
  const moved = moveTestingValue(inner as Record<string, unknown>, rest, to);
  return moved === inner ? (values as Record<string, unknown>) : { ...values, [head]: moved };
}

/** Where an input's schema is written in the spec: `properties.a.properties.b` for `["a", "b"]`. */
function propertyPath(input: readonly string[]): Segment[] {
  return [...SPEC, ...input.flatMap((name) => ["properties", name])];
}

function keyOf(model: ManifestModel, map: readonly Segment[], key: string): Scalar | undefined {
  const node = model.nodeAt(map);
  if (!isMap(node)) return undefined;
  const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
  return isScalar(pair?.key) && pair.key.range ? pair.key : undefined;
}

/** The name's characters inside a written scalar (`from`, `"from"`, `'from'`) replaced by `to`. */
function nameSplice(text: string, node: Node, from: string, to: string): Splice {
  const [start, end] = node.range!;
  const at = text.slice(start, end).indexOf(from);
  return { start: start + at, end: start + at + from.length, text: to };
}

/**
 * Rewrites the references to `input` in the template parts of `text`. `source`: `text` is a scalar as
 * written in the YAML, where a quote may be escaped (`''` in single quotes, `\"` in double quotes).
 */
function rewriteTemplates(text: string, input: readonly string[], to: string, source: boolean): { text: string; count: number } {
  const pattern = referencePattern(input, source ? `(?:''|'|\\\\"|")` : `['"]`);
  let count = 0;
  const rewritten = text.replace(TEMPLATE_PARTS, (part) =>
    part.replace(pattern, (_match, prefix: string, open?: string, close?: string, dot?: string, get?: string, getClose?: string) => {
      count += 1;
      if (open !== undefined) return `${prefix}${open}${to}${close}`;
      if (dot !== undefined) return `${prefix}${dot}${to}`;
      return `${prefix}${get}${to}${getClose}`;
    }),
  );
  return { text: rewritten, count };
}

/**
 * `config` followed by the accessors of the input's parents (`['a']`, `.a`, `.get('a', {})`), capturing
 * them, then the input's own accessor with its name's place between two groups.
 */
function referencePattern(input: readonly string[], quote: string): RegExp {
  const name = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const parents = input.slice(0, -1).map((p) => `(?:\\s*\\[\\s*${quote}${name(p)}${quote}\\s*\\]|\\.${name(p)}\\b(?!\\s*\\()|\\.get\\(\\s*${quote}${name(p)}${quote}(?:\\s*,[^()]*)?\\))`);
  const last = name(input.at(-1)!);
  const own = `(?:(\\s*\\[\\s*${quote})${last}(${quote}\\s*\\])|(\\.)${last}\\b(?!\\s*\\()|(\\.get\\(\\s*${quote})${last}(${quote}))`;
  return new RegExp(`((?<![\\w.])config${parents.join("")})${own}`, "g");
}

function applySplices(text: string, splices: readonly Splice[]): string {
  let out = text;
  for (const s of [...splices].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}
