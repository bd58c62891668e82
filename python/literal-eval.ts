/**
 * The kit's literal step: a rendered template goes through Python's `ast.literal_eval`, so `"123"` becomes
 * 123, `"None"` null, `"'x'"` the string `x`, `"[1, 2]"` a list; anything that is not a Python literal
 * (`"007"`, `"true"`, `"2024-01-01"`) stays the rendered string.
 */

import { makeFloat, makeTuple, PySet, setKey } from "./values.js";

/** Thrown (without a stack, which would cost microseconds) when the text is not a Python literal. */
const NOT_A_LITERAL = Object.freeze({ notALiteral: true });

const INT = /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|[1-9](?:_?\d)*|0(?:_?0)*)/;
const DIGITS = String.raw`\d(?:_?\d)*`;
const EXPONENT = String.raw`[eE][-+]?${DIGITS}`;
const FLOAT = new RegExp(String.raw`^(?:${DIGITS}\.(?:${DIGITS})?(?:${EXPONENT})?|\.${DIGITS}(?:${EXPONENT})?|${DIGITS}${EXPONENT})`);
const IMAG = new RegExp(String.raw`^(?:${DIGITS}\.(?:${DIGITS})?(?:${EXPONENT})?|\.${DIGITS}(?:${EXPONENT})?|${DIGITS}(?:${EXPONENT})?)[jJ]`);
const STRING_START = /^([rRuUbBfF]{0,2})('''|"""|'|")/;
const SIMPLE_ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\n": "" };

/** Marks a tuple produced by the literal step, so `1, 2` and `(1, 2)` are told apart from lists if needed. */
interface LiteralResult { value: unknown }

class LiteralParser {
  private pos = 0;
  private depth = 0;
  private complex = false;
  private lastFloat = false;

  constructor(private readonly text: string) {}

  parse(): LiteralResult {
    // Blank and comment-only lines before the expression are skipped; the expression's line may not be indented.
    const blank = /^(?:[ \t\f]*(?:#[^\r\n]*)?(?:\r\n|\r|\n))+/.exec(this.text);
    if (blank) {
      this.pos = blank[0].length;
      if (/^[ \t]/.test(this.text.slice(this.pos))) throw NOT_A_LITERAL;
    }
    this.skipSpace();
    const value = this.exprList(true);
    this.skipSpace();
    if (this.pos < this.text.length) throw NOT_A_LITERAL;
    if (this.complex) throw NOT_A_LITERAL;
    return { value };
  }

  private skipSpace(): void {
    for (;;) {
      const ch = this.text[this.pos];
      if (ch === " " || ch === "\t" || ch === "\f") this.pos++;
      else if (ch === "\\" && this.text[this.pos + 1] === "\n") this.pos += 2;
      else if (ch === "\n" || ch === "\r") {
        if (this.depth === 0 && /\S/.test(this.text.slice(this.pos).replace(/#[^\n]*/g, ""))) throw NOT_A_LITERAL;
        this.pos++;
      } else if (ch === "#") {
        while (this.pos < this.text.length && this.text[this.pos] !== "\n") this.pos++;
      } else return;
    }
  }

  private peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? "";
  }

  private eat(token: string): boolean {
    if (this.peek() === token) { this.pos++; return true; }
    return false;
  }

  private exprList(topLevel: boolean): unknown {
    const first = this.expr();
    if (!topLevel || this.peek() !== ",") return first;
    const items = [first];
    while (this.eat(",")) {
      const next = this.peek();
      if (next === "" || next === ")") break;
      items.push(this.expr());
    }
    return makeTuple(items);
  }

  private expr(): unknown {
    const ch = this.peek();
    let value: unknown;
    if (ch === "+" || ch === "-") {
      this.pos++;
      this.peek();
      const n = this.number(true);
      // Python ints have no negative zero; floats do (`-0.0`).
      value = ch === "-" && typeof n === "number" ? (n === 0 && !this.lastFloat ? 0 : -n) : n;
    } else {
      value = this.atom();
    }
    // A float keeps its type (`5.0` is a float, which matters when only some types are accepted).
    if (typeof value === "number" && this.lastFloat) value = makeFloat(value);
    const op = this.peek();
    if ((op === "+" || op === "-") && typeof value === "number") {
      this.pos++;
      this.peek();
      this.number(true);
      this.complex = true;
    }
    return value;
  }

  private number(required: boolean): unknown {
    const rest = this.text.slice(this.pos);
    const imag = IMAG.exec(rest);
    if (imag) { this.pos += imag[0].length; this.complex = true; this.checkEnd(); return 0; }
    const float = FLOAT.exec(rest);
    this.lastFloat = !!float;
    if (float) { this.pos += float[0].length; this.checkEnd(); return Number(float[0].replace(/_/g, "")); }
    const int = INT.exec(rest);
    if (int) {
      this.pos += int[0].length;
      this.checkEnd();
      const n = parseInt_(int[0]);
      if (!Number.isSafeInteger(n)) throw NOT_A_LITERAL;
      return n;
    }
    if (required) throw NOT_A_LITERAL;
    return undefined;
  }

  private checkEnd(): void {
    if (/[\w.]/.test(this.text[this.pos] ?? "")) throw NOT_A_LITERAL;
  }

  private atom(): unknown {
    const ch = this.peek();
    if (/[0-9.]/.test(ch)) {
      if (this.text.startsWith("...", this.pos)) throw NOT_A_LITERAL;
      return this.number(true);
    }
    if (STRING_START.test(this.text.slice(this.pos))) return this.strings();
    if (ch === "[") return this.sequence("]");
    if (ch === "(") return this.parenthesized();
    if (ch === "{") return this.braces();
    const name = /^[A-Za-z_]\w*/.exec(this.text.slice(this.pos));
    if (!name) throw NOT_A_LITERAL;
    this.pos += name[0].length;
    if (name[0] === "True") return true;
    if (name[0] === "False") return false;
    if (name[0] === "None") return null;
    if (name[0] === "set" && this.eat("(") && this.eat(")")) return new PySet([]);
    throw NOT_A_LITERAL;
  }

  private sequence(close: string): unknown[] {
    this.pos++;
    this.depth++;
    const items: unknown[] = [];
    while (!this.eat(close)) {
      if (items.length && !this.eat(",")) throw NOT_A_LITERAL;
      if (this.eat(close)) break;
      items.push(this.expr());
    }
    this.depth--;
    return items;
  }

  private parenthesized(): unknown {
    this.pos++;
    this.depth++;
    if (this.eat(")")) { this.depth--; return makeTuple([]); }
    const first = this.expr();
    if (this.eat(")")) { this.depth--; return first; }
    const items = [first];
    while (this.eat(",")) {
      if (this.peek() === ")") break;
      items.push(this.expr());
    }
    if (!this.eat(")")) throw NOT_A_LITERAL;
    this.depth--;
    return makeTuple(items);
  }

  private braces(): unknown {
    this.pos++;
    this.depth++;
    if (this.eat("}")) { this.depth--; return {}; }
    const firstKey = this.expr();
    if (this.eat(":")) {
      const out: Record<string, unknown> = {};
      let key = firstKey;
      for (;;) {
        setKey(out, hashableKey(key), this.expr());
        if (!this.eat(",") || this.peek() === "}") break;
        key = this.expr();
        if (!this.eat(":")) throw NOT_A_LITERAL;
      }
      if (!this.eat("}")) throw NOT_A_LITERAL;
      this.depth--;
      return out;
    }
    const items = [firstKey];
    while (this.eat(",")) {
      if (this.peek() === "}") break;
      items.push(this.expr());
    }
    if (!this.eat("}")) throw NOT_A_LITERAL;
    items.forEach(hashableKey);
    this.depth--;
    return new PySet(items.filter((item, i) => items.findIndex((other) => other === item) === i));
  }

  private strings(): unknown {
    let result: string | undefined;
    let bytes: boolean | undefined;
    while (STRING_START.test(this.text.slice(this.pos))) {
      const m = STRING_START.exec(this.text.slice(this.pos)) as RegExpExecArray;
      const prefix = m[1].toLowerCase();
      if (prefix.includes("f") || (prefix.length === 2 && !/^(br|rb)$/.test(prefix))) throw NOT_A_LITERAL;
      const isBytes = prefix.includes("b");
      if (bytes !== undefined && bytes !== isBytes) throw NOT_A_LITERAL;
      bytes = isBytes;
      this.pos += m[0].length;
      const text = this.stringBody(m[2], prefix.includes("r"));
      result = (result ?? "") + text;
      if (!STRING_START.test(this.text.slice(this.pos).replace(/^[ \t]+/, ""))) break;
      this.skipSpace();
    }
    if (bytes) throw NOT_A_LITERAL;
    return result;
  }

  private stringBody(quote: string, raw: boolean): string {
    let out = "";
    for (;;) {
      if (this.pos >= this.text.length) throw NOT_A_LITERAL;
      if (this.text.startsWith(quote, this.pos)) { this.pos += quote.length; return out; }
      const ch = this.text[this.pos];
      if (ch === "\n" && quote.length === 1) throw NOT_A_LITERAL;
      if (ch !== "\\") { out += ch; this.pos++; continue; }
      const next = this.text[this.pos + 1] ?? "";
      if (raw) { out += ch + next; this.pos += 2; continue; }
      this.pos += 2;
      out += this.escape(next);
    }
  }

  private escape(next: string): string {
    if (Object.hasOwn(SIMPLE_ESCAPES, next)) return SIMPLE_ESCAPES[next];
    const hex = (len: number): string => {
      const digits = this.text.slice(this.pos, this.pos + len);
      if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(digits)) throw NOT_A_LITERAL;
      this.pos += len;
      const code = parseInt(digits, 16);
      if (code > 0x10ffff) throw NOT_A_LITERAL;
      return String.fromCodePoint(code);
    };
    if (next === "x") return hex(2);
    if (next === "u") return hex(4);
    if (next === "U") return hex(8);
    if (/[0-7]/.test(next)) {
      const m = /^[0-7]{0,2}/.exec(this.text.slice(this.pos)) as RegExpExecArray;
      this.pos += m[0].length;
      return String.fromCodePoint(parseInt(next + m[0], 8));
    }
    if (next === "N") throw NOT_A_LITERAL;
    return `\\${next}`;
  }
}

const COMMON = new Map<string, { value: unknown }>([["True", { value: true }], ["False", { value: false }], ["None", { value: null }]]);
const PLAIN_INT = /^-?[1-9]\d{0,14}$|^0$/;

function parseInt_(text: string): number {
  const clean = text.replace(/_/g, "").toLowerCase();
  if (clean.startsWith("0x")) return parseInt(clean.slice(2), 16);
  if (clean.startsWith("0o")) return parseInt(clean.slice(2), 8);
  if (clean.startsWith("0b")) return parseInt(clean.slice(2), 2);
  return Number(clean);
}

function hashableKey(key: unknown): string {
  if (key !== null && typeof key === "object") throw NOT_A_LITERAL;
  if (key === null) return "None";
  if (typeof key === "boolean") return key ? "True" : "False";
  return String(key);
}

/**
 * Python's `ast.literal_eval` as the kit applies it: the literal's value, or the text itself when it is
 * not a literal (or is complex, or an int beyond 2^53 that JavaScript would round).
 *
 * @example
 * literalEval("123")     // 123
 * literalEval("'x'")     // "x"
 * literalEval("007")     // "007"
 * literalEval("[1, 2]")  // [1, 2]
 */
export function literalEval(text: string): unknown {
  const known = COMMON.get(text);
  if (known !== undefined) return known.value;
  if (PLAIN_INT.test(text)) return Number(text);
  const trimmed = text.replace(/^[ \t]+/, "");
  const first = trimmed.charCodeAt(0);
  // Fast path: most rendered values are plain words or URLs, which can never be literals.
  if (first >= 97 && first <= 122 && !/^[rubf]{1,2}['"]/i.test(trimmed) && trimmed !== "set()") {
    return text;
  }
  try {
    return new LiteralParser(trimmed).parse().value;
  } catch (error) {
    if (error === NOT_A_LITERAL || error instanceof RangeError) return text;
    throw error;
  }
}
