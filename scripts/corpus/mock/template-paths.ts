/**
 * The value paths a template reads below one context name, found in its text: `response.a.b`,
 * `response['a']["b"]`, `response.get("a", {}).get('b')`. The corpus mock uses them to put page
 * tokens where a paginator's `cursor_value` and `stop_condition` look for them.
 *
 * @example
 * readPaths("{{ response.get('links', {}).get('next') }}", "response") // [["links", "next"]]
 * readPaths("{{ headers.link.next.url }}", "headers")                   // [["link", "next", "url"]]
 */
export function readPaths(template: string, root: string): string[][] {
  const paths: string[][] = [];
  const start = new RegExp(`(?<![\\w.])${root}(?![\\w])`, "g");
  for (let match = start.exec(template); match; match = start.exec(template)) {
    const path = chainAt(template, match.index + root.length);
    if (path.length > 0) paths.push(path);
  }
  return paths;
}

const METHODS = new Set(["get", "items", "keys", "values", "strip", "lower", "upper", "split", "startswith", "endswith", "replace"]);

/** Follows `.name`, `['name']` and `.get('name', ...)` from `at`; stops at anything else. */
function chainAt(text: string, at: number): string[] {
  const path: string[] = [];
  let i = at;
  for (;;) {
    const dot = /^\s*\.\s*([A-Za-z_@$][\w@$-]*)/.exec(text.slice(i));
    if (dot) {
      const name = dot[1]!;
      if (name === "get") {
        const arg = /^\s*\(\s*(['"])(.*?)\1/.exec(text.slice(i + dot[0].length));
        if (!arg) return path;
        path.push(arg[2]!);
        i = skipCall(text, i + dot[0].length);
        continue;
      }
      // Any other call (`.rstrip('/')`, `.split(',')`) ends the path: the value before it is what is read.
      if (METHODS.has(name) || /^\s*\(/.test(text.slice(i + dot[0].length))) return path;
      path.push(name);
      i += dot[0].length;
      continue;
    }
    const index = /^\s*\[\s*(['"])(.*?)\1\s*\]/.exec(text.slice(i));
    if (index) {
      path.push(index[2]!);
      i += index[0].length;
      continue;
    }
    return path;
  }
}

/** The index after the call's closing parenthesis (nested parentheses and quoted text skipped). */
function skipCall(text: string, open: number): number {
  let depth = 0;
  let quote = "";
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = "";
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Sets `value` at `path` in `target`, creating objects on the way (a list or text in the way is replaced). */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      if (value === undefined) delete node[key];
      else node[key] = value;
      return;
    }
    const next = node[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
}
