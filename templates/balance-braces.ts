/**
 * Jinja's lexer ends `{{ ... }}` only when the braces inside are balanced, so `{{ {'a': {'b': 1}} }}` is a
 * nested dict. nunjucks ends the tag at the first `}}`. This pass inserts a space between a closing dict
 * brace and a following `}` inside tags (`{'b': 1} }`), which nunjucks then reads as Jinja does.
 */

const RAW_START = /^\{%-?\s*raw\s*-?%\}/;
const RAW_END = /\{%-?\s*endraw\s*-?%\}/g;

/** Skips a quoted string starting at `i`; returns the index after its closing quote. */
function skipString(source: string, i: number): number {
  const quote = source[i];
  let j = i + 1;
  while (j < source.length && source[j] !== quote) j += source[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** Copies one `{{ }}` or `{% %}` tag starting at `start`, spacing nested closing braces; returns [text, end]. */
function copyTag(source: string, start: number): [string, number] {
  const closer = source[start + 1] === "{" ? "}}" : "%}";
  let out = source.slice(start, start + 2);
  let depth = 0;
  let i = start + 2;
  while (i < source.length) {
    const ch = source[i];
    if (ch === "'" || ch === '"') {
      const end = skipString(source, i);
      out += source.slice(i, end);
      i = end;
      continue;
    }
    if (depth === 0 && source.startsWith(closer, i)) return [out + closer, i + 2];
    if (ch === "{") depth++;
    if (ch === "}" && depth > 0) {
      depth--;
      out += source[i + 1] === "}" ? "} " : "}";
      i++;
      continue;
    }
    out += ch;
    i++;
  }
  return [out, i];
}

/** The source with nested closing braces inside tags spaced out (no change when there are none). */
export function balanceBraces(source: string): string {
  if (!source.includes("}}}") && !/\}\}[^}]*\}\}/.test(source)) return source;
  let out = "";
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf("{", i);
    if (open < 0) break;
    out += source.slice(i, open);
    const next = source[open + 1];
    if (next === "#") {
      const end = source.indexOf("#}", open + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(open, stop);
      i = stop;
    } else if (next === "%" && RAW_START.test(source.slice(open))) {
      RAW_END.lastIndex = open;
      const end = RAW_END.exec(source);
      const stop = end ? end.index + end[0].length : source.length;
      out += source.slice(open, stop);
      i = stop;
    } else if (next === "{" || next === "%") {
      const [text, end] = copyTag(source, open);
      out += text;
      i = end;
    } else {
      out += "{";
      i = open + 1;
    }
  }
  return out + source.slice(i);
}
