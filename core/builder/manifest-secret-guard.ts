import { SecretRegistry } from "../../sdk/index.js";
import { loadYaml } from "../../sdk/plugin/load-yaml.js";

/** Values shorter than this are not looked for (as the redaction does not mask them: "1", "true"). */
const MIN_LENGTH = 4;

/**
 * The manifest a text holds as far as it parses: the YAML parser's document with its errors ignored
 * (a syntax error further down still gives the spec above it), `undefined` when nothing can be read.
 * For the "secret in the manifest" guard only, which must never be skipped because the text is broken.
 *
 * @example
 * await lenientManifest("spec:\n  connection_specification: {}\nstreams: [\n"); // { spec: { ... } }
 */
export async function lenientManifest(text: string): Promise<unknown> {
  try {
    const { parseDocument } = await loadYaml();
    return parseDocument(text, { uniqueKeys: false }).toJS({ maxAliasCount: 10_000 });
  } catch {
    return undefined;
  }
}

/**
 * Where one of the secret testing `values` is in a manifest's `text`, in words (never the value), or
 * `undefined`. The text is searched in every form a value can be written in: as it is or encoded
 * (JSON and YAML double-quoted escapes, `\u` escapes, URL, base64, hex: the forms the redaction masks),
 * YAML single-quoted (`''` for `'`), and a multi-line value (a PEM key) line by line as a block scalar
 * indents it; and every scalar of the parsed document is compared as YAML reads it (folded, escaped),
 * the part that parses when the text has a syntax error further down.
 *
 * @example
 * await manifestSecretForm('key: "pa\\"ss-1"\n', ['pa"ss-1']); // "written as it is or encoded"
 */
export async function manifestSecretForm(text: string, values: Iterable<unknown>): Promise<string | undefined> {
  const secrets = [...values].map(String).filter((value) => value.length >= MIN_LENGTH);
  if (secrets.length === 0) return undefined;
  const registry = new SecretRegistry();
  for (const secret of secrets) registry.add(secret);
  if (registry.redact(text) !== text) return "written as it is or encoded";
  if (secrets.some((secret) => secret.includes("'") && text.includes(secret.replaceAll("'", "''")))) return "a YAML single-quoted value";
  if (secrets.some((secret) => linesIn(secret, text))) return "a multi-line value, line by line";
  const scalars = await documentScalars(text);
  if (scalars.some((scalar) => secrets.some((secret) => scalar.includes(secret)))) return "a YAML value as it is read";
  return undefined;
}

/** Whether each line of a multi-line `secret` is in `text`, in order (a block scalar indents them). */
function linesIn(secret: string, text: string): boolean {
  const lines = secret.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  if (lines.length < 2) return false;
  let from = 0;
  for (const line of lines) {
    const at = text.indexOf(line, from);
    if (at < 0) return false;
    from = at + line.length;
  }
  return true;
}

/** Every string scalar (keys included) of the text's YAML document, as the parser reads it, errors ignored. */
async function documentScalars(text: string): Promise<string[]> {
  try {
    const { parseDocument, visit, isScalar } = await loadYaml();
    const out: string[] = [];
    visit(parseDocument(text, { uniqueKeys: false }), {
      Scalar(_key, node) {
        if (isScalar(node) && typeof node.value === "string") out.push(node.value);
      },
    });
    return out;
  } catch {
    return [];
  }
}
