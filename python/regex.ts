/**
 * Python `re` patterns and replacement templates, translated for JavaScript's RegExp
 * (`(?P<name>...)`, `(?P=name)`, `\A`, `\Z`, leading `(?i)`; `\1` and `\g<name>` in replacements).
 */
import type { Context, Script } from "node:vm";
import { TEMPLATE_LIMITS } from "./resource-limits.js";
import { PyError } from "./values.js";

/** Compiles a Python pattern to a global JavaScript RegExp. */
function pyRegex(pattern: string): RegExp {
  const { body, flags } = translatePattern(pattern);
  try {
    return new RegExp(body, `g${flags}`);
  } catch (error) {
    throw new PyError("ValueError", `invalid regular expression ${JSON.stringify(pattern)}: ${(error as Error).message}`);
  }
}

/**
 * Runs `work` with a Python pattern compiled so that it cannot run without bound (`regex_search('(a+)+$')`
 * on 41 characters ran for hours). A pattern V8's linear-time engine accepts (the `l` flag: every
 * pattern without backreferences and lookarounds, which covers `(a+)+$`) runs there, natively: it
 * takes time proportional to pattern × text whatever the pattern, with the same matches as the
 * backtracking engine, at native speed (~2 µs a call). A pattern only the backtracking engine runs is
 * run in a `vm` call with a time limit, `TEMPLATE_LIMITS.regexMs` (1 s), which V8 interrupts even
 * inside a match; past it, `ResourceLimitError` (~40-90 µs a call, so only these patterns pay it).
 * JavaScript has no regex timeout of its own, and a step-counting engine in JavaScript would be both
 * slower and a second regex dialect to keep right.
 *
 * @example
 * withPyRegex("(\\d+)-(\\d+)", (re) => re.exec("order 12-34")); // ["12-34", "12", "34"]
 */
export function withPyRegex<T>(pattern: string, work: (regex: RegExp) => T): T {
  if (linearEngine()) {
    let regex = linearPatterns.get(pattern);
    if (regex === undefined) {
      regex = linearRegex(pattern);
      remember(pattern, regex);
    }
    if (regex) {
      regex.lastIndex = 0; // compiled once per pattern, with the g flag: each call starts at the text's start
      return work(regex);
    }
  }
  const regex = pyRegex(pattern);
  const { sandbox, script } = (budgeted ??= budgetedCall());
  sandbox.work = () => work(regex);
  try {
    return script.runInContext(sandbox, { timeout: TEMPLATE_LIMITS.regexMs }) as T;
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_SCRIPT_EXECUTION_TIMEOUT") throw error;
    throw new PyError("ResourceLimitError", `the regular expression ${JSON.stringify(pattern)} ran longer than ${TEMPLATE_LIMITS.regexMs} ms (catastrophic backtracking)`);
  } finally {
    sandbox.work = undefined;
  }
}

/** The `vm` context and script that run one call with a time limit (made at the first such call). */
let budgeted: { sandbox: Context & { work?: () => unknown }; script: Script } | undefined;

/**
 * A context for time-limited calls. `node:vm` and `node:v8` are loaded when first needed (a context
 * costs a V8 context's memory; most runs use only the linear engine or no regex at all).
 */
function budgetedCall(): { sandbox: Context & { work?: () => unknown }; script: Script } {
  const { createContext, Script } = process.getBuiltinModule("node:vm");
  return { sandbox: createContext({ work: undefined }), script: new Script("work()") };
}
/**
 * Each pattern seen, compiled for the linear engine once (false: only the backtracking engine runs it),
 * so a template that runs per record does not translate and compile its pattern per record (bounded:
 * patterns come from manifests).
 */
const linearPatterns = new Map<string, RegExp | false>();
let linear: boolean | undefined;

function remember(pattern: string, regex: RegExp | false): void {
  if (linearPatterns.size >= 1000) linearPatterns.clear();
  linearPatterns.set(pattern, regex);
}

/** The pattern compiled for the linear engine; false when that engine refuses it (backreferences, lookarounds, or an invalid pattern, which pyRegex reports). */
function linearRegex(pattern: string): RegExp | false {
  const { body, flags } = translatePattern(pattern);
  try {
    return new RegExp(body, `gl${flags}`);
  } catch {
    return false;
  }
}

/** Turns on V8's linear-time engine for regexes with the `l` flag (it changes no other regex). */
function linearEngine(): boolean {
  if (linear === undefined) {
    try {
      process.getBuiltinModule("node:v8").setFlagsFromString("--enable-experimental-regexp-engine");
      linear = new RegExp("(a+)+$", "l").test("aa");
    } catch {
      linear = false; // a V8 without it: every pattern runs with the time limit
    }
  }
  return linear;
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

/**
 * The JavaScript source and flags (`i`, `m`, `s`) of a Python pattern.
 *
 * @example
 * translatePattern("(?i)^(?P<year>\\d{4})\\Z"); // { body: "^(?<year>\\d{4})$(?![\\s\\S])", flags: "i" }
 */
export function translatePattern(pattern: string): { body: string; flags: string } {
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
