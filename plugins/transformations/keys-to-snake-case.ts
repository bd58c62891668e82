import { defineComponent, lazyPackage, Type, type ComponentFactory, type DataRecord, type RecordTransformation } from "../../sdk/index.js";
import { isJsonObject } from "../../pure/json-object.js";

/** Transliterates text to ASCII (any-ascii's function): `Köln` -> `Koln`. */
type Transliterate = (text: string) => string;

/**
 * any-ascii, imported when a `KeysToSnakeCase` is built rather than when Sluice starts (few connectors
 * use the transformation; its tables are ~1 ms of every command's start).
 *
 * @example
 * snakeCase("Köln", await loadAnyAscii()); // "koln"
 */
export const loadAnyAscii = lazyPackage("any-ascii", "KeysToSnakeCase", async (): Promise<Transliterate> => (await import("any-ascii")).default);

/** The kit's tokens: a capitalised or upper-case run, a lower-case run, digits, or anything else (a separator). */
const TOKEN = /[A-Z]+[a-z]*|[a-z]+|\d+|([^a-zA-Z\d]+)/g;

/**
 * `KeysToSnakeCase`: renames every key, in nested objects too (not inside lists), to snake case by the
 * kit's rules: the key is transliterated to ASCII (`Köln` -> `Koln`, with any-ascii, the port of the
 * kit's `anyascii`), cut into tokens (an upper-case run with the lower-case letters after it, a
 * lower-case run, a digit run; any other characters separate tokens), separators between the first and
 * last token dropped, a leading `_` added when the key starts with a digit, then joined with `_` in
 * lower case. So `createdAt` -> `created_at`, `HTTPResponse` -> `httpresponse`, `user ID` -> `user_id`,
 * `_links` -> `_links`, `2fa enabled` -> `_2_fa_enabled`.
 *
 * Modelled on APIs with camelCase fields, e.g. HubSpot's `{ "createdAt": ..., "archivedAt": ... }`.
 *
 * @example
 * transformations:
 *   - type: KeysToSnakeCase
 */
export class KeysToSnakeCase implements RecordTransformation {
  /** `transliterate` is any-ascii (`await loadAnyAscii()`). */
  constructor(private readonly transliterate: Transliterate) {}

  transform(record: DataRecord): void {
    const transformed = snakeCaseKeys(record, this.transliterate);
    for (const key of Object.keys(record)) delete record[key];
    Object.assign(record, transformed);
  }
}

function snakeCaseKeys(node: Record<string, unknown>, transliterate: Transliterate): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    result[snakeCase(key, transliterate)] = isJsonObject(value) ? snakeCaseKeys(value, transliterate) : value;
  }
  return result;
}

/**
 * One key in snake case, by the kit's rules (see {@link KeysToSnakeCase}).
 *
 * @example
 * snakeCase("firstName", await loadAnyAscii()); // "first_name"
 */
export function snakeCase(key: string, transliterate: Transliterate): string {
  let tokens: string[] = [];
  for (const match of transliterate(key).matchAll(TOKEN)) tokens.push(match[1] === undefined ? match[0] : "");
  if (tokens.length >= 3) tokens = [tokens[0]!, ...tokens.slice(1, -1).filter((t) => t !== ""), tokens.at(-1)!];
  if (tokens.length > 0 && /^\d+$/.test(tokens[0]!)) tokens.unshift("");
  return tokens.map((t) => t.toLowerCase()).join("_");
}

/** The manifest component; see {@link KeysToSnakeCase}. */
export const KeysToSnakeCaseComponent: ComponentFactory<KeysToSnakeCase> = defineComponent({
  type: "KeysToSnakeCase",
  kind: "transformation",
  description: "Renames every key to snake case (the kit's tokenisation)",
  schema: Type.Object({}),
  build: async () => new KeysToSnakeCase(await loadAnyAscii()),
});
