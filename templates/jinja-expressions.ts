/**
 * Jinja's operator precedence, as parser rules that replace nunjucks' where the two differ:
 *
 * - `in` / `not in` are comparison operators that chain (`1 in [1] == True` is `(1 in [1]) and ([1] == True)`);
 * - `is` tests bind like filters, right after the operand (`1 == 1 is true` is `1 == (1 is true)`), and take
 *   an argument without parentheses (`x is divisibleby 3`, `x is sameas false`);
 * - `+ -` are one left-associative level, then `~`, then `* / // %` as one left-associative level
 *   (`'a' ~ 1 + 2` is `('a' ~ 1) + 2`, `4 * 3 % 5` is `(4 * 3) % 5`);
 * - `a if b else c if d else e` chains.
 */
import type { LexerModule, NodeClass, ParserInstance, TemplateNode } from "./nunjucks-internals.js";

const COMPARE_OPS = new Set(["==", "===", "!=", "!==", "<", ">", "<=", ">="]);
const NOT_AN_ARGUMENT = new Set(["else", "or", "and", "if", "in", "not", "is"]);

/** The parser methods implementing Jinja's precedence, for `Parser.extend`. */
export function jinjaExpressionRules(L: LexerModule, nodes: Record<string, NodeClass>): Record<string, unknown> {
  const argumentStarts = new Set([L.TOKEN_SYMBOL, L.TOKEN_STRING, L.TOKEN_INT, L.TOKEN_FLOAT, L.TOKEN_BOOLEAN, L.TOKEN_NONE, L.TOKEN_LEFT_PAREN, L.TOKEN_LEFT_BRACKET, L.TOKEN_LEFT_CURLY]);

  function parseTest(this: ParserInstance, node: TemplateNode): TemplateNode {
    const negated = this.skipSymbol("not");
    const nameTok = this.nextToken();
    const ok = nameTok && (nameTok.type === L.TOKEN_SYMBOL || nameTok.type === L.TOKEN_NONE || nameTok.type === L.TOKEN_BOOLEAN);
    if (!ok) this.fail("expected a test name after 'is'", nameTok?.lineno, nameTok?.colno);
    const name = nameTok.type === L.TOKEN_NONE ? "none" : nameTok.value;
    let test: TemplateNode = new nodes.Symbol(nameTok.lineno, nameTok.colno, name);
    const next = this.peekToken();
    if (next && next.type === L.TOKEN_LEFT_PAREN) {
      test = new nodes.FunCall(nameTok.lineno, nameTok.colno, test, this.parseSignature());
    } else if (next && argumentStarts.has(next.type) && !(next.type === L.TOKEN_SYMBOL && NOT_AN_ARGUMENT.has(next.value))) {
      const arg = this.parsePrimary();
      test = new nodes.FunCall(nameTok.lineno, nameTok.colno, test, new nodes.NodeList(next.lineno, next.colno, [arg]));
    }
    const result = new nodes.Is(node.lineno, node.colno, node, test);
    return negated ? new nodes.Not(node.lineno, node.colno, result) : result;
  }

  function leftAssociative(this: ParserInstance, operand: () => TemplateNode, ops: Record<string, string>, type: string): TemplateNode {
    let node = operand();
    for (;;) {
      const tok = this.peekToken();
      const kind = tok && tok.type === type ? ops[tok.value] : undefined;
      if (!kind) return node;
      this.nextToken();
      node = new nodes[kind](node.lineno, node.colno, node, operand());
    }
  }

  return {
    parseInlineIf(this: ParserInstance): TemplateNode {
      let node = this.parseOr();
      while (this.skipSymbol("if")) {
        const cond = this.parseOr();
        const other = this.skipSymbol("else") ? this.parseInlineIf() : null;
        const inline = new nodes.InlineIf(node.lineno, node.colno) as TemplateNode & Record<string, unknown>;
        inline.body = node;
        inline.cond = cond;
        inline.else_ = other;
        node = inline;
      }
      return node;
    },
    parseIn(this: ParserInstance): TemplateNode {
      return this.parseCompare();
    },
    parseCompare(this: ParserInstance): TemplateNode {
      const expr = this.parseConcat();
      const ops: TemplateNode[] = [];
      for (;;) {
        const tok = this.nextToken();
        if (!tok) break;
        let type: string | undefined;
        if (tok.type === L.TOKEN_OPERATOR && COMPARE_OPS.has(tok.value)) type = tok.value;
        else if (tok.type === L.TOKEN_SYMBOL && tok.value === "in") type = "in";
        else if (tok.type === L.TOKEN_SYMBOL && tok.value === "not") {
          if (this.skipSymbol("in")) type = "notin";
          else { this.pushToken(tok); break; }
        } else { this.pushToken(tok); break; }
        ops.push(new nodes.CompareOperand(tok.lineno, tok.colno, this.parseConcat(), type));
      }
      return ops.length ? new nodes.Compare(ops[0].lineno, ops[0].colno, expr, ops) : expr;
    },
    // nunjucks' parseCompare calls parseConcat for its operands; here it is Jinja's `+ -` level.
    parseConcat(this: ParserInstance): TemplateNode {
      const math2 = (): TemplateNode => leftAssociative.call(this, () => this.parsePow(), { "*": "Mul", "/": "Div", "//": "FloorDiv", "%": "Mod" }, L.TOKEN_OPERATOR);
      const concat = (): TemplateNode => leftAssociative.call(this, math2, { "~": "Concat" }, L.TOKEN_TILDE);
      return leftAssociative.call(this, concat, { "+": "Add", "-": "Sub" }, L.TOKEN_OPERATOR);
    },
    parseFilter(this: ParserInstance, node: TemplateNode): TemplateNode {
      for (;;) {
        if (this.skip(L.TOKEN_PIPE)) {
          const name = this.parseFilterName();
          node = new nodes.Filter(name.lineno, name.colno, name, new nodes.NodeList(name.lineno, name.colno, [node, ...this.parseFilterArgs(node)]));
        } else if (this.skipSymbol("is")) {
          node = parseTest.call(this, node);
        } else {
          return node;
        }
      }
    },
  };
}
