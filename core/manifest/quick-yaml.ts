import type * as JsYaml from "js-yaml";
import { lazyPackage } from "../../sdk/index.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * js-yaml, the quick reader of a YAML manifest's values. Reading the 9.6 KB demo manifest with the yaml
 * package costs a command about 70 ms and 7 MiB (its 270 KB of code, then a cold parse), a fifth of `sluice
 * spec`; js-yaml (already installed with cosmiconfig) takes about 12 ms. The yaml package stays the
 * manifest's parser wherever lines matter (errors, warnings, `validate`, the Builder).
 */
const loadJsYaml = lazyPackage("js-yaml", "reading a YAML manifest", () =>
  // CommonJS in the bundle (its dynamic import has only a default export), ES module under Node.
  import("js-yaml").then((namespace) => ((namespace as unknown as { default?: typeof JsYaml }).default ?? namespace)),
);

/**
 * Texts left to the yaml package, because the two parsers would not give the same result, or because only
 * the yaml package guards them. Each pattern may match more than it must (a `*` in a plain sentence): the
 * yaml package then reads that text, as it reads every text today. A collection used as a key (each
 * parser makes another string of it: an unquoted `{{ a }}` is one) is found after parsing instead, see
 * {@link readYamlQuickly}.
 */
const LEFT_TO_THE_YAML_PACKAGE: readonly RegExp[] = [
  // Anchors and aliases: the yaml package bounds alias expansion ("billion laughs"); js-yaml does not.
  /(?:^|[\s[{,:?-])[&*][^\s,\]}]/m,
  // Tags: the yaml package warns about one it does not know, js-yaml fails on it.
  /(?:^|[\s[{,:?-])![!<\w]/m,
  // A null key: "" in the yaml package, "null" in js-yaml.
  /(?:^|[\s{,?-])(?:~|null|Null|NULL)\s*:(?:\s|$)/m,
  // A line over 1,024 characters may hold an implicit key that long, which YAML forbids and only the yaml
  // package refuses (2 of the 446 corpus manifests have such a line, as a long value).
  /^.{1025}/m,
];

/** YAML 1.2's core schema as the yaml package reads plain scalars: js-yaml's own core schema also reads `0b101` and `1_000` as numbers. */
function yamlPackageCoreSchema(jsYaml: typeof JsYaml): JsYaml.Schema {
  const nil = new jsYaml.Type("tag:yaml.org,2002:null", { kind: "scalar", resolve: (text: string) => /^(?:~|[Nn]ull|NULL)?$/.test(text), construct: () => null });
  const bool = new jsYaml.Type("tag:yaml.org,2002:bool", { kind: "scalar", resolve: (text: string) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(text), construct: (text: string) => text[0] === "t" || text[0] === "T" });
  const int = new jsYaml.Type("tag:yaml.org,2002:int", {
    kind: "scalar",
    resolve: (text: string) => /^[-+]?[0-9]+$|^0o[0-7]+$|^0x[0-9a-fA-F]+$/.test(text),
    construct: (text: string) => (text.startsWith("0o") ? parseInt(text.slice(2), 8) : text.startsWith("0x") ? parseInt(text.slice(2), 16) : parseInt(text, 10)),
  });
  const float = new jsYaml.Type("tag:yaml.org,2002:float", {
    kind: "scalar",
    resolve: (text: string) => FLOAT.test(text) || NOT_A_NUMBER.test(text),
    construct: (text: string) => (NOT_A_NUMBER.test(text) ? (text.endsWith("n") || text.endsWith("N") ? NaN : text.startsWith("-") ? -Infinity : Infinity) : parseFloat(text)),
  });
  return jsYaml.FAILSAFE_SCHEMA.extend({ implicit: [nil, bool, int, float] });
}

const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$|^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
const NOT_A_NUMBER = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

let schema: JsYaml.Schema | undefined;

/**
 * A YAML manifest's values read quickly: what the yaml package's `parseDocument(text).toJS()` gives (the
 * same values and key order, the last of repeated keys winning), or undefined when this reader declines
 * the text (a feature in {@link LEFT_TO_THE_YAML_PACKAGE}, a collection used as a key, a syntax error, not
 * a mapping): the caller then reads it with the yaml package, which reports any error at its line. A
 * collection used as a key is seen by counting: js-yaml reports each mapping and sequence it composes, and
 * one that is not in the result was made a key.
 *
 * @example
 * await readYamlQuickly("version: 6.0.0\nstreams: []\n"); // { version: "6.0.0", streams: [] }
 * await readYamlQuickly("a: &x 1\nb: *x\n");              // undefined: aliases are the yaml package's
 */
export async function readYamlQuickly(text: string): Promise<Record<string, unknown> | undefined> {
  if (LEFT_TO_THE_YAML_PACKAGE.some((pattern) => pattern.test(text))) return undefined;
  const jsYaml = await loadJsYaml();
  schema ??= yamlPackageCoreSchema(jsYaml);
  let composed = 0;
  const listener = (event: string, state: { kind?: string | null }) => {
    if (event === "close" && (state.kind === "mapping" || state.kind === "sequence")) composed++;
  };
  try {
    const value: unknown = jsYaml.load(text, { schema, json: true, listener } as JsYaml.LoadOptions);
    return isJsonObject(value) && collectionsIn(value) === composed ? value : undefined;
  } catch {
    return undefined;
  }
}

/** How many objects and arrays a value holds, itself included (no alias can share one: they are left out above). */
function collectionsIn(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let count = 1;
  for (const item of Array.isArray(value) ? value : Object.values(value)) count += collectionsIn(item);
  return count;
}
