/**
 * Parses a template with nunjucks' lexer and parser, adjusted where Jinja's grammar differs:
 * slices (`a[1:]`, `a[::-1]`), float literals that stay floats (`1.0`), and `a.b` kept apart from `a['b']`
 * (Jinja tries the attribute first for one and the item first for the other).
 */
import { createRequire } from "node:module";
import { makeFloat } from "./py-values.js";

const require = createRequire(import.meta.url);
const nunjucksParser = require("nunjucks/src/parser.js") as { Parser: ParserClass };
const nunjucksLexer = require("nunjucks/src/lexer.js") as LexerModule;
const nunjucksNodes = require("nunjucks/src/nodes.js") as Record<string, NodeClass>;

/** A node of nunjucks' template tree (fields depend on `typename`). */
export interface TemplateNode {
  readonly typename: string;
  readonly lineno: number;
  readonly colno: number;
  [field: string]: unknown;
}

type NodeClass = new (lineno: number, colno: number, ...fields: unknown[]) => TemplateNode;
interface Token { type: string; value: string; lineno: number; colno: number }
interface LexerModule {
  lex(src: string, opts?: object): unknown;
  TOKEN_LEFT_BRACKET: string; TOKEN_RIGHT_BRACKET: string; TOKEN_COLON: string; TOKEN_LEFT_PAREN: string;
  TOKEN_OPERATOR: string; TOKEN_SYMBOL: string; TOKEN_FLOAT: string;
}
interface ParserInstance {
  peekToken(): Token; nextToken(): Token; skip(type: string): boolean; fail(msg: string, lineno?: number, colno?: number): never;
  parseExpression(): TemplateNode; parseSignature(): TemplateNode; parseAsRoot(): TemplateNode;
  parsePostfix(node: TemplateNode): TemplateNode; pushToken(tok: Token): void;
}
interface ParserClass {
  extend(name: string, props: Record<string, unknown>): new (tokens: unknown) => ParserInstance;
}

const L = nunjucksLexer;

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

const JinjaParser = nunjucksParser.Parser.extend("JinjaParser", {
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
    if (tok && tok.type === L.TOKEN_FLOAT) {
      this.nextToken();
      const node = new nunjucksNodes.Literal(tok.lineno, tok.colno, makeFloat(parseFloat(tok.value)));
      return noPostfix ? node : this.parsePostfix(node);
    }
    return this.parent(noPostfix);
  },
});

/** Jinja's source preparation: newlines normalised to `\n` and one trailing newline dropped. */
export function prepareSource(source: string): string {
  const normalized = source.replace(/\r\n?/g, "\n");
  return normalized.endsWith("\n") ? normalized.slice(0, -1) : normalized;
}

/** Parses a template into nunjucks' tree; throws nunjucks' error (with line and column) on a syntax error. */
export function parseTemplate(source: string): TemplateNode {
  const parser = new JinjaParser(L.lex(source, {}));
  return parser.parseAsRoot();
}
