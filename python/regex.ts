/**
 * Python `re` patterns and replacement templates, translated for JavaScript's RegExp
 * (`(?P<name>...)`, `(?P=name)`, `\A`, `\Z`, leading `(?i)`; `\1` and `\g<name>` in replacements).
 */
import { PyError } from "./values.js";

/** Compiles a Python pattern to a global JavaScript RegExp. */
export function pyRegex(pattern: string): RegExp {
  let flags = "g";
  let body = pattern;
  const inline = /^\(\?([aiLmsux]+)\)/.exec(body);
  if (inline) {
    body = body.slice(inline[0].length);
    for (const f of inline[1]) if ("ims".includes(f) && !flags.includes(f)) flags += f;
  }
  body = body
    .replace(/\(\?P<([A-Za-z_]\w*)>/g, "(?<$1>")
    .replace(/\(\?P=([A-Za-z_]\w*)\)/g, "\\k<$1>")
    .replace(/\\A/g, "^")
    .replace(/\\Z/g, "$(?![\\s\\S])");
  try {
    return new RegExp(body, flags);
  } catch (error) {
    throw new PyError("ValueError", `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
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
