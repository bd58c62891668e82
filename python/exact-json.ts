import { randomBytes } from "node:crypto";
import { SluiceError } from "../sdk/index.js";

/**
 * JSON with Python's integers: an integer past 2^53 (`9007199254740993`) is read as a `bigint` with
 * its exact digits, as the kit's `json.loads` reads it into a Python int, and written back with the
 * same digits; templates, cursors and partitions see the `bigint` (`str()`, comparisons, `tojson`).
 * A number JSON cannot hold as a float (`1e999999`, which `JSON.parse` turns into Infinity and
 * `JSON.stringify` into a silent `null`) is refused naming the field: `RESPONSE_NUMBER_OUT_OF_RANGE` in
 * a response, `FILE_NUMBER_OUT_OF_RANGE` (naming the file too) when `source.file` says the text is a
 * file's (a config, state or catalog file).
 *
 * The common path stays `JSON.parse` plus a walk of the parsed value (~7% of the parse; a regex scan of
 * the text cost as much as the parse itself): only a value holding an integer at or past 2^53 or an
 * infinity is parsed again, exactly, its big or out-of-range numbers rewritten first.
 *
 * @example
 * parseJson('{"id": 9007199254740993}'); // { id: 9007199254740993n }
 * parseJson('{"limit": 1e999}', { file: "config.json" }); // throws FILE_NUMBER_OUT_OF_RANGE naming config.json and 'limit'
 * stringifyJson({ id: 9007199254740993n }); // '{"id":9007199254740993}'
 */
export function parseJson(text: string, source?: JsonSource): unknown {
  const value: unknown = JSON.parse(text);
  return holdsInexactNumber(value) ? parseExactly(text, value, source) : value;
}

/**
 * Where a JSON text comes from, when it is a file's: its errors name the file.
 *
 * @example
 * parseJson(text, { file: "secrets/config.json" });
 */
interface JsonSource {
  file: string;
}

/** What {@link parseJsonWithin} returns for a value nested deeper than its limit. */
export const TOO_DEEP: unique symbol = Symbol("nested too deep");

/**
 * {@link parseJson} for a response body, with its nesting limit checked in the same walk of the parsed
 * value (one walk per page instead of two): {@link TOO_DEEP} when the value nests deeper than
 * `maxDepth` objects and lists.
 *
 * @example
 * const value = parseJsonWithin(body, 1_000);
 * if (value === TOO_DEEP) throw tooDeep();
 */
export function parseJsonWithin(text: string, maxDepth: number): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null) return typeof value === "number" && inexact(value) ? parseExactly(text, value) : value;
  const found = scan(value, 1, maxDepth);
  return found === DEEP ? TOO_DEEP : found === INEXACT ? parseExactly(text, value) : value;
}

const INEXACT = 1;
const DEEP = 2;

/**
 * One recursive walk, bounded by `maxDepth`: {@link DEEP} when `node` nests deeper than `maxDepth`,
 * else {@link INEXACT} when it holds a number JSON.parse may have rounded, else 0. A parsed number past
 * ±(2^53 - 1) is such a number (every double that large is an integer; an infinity is one too).
 */
function scan(node: object, depth: number, maxDepth: number): number {
  if (depth > maxDepth) return DEEP;
  let found = 0;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) if ((found |= scanItem(node[i], depth, maxDepth)) & DEEP) return DEEP;
    return found;
  }
  for (const key in node) if ((found |= scanItem((node as Record<string, unknown>)[key], depth, maxDepth)) & DEEP) return DEEP;
  return found;
}

/** {@link scan} of one member of a node at `depth`. */
function scanItem(item: unknown, depth: number, maxDepth: number): number {
  if (typeof item === "number") return item > Number.MAX_SAFE_INTEGER || item < -Number.MAX_SAFE_INTEGER ? INEXACT : 0;
  return typeof item === "object" && item !== null ? scan(item, depth + 1, maxDepth) : 0;
}

/** The text parsed again with its integers past 2^53 as bigints (`value`: JSON.parse's answer, kept when the reviver's stack runs out). */
function parseExactly(text: string, value: unknown, source?: JsonSource): unknown {
  const rewritten = rewriteNumbers(text);
  if (rewritten === undefined) return value;
  const { mark } = markers();
  try {
    return JSON.parse(rewritten, function revive(this: unknown, key: string, item: unknown) {
      if (typeof item !== "string" || !item.startsWith(mark)) return item;
      const token = item.slice(mark.length + 1);
      if (item.charCodeAt(mark.length) === 0x62 /* b */) return BigInt(token);
      throw outOfRangeIn(key === "" ? "the document itself" : `the field '${key}'`, token, source);
    });
  } catch (error) {
    // Nested past the reviver's stack (thousands of levels): the plain value, which every depth limit refuses.
    if (error instanceof RangeError) return value;
    throw error;
  }
}

/**
 * `JSON.stringify`, writing a `bigint` as its digits (plain `JSON.stringify` throws on one). Values
 * without a `bigint` take `JSON.stringify`'s own path at its own speed. `space` indents as
 * `JSON.stringify`'s does.
 *
 * @example
 * stringifyJson([1, 2n ** 64n]); // "[1,18446744073709551616]"
 */
export function stringifyJson(value: unknown, space?: string | number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/.test(error.message)) throw error;
  }
  const { mark, markedBigint } = markers();
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === "bigint" ? `${mark}b${item}` : item), space);
  return text.replace(markedBigint, "$1");
}

/**
 * One JSON number token read as {@link parseJson} reads it: an integer past 2^53 as a `bigint` with its
 * exact digits, a number beyond float range refused with `RESPONSE_NUMBER_OUT_OF_RANGE` (`where` names
 * the place), any other as a number. For parsers that see number tokens one by one (a streaming parser).
 *
 * @example
 * exactNumber("9007199254740993"); // 9007199254740993n
 * exactNumber("1.5"); // 1.5
 */
export function exactNumber(token: string, where = "the document"): number | bigint {
  const kind = classify(token);
  if (kind === "b") return BigInt(token);
  if (kind === "o") throw outOfRangeIn(where, token);
  return Number(token);
}

let madeMarkers: { mark: string; inJson: string; markedBigint: RegExp } | undefined;

/**
 * A marker no text carries by chance (it holds a random token of this process), as a string value and as
 * written in JSON, and the pattern of a marked bigint. Made at the first number that needs one, so a run
 * without one never loads `node:crypto`.
 */
function markers(): { mark: string; inJson: string; markedBigint: RegExp } {
  if (madeMarkers) return madeMarkers;
  const mark = `\u0000sluice-number-${randomBytes(6).toString("hex")}:`;
  const markedBigint = new RegExp(`"\\\\u0000${mark.slice(1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}b(-?\\d+)"`, "g");
  return (madeMarkers = { mark, inJson: `\\u0000${mark.slice(1)}`, markedBigint });
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Whether a parsed value holds a number JSON.parse may have rounded (an integer at or past 2^53) or an infinity; iterative, so any depth is fine. */
function holdsInexactNumber(root: unknown): boolean {
  if (typeof root !== "object" || root === null) return typeof root === "number" && inexact(root);
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (visit(node[i], stack)) return true;
    } else {
      for (const key in node) if (visit((node as Record<string, unknown>)[key], stack)) return true;
    }
  }
  return false;
}

/** True for an inexact number; an object or list is queued for the walk. */
function visit(item: unknown, stack: object[]): boolean {
  if (typeof item === "number") return inexact(item);
  if (typeof item === "object" && item !== null) stack.push(item);
  return false;
}

function inexact(value: number): boolean {
  return !Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value));
}

/** The text with each integer past 2^53 and each number out of float range quoted as a marker; undefined when there is none. */
function rewriteNumbers(text: string): string | undefined {
  let inJson: string | undefined;
  let out = "";
  let last = 0;
  let changed = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      // a string: skip to its closing quote
      for (i++; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c) i++;
        else if (c === 0x22) break;
      }
      continue;
    }
    if (code !== 0x2d && (code < 0x30 || code > 0x39)) continue;
    let end = i + 1;
    while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
    const token = text.slice(i, end);
    const kind = classify(token);
    if (kind) {
      inJson ??= markers().inJson;
      out += `${text.slice(last, i)}"${inJson}${kind}${token}"`;
      last = end;
      changed = true;
    }
    i = end - 1;
  }
  return changed ? out + text.slice(last) : undefined;
}

function isNumberChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
}

/** `b` for an integer past 2^53, `o` for a number out of float range, "" for the rest. */
function classify(token: string): "b" | "o" | "" {
  if (/^-?\d+$/.test(token)) {
    if (token.length < 16) return "";
    const value = BigInt(token);
    return value > MAX_SAFE || value < -MAX_SAFE ? "b" : "";
  }
  return Number.isFinite(Number(token)) ? "" : "o";
}

function outOfRangeIn(field: string, token: string, source?: JsonSource): SluiceError {
  const expected = "a number within ±1.8e308 (a float), or an integer of any size";
  const found = `${token.length > 40 ? `${token.slice(0, 40)}...` : token} in ${field}`;
  if (source) {
    return new SluiceError("FILE_NUMBER_OUT_OF_RANGE", `A number in ${field} of ${source.file} is beyond what a JSON number can hold`, { where: { file: source.file }, expected, found });
  }
  return new SluiceError("RESPONSE_NUMBER_OUT_OF_RANGE", `A number in ${field} is beyond what a JSON number can hold`, { failureType: "system_error", expected, found });
}
