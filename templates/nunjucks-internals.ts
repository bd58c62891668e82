/**
 * The one file that reaches into nunjucks' private modules (`nunjucks/src/lexer.js`, `parser.js`,
 * `nodes.js`). nunjucks does not export its parser, and Sluice needs it: Jinja's grammar differs from
 * nunjucks' (slices, precedence, Python string escapes), so the parser is extended rather than
 * re-written. Everything the templates floor relies on is listed in {@link NUNJUCKS_CONTRACT}, nunjucks'
 * version is pinned exactly in package.json, and `test/templates/nunjucks-internals.test.ts` checks the
 * installed nunjucks against the contract, so an upgrade that moves any of it fails loudly there
 * instead of mis-parsing templates.
 *
 * @example
 * import { lexer, nodes, Parser } from "./nunjucks-internals.js";
 * const tokens = lexer.lex("{{ a }}", {});
 */
/// <reference path="./nunjucks-src.d.ts" />
import { createRequire } from "node:module";
// Static imports, so the build bundles these three CommonJS files into the templates chunk (no module
// resolution or CommonJS loader at start); the version is read from package.json only when asked.
import lexerModule from "nunjucks/src/lexer.js";
import parserModule from "nunjucks/src/parser.js";
import nodesModule from "nunjucks/src/nodes.js";

/** A node of nunjucks' template tree (fields depend on `typename`). */
export interface TemplateNode {
  readonly typename: string;
  readonly lineno: number;
  readonly colno: number;
  [field: string]: unknown;
}

/** A nunjucks lexer token. */
export interface Token { type: string; value: string; lineno: number; colno: number }

/** The parts of nunjucks' lexer module the parser rules use. */
export interface LexerModule {
  lex(src: string, opts?: object): unknown;
  TOKEN_LEFT_BRACKET: string; TOKEN_RIGHT_BRACKET: string; TOKEN_COLON: string; TOKEN_LEFT_PAREN: string;
  TOKEN_OPERATOR: string; TOKEN_SYMBOL: string; TOKEN_FLOAT: string; TOKEN_INT: string; TOKEN_NONE: string;
  TOKEN_BOOLEAN: string; TOKEN_STRING: string; TOKEN_COMMA: string; TOKEN_RIGHT_PAREN: string; TOKEN_RIGHT_CURLY: string;
  TOKEN_LEFT_CURLY: string; TOKEN_PIPE: string; TOKEN_TILDE: string;
}

/** The tokenizer `lex()` returns; `_parseString` is the hook its string reader calls. */
export interface Tokenizer { forward(): void; current(): string; isFinished(): boolean; _parseString?: (delimiter: string) => string }

/** The nunjucks parser methods the rules call. */
export interface ParserInstance {
  peekToken(): Token; nextToken(): Token; skip(type: string): boolean; fail(msg: string, lineno?: number, colno?: number): never;
  parseExpression(): TemplateNode; parseSignature(): TemplateNode; parseAsRoot(): TemplateNode;
  parsePostfix(node: TemplateNode): TemplateNode; pushToken(tok: Token): void; parsePrimary(noPostfix?: boolean): TemplateNode;
  parseCompare(): TemplateNode; skipSymbol(name: string): boolean; expect(type: string): Token; skipValue(type: string, value: string): boolean;
  parseOr(): TemplateNode; parseInlineIf(): TemplateNode; parseConcat(): TemplateNode; parsePow(): TemplateNode;
  parseFilterName(): TemplateNode; parseFilterArgs(node: TemplateNode): TemplateNode[];
}

/** A nunjucks node class. */
export type NodeClass = new (lineno: number, colno: number, ...fields: unknown[]) => TemplateNode;

/** nunjucks' `Parser` class, extended with `Parser.extend(name, methods)`. */
interface ParserClass {
  extend(name: string, props: Record<string, unknown>): new (tokens: unknown) => ParserInstance;
}

/**
 * What Sluice relies on in nunjucks' private modules: the exact version, the lexer's token names, the
 * tokenizer and parser methods called or overridden, and each node class with the field names
 * `templates/` reads (`node.target`, `node.ops`...), in nunjucks' order (constructor arguments).
 */
export const NUNJUCKS_CONTRACT = {
  version: "3.2.4",
  tokens: [
    "TOKEN_BOOLEAN", "TOKEN_COLON", "TOKEN_COMMA", "TOKEN_FLOAT", "TOKEN_INT", "TOKEN_LEFT_BRACKET", "TOKEN_LEFT_CURLY",
    "TOKEN_LEFT_PAREN", "TOKEN_NONE", "TOKEN_OPERATOR", "TOKEN_PIPE", "TOKEN_RIGHT_BRACKET", "TOKEN_RIGHT_CURLY",
    "TOKEN_RIGHT_PAREN", "TOKEN_STRING", "TOKEN_SYMBOL", "TOKEN_TILDE",
  ],
  tokenizerMethods: ["forward", "current", "isFinished", "_parseString"],
  parserMethods: [
    "peekToken", "nextToken", "skip", "fail", "parseExpression", "parseSignature", "parseAsRoot", "parsePostfix", "pushToken",
    "parsePrimary", "parseCompare", "skipSymbol", "expect", "skipValue", "parseOr", "parseInlineIf", "parseConcat", "parsePow",
    "parseFilterName", "parseFilterArgs", "parseAggregate", "parseIn", "parseFilter",
  ],
  nodeFields: {
    Add: ["left", "right"], And: ["left", "right"], Array: ["children"], Compare: ["expr", "ops"], CompareOperand: ["expr", "type"],
    Concat: ["left", "right"], Dict: ["children"], Div: ["left", "right"], Filter: ["name", "args"], FloorDiv: ["left", "right"],
    For: ["arr", "name", "body", "else_"], FunCall: ["name", "args"], Group: ["children"], If: ["cond", "body", "else_"],
    In: ["left", "right"], InlineIf: ["cond", "body", "else_"], Is: ["left", "right"], KeywordArgs: ["children"],
    Literal: ["value"], LookupVal: ["target", "val"], Mod: ["left", "right"], Mul: ["left", "right"], Neg: ["target"],
    NodeList: ["children"], Not: ["target"], Or: ["left", "right"], Output: ["children"], Pair: ["key", "value"],
    Pos: ["target"], Pow: ["left", "right"], Root: ["children"], Set: ["targets", "value"], Sub: ["left", "right"],
    Symbol: ["value"], TemplateData: ["value"],
  } as Record<string, readonly string[]>,
} as const;

/** nunjucks' lexer module (`nunjucks/src/lexer.js`). */
export const lexer = lexerModule as unknown as LexerModule;
/** nunjucks' parser module's `Parser` class (`nunjucks/src/parser.js`). */
export const Parser = (parserModule as unknown as { Parser: ParserClass }).Parser;
/** nunjucks' node classes (`nunjucks/src/nodes.js`). */
export const nodes = nodesModule as unknown as Record<string, NodeClass>;

/**
 * The installed nunjucks version (from its package.json; the bundle holds its parser, not its version).
 *
 * @example
 * installedNunjucksVersion(); // "3.2.4"
 */
export function installedNunjucksVersion(): string {
  return (createRequire(import.meta.url)("nunjucks/package.json") as { version: string }).version;
}
