/**
 * Python `re` patterns and replacement templates, translated for JavaScript's RegExp
 * (`(?P<name>...)`, `(?P=name)`, `\A`, `\Z`, leading `(?i)`; `\1` and `\g<name>` in replacements).
 */
import { PyError } from "./values.js";

/** Compiles a Python pattern to a global JavaScript RegExp. */
export function pyRegex(pattern: string): RegExp {
  const { body, flags } = translatePattern(pattern);
  try {
    return new RegExp(body, `g${flags}`);
  } catch (error) {
    throw new PyError("ValueError", `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
}

/**
 * Compiles a pattern as Python's `re.search` reads it, for JSON Schema `pattern`s written for the
 * Python kit (specs are validated with Python's `jsonschema`). Python syntax is translated; the pattern
 * is compiled with the `u` flag when JavaScript accepts it there, else without it, which reads what
 * Python reads: `\-`, `\/` and other escapes of punctuation mean the character itself.
 *
 * @example
 * pySearchPattern("^\\d{4}\\-\\d{2}$").test("2024-01") // true (with `u` alone, the pattern is a SyntaxError)
 */
export function pySearchPattern(pattern: string): RegExp {
  const { body, flags } = translatePattern(pattern);
  try {
    return new RegExp(body, `u${flags}`);
  } catch {
    return new RegExp(body, flags);
  }
}

/** The JavaScript source and flags (`i`, `m`, `s`) of a Python pattern. */
function translatePattern(pattern: string): { body: string; flags: string } {
  let flags = "";
  let body = pattern;
  const inline = /^\(\?([aiLmsux]+)\)/.exec(body);
  if (inline) {
    body = body.slice(inline[0].length);
    for (const f of inline[1]!) if ("ims".includes(f) && !flags.includes(f)) flags += f;
  }
  body = body
    .replace(/\(\?P<([A-Za-z_]\w*)>/g, "(?<$1>")
    .replace(/\(\?P=([A-Za-z_]\w*)\)/g, "\\k<$1>")
    .replace(/\\A/g, "^")
    .replace(/\\Z/g, "$(?![\\s\\S])");
  return { body, flags };
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", a: "\x07", b: "\b", "\\": "\\" };

/** Expands a Python replacement template (`\1`, `\g<1>`, `\g<name>`, `\n`) for one match. */
export function expandTemplate(template: string, match: RegExpExecArray): string {
  let out = "";
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch !== "\\") { out += ch; continue; }
    const next = template[i + 1] ?? "";
    const group = /^\d{1,2}/.exec(template.slice(i + 1));
    if (group) {
      const n = Number(group[0]);
      if (n >= match.length) throw new PyError("ValueError", `invalid group reference ${n}`);
      out += match[n] ?? "";
      i += group[0].length;
    } else if (next === "g") {
      const named = /^g<([^>]+)>/.exec(template.slice(i + 1));
      if (!named) throw new PyError("ValueError", "missing group name");
      const ref = named[1];
      const value = /^\d+$/.test(ref) ? match[Number(ref)] : match.groups?.[ref];
      out += value ?? "";
      i += named[0].length;
    } else if (Object.hasOwn(ESCAPES, next)) {
      out += ESCAPES[next];
      i += 1;
    } else if (/[A-Za-z]/.test(next)) {
      throw new PyError("ValueError", `bad escape \\${next}`);
    } else {
      out += ch;
    }
  }
  return out;
}
