/**
 * Parses a template with nunjucks' lexer and parser, adjusted where Jinja's grammar differs:
 * slices (`a[1:]`, `a[::-1]`), float literals that stay floats (`1.0`), and `a.b` kept apart from `a['b']`
 * (Jinja tries the attribute first for one and the item first for the other).
 */
import { balanceBraces } from "./balance-braces.js";
import { jinjaExpressionRules } from "./jinja-expressions.js";
import { lexer as L, nodes as nunjucksNodes, Parser, type ParserInstance, type TemplateNode, type Token, type Tokenizer } from "./nunjucks-internals.js";
import { makeFloat } from "../python/values.js";


function parseSubscript(this: ParserInstance, open: Token): TemplateNode {
  const parts: (TemplateNode | null)[] = [null, null, null];
  let index = 0;
  let isSlice = false;
  while (!this.skip(L.TOKEN_RIGHT_BRACKET)) {
    if (this.skip(L.TOKEN_COLON)) {
      isSlice = true;
      index += 1;
      if (index > 2) this.fail("too many slice components", open.lineno, open.colno);
      continue;
    }
    if (parts[index]) this.fail("expected ':' or ']' in subscript", open.lineno, open.colno);
    parts[index] = this.parseExpression();
  }
  if (!isSlice) {
    if (!parts[0]) this.fail("empty subscript", open.lineno, open.colno);
    return parts[0] as TemplateNode;
  }
  return { typename: "Slice", lineno: open.lineno, colno: open.colno, start: parts[0], stop: parts[1], step: parts[2] };
}

const INT_TEXT = /^\d(?:_?\d)*$/;
const FLOAT_TEXT = /^\d(?:_?\d)*(?:\.\d(?:_?\d)*)?(?:[eE][-+]?\d(?:_?\d)*)?$/;

/**
 * Reads a number the way Jinja's lexer does. nunjucks splits `1e20`, `1e-5` and `1_000` into several
 * tokens; adjacent pieces are joined back here.
 */
function numberLiteral(this: ParserInstance, tok: Token): unknown {
  let text = tok.value;
  let end = tok.colno + text.length;
  const adjacent = (t: Token | undefined): t is Token => !!t && t.lineno === tok.lineno && t.colno === end;
  let next = this.peekToken();
  if (tok.type !== L.TOKEN_SYMBOL && adjacent(next) && next.type === L.TOKEN_SYMBOL && /^[eE]\d*$/.test(next.value)) {
    this.nextToken();
    text += next.value;
    end += next.value.length;
    next = this.peekToken();
  }
  if (/[eE]$/.test(text) && adjacent(next) && next.type === L.TOKEN_OPERATOR && (next.value === "-" || next.value === "+")) {
    this.nextToken();
    const digits = this.peekToken();
    if (digits && digits.type === L.TOKEN_INT && digits.colno === end + 1) {
      this.nextToken();
      text += next.value + digits.value;
    } else this.fail(`invalid number ${text}${next.value}`, tok.lineno, tok.colno);
  }
  if (INT_TEXT.test(text)) return parseInt(text.replace(/_/g, ""), 10);
  if (FLOAT_TEXT.test(text)) return makeFloat(parseFloat(text.replace(/_/g, "")));
  return this.fail(`invalid number ${text}`, tok.lineno, tok.colno);
}

const JinjaParser = Parser.extend("JinjaParser", {
  ...jinjaExpressionRules(L, nunjucksNodes),
  parsePostfix(this: ParserInstance, node: TemplateNode): TemplateNode {
    let tok = this.peekToken();
    while (tok) {
      if (tok.type === L.TOKEN_LEFT_PAREN) {
        node = new nunjucksNodes.FunCall(tok.lineno, tok.colno, node, this.parseSignature());
      } else if (tok.type === L.TOKEN_LEFT_BRACKET) {
        this.nextToken();
        node = new nunjucksNodes.LookupVal(tok.lineno, tok.colno, node, parseSubscript.call(this, tok));
      } else if (tok.type === L.TOKEN_OPERATOR && tok.value === ".") {
        this.nextToken();
        const name = this.nextToken();
        if (!name || (name.type !== L.TOKEN_SYMBOL && !/^\d+$/.test(name.value))) {
          this.fail(`expected name as lookup value, got ${name?.value}`, name?.lineno, name?.colno);
        }
        const key = /^\d+$/.test(name.value) ? Number(name.value) : name.value;
        const lookup = new nunjucksNodes.LookupVal(tok.lineno, tok.colno, node, new nunjucksNodes.Literal(name.lineno, name.colno, key));
        (lookup as { isAttr?: boolean }).isAttr = true;
        node = lookup;
      } else {
        break;
      }
      tok = this.peekToken();
    }
    return node;
  },
  parsePrimary(this: ParserInstance & { parent: (noPostfix?: boolean) => TemplateNode }, noPostfix?: boolean): TemplateNode {
    const tok = this.peekToken();
    let node: TemplateNode | undefined;
    if (tok && (tok.type === L.TOKEN_FLOAT || tok.type === L.TOKEN_INT || (tok.type === L.TOKEN_SYMBOL && /^\d/.test(tok.value)))) {
      this.nextToken();
      node = new nunjucksNodes.Literal(tok.lineno, tok.colno, numberLiteral.call(this, tok));
    } else if (tok && tok.type === L.TOKEN_NONE && tok.value === "null") {
      // Jinja has no `null` constant: it is a name (undeclared unless the context has it).
      this.nextToken();
      node = new nunjucksNodes.Symbol(tok.lineno, tok.colno, "null");
    }
    if (!node) return this.parent(noPostfix);
    return noPostfix ? node : this.parsePostfix(node);
  },
  parseAggregate(this: ParserInstance): TemplateNode | null {
    const tok = this.nextToken();
    const kind = tok.type === L.TOKEN_LEFT_PAREN ? "Group" : tok.type === L.TOKEN_LEFT_BRACKET ? "Array" : tok.type === L.TOKEN_LEFT_CURLY ? "Dict" : undefined;
    if (!kind) return null;
    const node = new nunjucksNodes[kind](tok.lineno, tok.colno) as TemplateNode & { children: TemplateNode[] };
    const closes = (type: string): boolean => type === L.TOKEN_RIGHT_PAREN || type === L.TOKEN_RIGHT_BRACKET || type === L.TOKEN_RIGHT_CURLY;
    let trailingComma = false;
    for (;;) {
      if (closes(this.peekToken().type)) { this.nextToken(); break; }
      if (node.children.length > 0) {
        if (!this.skip(L.TOKEN_COMMA)) this.fail("expected comma after expression", tok.lineno, tok.colno);
        if (closes(this.peekToken().type)) { this.nextToken(); trailingComma = true; break; }
      }
      if (kind === "Dict") {
        const key = this.parsePrimary();
        if (!this.skip(L.TOKEN_COLON)) this.fail("expected colon after dict key", tok.lineno, tok.colno);
        node.children.push(new nunjucksNodes.Pair(key.lineno, key.colno, key, this.parseExpression()));
      } else {
        node.children.push(this.parseExpression());
      }
    }
    if (kind === "Group" && (trailingComma || node.children.length === 0)) (node as { isTuple?: boolean }).isTuple = true;
    return node;
  },
});

const ESCAPES: Record<string, string> = { "\\": "\\", "'": "'", '"': '"', a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\n": "" };

/** Python's `unicode-escape` decoding, which Jinja applies to string literals (`'\x41'` is `A`). */
function unescapePython(raw: string): string {
  return raw.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{1,3}|[\s\S])/g, (match, esc: string) => {
    if (Object.hasOwn(ESCAPES, esc)) return ESCAPES[esc];
    if (/^[xuU]/.test(esc) && esc.length > 1) {
      const code = parseInt(esc.slice(1), 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    if (/^[0-7]+$/.test(esc)) return String.fromCodePoint(parseInt(esc, 8));
    return match;
  });
}

/** nunjucks' string reader keeps the raw text here, so Jinja's (Python's) escapes can be applied. */
function readPythonString(this: Tokenizer, delimiter: string): string {
  this.forward();
  let raw = "";
  while (!this.isFinished() && this.current() !== delimiter) {
    if (this.current() === "\\") {
      raw += "\\";
      this.forward();
      if (this.isFinished()) break;
    }
    raw += this.current();
    this.forward();
  }
  this.forward();
  return unescapePython(raw);
}

/** Jinja's source preparation: newlines normalised to `\n` and one trailing newline dropped. */
export function prepareSource(source: string): string {
  const normalized = source.replace(/\r\n?/g, "\n");
  return normalized.endsWith("\n") ? normalized.slice(0, -1) : normalized;
}

/**
 * Parses a template into nunjucks' tree; throws nunjucks' error (with line and column) on a syntax error.
 * Each text is parsed once per process: a manifest repeats its templates (a shared authenticator built for
 * every stream, the config keys read by the analysis and again when building), and the demo's `check`
 * parsed 18 texts 60 times. The tree is shared, so nothing may change it (nothing does: the compiler and
 * the analyses only read it).
 *
 * @example
 * parseTemplate("{{ config['api_key'] }}") === parseTemplate("{{ config['api_key'] }}") // true
 */
export function parseTemplate(source: string): TemplateNode {
  let root = parsed.get(source);
  if (!root) {
    const tokens = L.lex(balanceBraces(source), {}) as Tokenizer;
    tokens._parseString = readPythonString;
    root = new JinjaParser(tokens).parseAsRoot();
    // A long-lived host (the Builder, re-analysing as the author types) sees new texts without end.
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(source, root);
  }
  return root;
}

/** The trees of the texts parsed so far (at most {@link MAX_PARSED}). */
const parsed = new Map<string, TemplateNode>();
const MAX_PARSED = 4096;
