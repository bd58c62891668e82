/**
 * A string matching a simple regular expression (best effort), for spec fields with a `pattern`:
 * literals, escapes (`\d`, `\w`, `\s`, `\.`), character classes (first member), groups (first
 * alternative), `.` and the quantifiers `? * + {n} {n,m}` (their minimum, at least one for `+`).
 * Returns undefined when the result does not match (lookarounds, backreferences...).
 *
 * @example
 * samplePattern("^(sandbox|live)_.+$") === "sandbox_x"
 * samplePattern("^[0-9]{8}T[0-9]{6}Z$") === "00000000T000000Z"
 */
export function samplePattern(pattern: string): string | undefined {
  let sample: string;
  try {
    sample = new Sampler(pattern).sequence();
  } catch {
    return undefined;
  }
  try {
    return new RegExp(pattern, "u").test(sample) ? sample : undefined;
  } catch {
    return new RegExp(pattern).test(sample) ? sample : undefined;
  }
}

class Sampler {
  private i = 0;
  constructor(private readonly p: string) {}

  /** A sequence up to `|` or `)`: the first alternative. */
  sequence(): string {
    let out = "";
    while (this.i < this.p.length && this.p[this.i] !== ")") {
      if (this.p[this.i] === "|") {
        this.skipAlternatives();
        break;
      }
      const atom = this.atom();
      out += atom.repeat(this.quantifier());
    }
    return out;
  }

  private atom(): string {
    const c = this.p[this.i++]!;
    if (c === "^" || c === "$") return "";
    if (c === "\\") return escapeSample(this.p[this.i++]!);
    if (c === ".") return "x";
    if (c === "[") return this.charClass();
    if (c === "(") {
      if (this.p[this.i] === "?") {
        if (this.p[this.i + 1] !== ":") throw new Error("lookaround");
        this.i += 2;
      }
      const inner = this.sequence();
      this.i++;
      return inner;
    }
    return c;
  }

  private charClass(): string {
    const negated = this.p[this.i] === "^";
    if (negated) this.i++;
    let first: string | undefined;
    while (this.i < this.p.length && this.p[this.i] !== "]") {
      const c = this.p[this.i++]!;
      const member = c === "\\" ? escapeSample(this.p[this.i++]!) : c;
      first ??= member;
    }
    this.i++;
    if (negated) return first === "x" ? "y" : "x";
    return first ?? "x";
  }

  private quantifier(): number {
    const c = this.p[this.i];
    if (c === "?" || c === "*") return this.lazy(1, 0);
    if (c === "+") return this.lazy(1, 1);
    if (c === "{") {
      const match = /^\{(\d+)(,\d*)?\}/.exec(this.p.slice(this.i));
      if (match) return this.lazy(match[0].length, Number(match[1]));
    }
    return 1;
  }

  private lazy(length: number, count: number): number {
    this.i += length;
    if (this.p[this.i] === "?") this.i++;
    return count;
  }

  private skipAlternatives(): void {
    let depth = 0;
    for (; this.i < this.p.length; this.i++) {
      const c = this.p[this.i];
      if (c === "\\") this.i++;
      else if (c === "(") depth++;
      else if (c === ")") {
        if (depth === 0) return;
        depth--;
      }
    }
  }
}

function escapeSample(c: string): string {
  if (c === "d") return "0";
  if (c === "w") return "x";
  if (c === "s") return " ";
  if (c === "D" || c === "W" || c === "S") return c === "D" ? "x" : c === "W" ? "-" : "x";
  return c;
}
