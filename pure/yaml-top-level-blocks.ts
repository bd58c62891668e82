/** A stretch of a YAML text: `[start, end)` in characters. */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * The top-level blocks of a YAML mapping's text: each plain key written at column 0 (`streams:`,
 * `definitions:`) with the lines under it, the first block holding whatever comes before the first key
 * (comments, blank lines). Undefined when the text has any other line at column 0 (`---`, `...`, a `%`
 * directive, a list written at column 0 under its key, a quoted key, a flow collection) or no key: such
 * a text is parsed whole. A block alone parses as the same pairs only when it has no anchor or alias and
 * no error (the caller checks those after parsing it).
 *
 * @example
 * topLevelBlocks("version: 6.0.0\nstreams:\n  - name: a\n");
 * // [{ start: 0, end: 15 }, { start: 15, end: 36 }]
 */
export function topLevelBlocks(text: string): TextSpan[] | undefined {
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    const end = text.indexOf("\n", at);
    const first = text[at];
    if (first !== "\n" && first !== " " && first !== "\t" && first !== "\r" && first !== "#") {
      if (!PLAIN_KEY.test(text.slice(at, end === -1 ? text.length : end))) return undefined;
      starts.push(at);
    }
    if (end === -1) break;
    at = end + 1;
  }
  if (starts.length === 0) return undefined;
  starts[0] = 0;
  return starts.map((start, i) => ({ start, end: starts[i + 1] ?? text.length }));
}

/** A line that starts a top-level pair with a plain key. */
const PLAIN_KEY = /^[A-Za-z0-9_$][\w$.-]*\s*:(\s|$)/;
