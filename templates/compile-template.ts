/**
 * Turns a parsed template into JavaScript closures once, at build time, so evaluating it per request is
 * a few function calls. Every operation goes through the Python-compatible helpers (py-*.ts); no
 * template ever reads a JavaScript property directly.
 */
import { getAttr, getItem, PySlice } from "./py-access.js";
import { pyAdd, pyCompare, pyDiv, pyEq, pyFloorDiv, pyIn, pyMod, pyMul, pyNeg, pyPos, pyPow, pySub } from "../python/ops.js";
import { bounded, checkSize } from "../python/resource-limits.js";
import { pyStr } from "../python/str.js";
import { iterate } from "../python/iterate.js";
import type { TemplateNode } from "./nunjucks-internals.js";
import { BoundMethod, isNamespace, makeTuple, PyError, PyFunction, PyUndefined, setKey, truthy, typeName } from "../python/values.js";

/** The variables of one evaluation: the caller's context, then `{% set %}`/loop variables. */
export class Scope {
  private locals: Map<string, unknown> | undefined;
  constructor(readonly context: Readonly<Record<string, unknown>>, readonly globals: ReadonlyMap<string, unknown>, private readonly parent?: Scope) {}

  lookup(name: string): unknown {
    for (let s: Scope | undefined = this; s; s = s.parent) {
      if (s.locals?.has(name)) return s.locals.get(name);
    }
    if (Object.hasOwn(this.context, name)) {
      const value = this.context[name];
      return value === undefined ? null : value;
    }
    if (this.globals.has(name)) return this.globals.get(name);
    // Names were checked at compile time, so this is a name of the field's context that the caller
    // left out; the kit always passes such names (as None when there is nothing, e.g. `last_record`).
    return null;
  }

  set(name: string, value: unknown): void {
    (this.locals ??= new Map()).set(name, value);
  }

  child(): Scope {
    return new Scope(this.context, this.globals, this);
  }
}

/** A filter: `value | name(args...)`. */
export type FilterImpl = (value: unknown, args: unknown[], kwargs: Record<string, unknown>) => unknown;
/** A test: `value is name(args...)`. */
export type TestImpl = (value: unknown, args: unknown[]) => boolean;

/** What compiled code may use: globals (macros), filters and tests. */
export interface CompileEnv {
  readonly globals: ReadonlyMap<string, unknown>;
  readonly filters: Readonly<Record<string, FilterImpl>>;
  readonly tests: Readonly<Record<string, TestImpl>>;
}

/** A compiled expression. */
type Expr = (scope: Scope) => unknown;
/** A compiled statement, appending its output. */
type Stmt = (scope: Scope, out: string[]) => void;

/** A construct Jinja has but Sluice does not support (macros, includes...): reported as a syntax error. */
export class UnsupportedSyntax extends Error {}

const CONSTANTS: Record<string, unknown> = { True: true, False: false, None: null };

function children(node: TemplateNode): TemplateNode[] {
  return (node.children as TemplateNode[] | undefined) ?? [];
}

/** Calls a template value with Python-style arguments. */
function callValue(fn: unknown, args: unknown[], kwargs: Record<string, unknown>): unknown {
  if (fn instanceof BoundMethod) return fn.impl(fn.self as never, args, kwargs);
  if (fn instanceof PyFunction) return fn.impl(args, kwargs);
  if (fn instanceof PyUndefined) fn.fail();
  if (typeof fn === "function") return (fn as (...a: unknown[]) => unknown)(...args);
  throw new PyError("TypeError", `'${typeName(fn)}' object is not callable`);
}

function compileArgs(list: TemplateNode | undefined, env: CompileEnv): { args: Expr[]; kwargs: [string, Expr][] } {
  const args: Expr[] = [];
  const kwargs: [string, Expr][] = [];
  for (const child of list ? children(list) : []) {
    if (child.typename === "KeywordArgs") {
      for (const pair of children(child)) {
        const key = pair.key as TemplateNode;
        kwargs.push([String(key.value), compileExpr(pair.value as TemplateNode, env)]);
      }
    } else {
      args.push(compileExpr(child, env));
    }
  }
  return { args, kwargs };
}

function evalKwargs(kwargs: [string, Expr][], scope: Scope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, e] of kwargs) setKey(out, k, e(scope));
  return out;
}

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  Add: pyAdd, Sub: pySub, Mul: pyMul, Div: pyDiv, FloorDiv: pyFloorDiv, Mod: pyMod, Pow: pyPow,
  Concat: (a, b) => {
    const [x, y] = [pyStr(a), pyStr(b)];
    checkSize("string", x.length + y.length, "a string joined with ~");
    return x + y;
  },
  In: (a, b) => pyIn(a, b),
};

function compareOp(op: string, a: unknown, b: unknown): boolean {
  switch (op) {
    case "==": case "===": return pyEq(a, b);
    case "!=": case "!==": return !pyEq(a, b);
    case "in": return pyIn(a, b);
    case "notin": return !pyIn(a, b);
    case "<": return pyCompare(a, b, op) < 0;
    case ">": return pyCompare(a, b, op) > 0;
    case "<=": return pyCompare(a, b, op) <= 0;
    default: return pyCompare(a, b, op) >= 0;
  }
}

function compileLookup(node: TemplateNode, env: CompileEnv): Expr {
  const target = compileExpr(node.target as TemplateNode, env);
  const val = node.val as TemplateNode;
  if (node.isAttr) {
    const name = val.value;
    if (typeof name === "number") return (s) => getItem(target(s), name);
    return (s) => getAttr(target(s), name as string);
  }
  if (val.typename === "Literal") {
    const key = val.value;
    return (s) => getItem(target(s), key);
  }
  const key = compileExpr(val, env);
  return (s) => getItem(target(s), key(s));
}

function compileTest(node: TemplateNode, env: CompileEnv): Expr {
  const value = compileExpr(node.left as TemplateNode, env);
  const right = node.right as TemplateNode;
  let name: string;
  let argList: TemplateNode | undefined;
  if (right.typename === "Literal") name = right.value === null ? "none" : String(right.value);
  else if (right.typename === "Symbol") name = String(right.value);
  else if (right.typename === "FunCall" && (right.name as TemplateNode).typename === "Symbol") {
    name = String((right.name as TemplateNode).value);
    argList = right.args as TemplateNode;
  } else throw new UnsupportedSyntax("expected a test name after 'is'");
  const test = Object.hasOwn(env.tests, name) ? env.tests[name] : undefined;
  if (!test) throw new UnsupportedSyntax(`No test named '${name}'.`);
  const { args } = compileArgs(argList, env);
  return (s) => test(value(s), args.map((a) => a(s)));
}

function compileFilter(node: TemplateNode, env: CompileEnv): Expr {
  const name = String((node.name as TemplateNode).value);
  const filter = Object.hasOwn(env.filters, name) ? env.filters[name] : undefined;
  if (!filter) throw new UnsupportedSyntax(`No filter named '${name}'.`);
  const [input, ...rest] = children(node.args as TemplateNode);
  const value = compileExpr(input, env);
  const { args, kwargs } = compileArgs({ ...(node.args as TemplateNode), children: rest } as TemplateNode, env);
  return (s) => bounded(filter(value(s), args.map((a) => a(s)), evalKwargs(kwargs, s)));
}

function compileCall(node: TemplateNode, env: CompileEnv): Expr {
  const callee = compileExpr(node.name as TemplateNode, env);
  const { args, kwargs } = compileArgs(node.args as TemplateNode, env);
  return (s) => bounded(callValue(callee(s), args.map((a) => a(s)), evalKwargs(kwargs, s)));
}

function compileCompare(node: TemplateNode, env: CompileEnv): Expr {
  const first = compileExpr(node.expr as TemplateNode, env);
  const ops = (node.ops as TemplateNode[]).map((o) => [String(o.type), compileExpr(o.expr as TemplateNode, env)] as const);
  return (s) => {
    let left = first(s);
    for (const [op, expr] of ops) {
      const right = expr(s);
      if (!compareOp(op, left, right)) return false;
      left = right;
    }
    return true;
  };
}

/** Compiles an expression node. */
function compileExpr(node: TemplateNode, env: CompileEnv): Expr {
  const t = node.typename;
  const sub = (field: string): Expr => compileExpr(node[field] as TemplateNode, env);
  switch (t) {
    case "Literal": { const v = node.value; return () => v; }
    case "Symbol": {
      const name = String(node.value);
      if (Object.hasOwn(CONSTANTS, name)) { const v = CONSTANTS[name]; return () => v; }
      return (s) => s.lookup(name);
    }
    case "Group": {
      const items = children(node).map((c) => compileExpr(c, env));
      if (items.length === 1 && !node.isTuple) return items[0];
      return (s) => makeTuple(items.map((i) => i(s)));
    }
    case "Array": { const items = children(node).map((c) => compileExpr(c, env)); return (s) => items.map((i) => i(s)); }
    case "Dict": {
      const pairs = children(node).map((p) => [compileExpr(p.key as TemplateNode, env), compileExpr(p.value as TemplateNode, env)] as const);
      return (s) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of pairs) setKey(out, pyStr(k(s)), v(s));
        return out;
      };
    }
    case "Slice": {
      const part = (f: string): Expr => (node[f] ? sub(f) : () => null);
      const [a, b, c] = [part("start"), part("stop"), part("step")];
      return (s) => new PySlice(a(s), b(s), c(s));
    }
    case "LookupVal": return compileLookup(node, env);
    case "FunCall": return compileCall(node, env);
    case "Filter": return compileFilter(node, env);
    case "Is": return compileTest(node, env);
    case "Not": { const e = sub("target"); return (s) => !truthy(e(s)); }
    case "Neg": { const e = sub("target"); return (s) => pyNeg(e(s)); }
    case "Pos": { const e = sub("target"); return (s) => pyPos(e(s)); }
    case "And": { const [a, b] = [sub("left"), sub("right")]; return (s) => { const x = a(s); return truthy(x) ? b(s) : x; }; }
    case "Or": { const [a, b] = [sub("left"), sub("right")]; return (s) => { const x = a(s); return truthy(x) ? x : b(s); }; }
    case "InlineIf": {
      const [c, body] = [sub("cond"), sub("body")];
      const other: Expr = node.else_ ? sub("else_") : () => new PyUndefined("the inline if-expression evaluated to false and no else section was defined.");
      return (s) => (truthy(c(s)) ? body(s) : other(s));
    }
    case "Compare": return compileCompare(node, env);
  }
  const op = BINARY[t];
  if (op) { const [a, b] = [sub("left"), sub("right")]; return (s) => op(a(s), b(s)); }
  throw new UnsupportedSyntax(`'${t}' is not supported in Sluice templates`);
}

type Assign = (scope: Scope, value: unknown) => void;

/** An assignment target: a name, or `ns.attr` on a `namespace()` object (Jinja's only attribute assignment). */
function compileTarget(target: TemplateNode, env: CompileEnv): Assign {
  if (target.typename === "Symbol") {
    const name = String(target.value);
    return (s, v) => s.set(name, v);
  }
  if (target.typename === "LookupVal" && target.isAttr && (target.target as TemplateNode).typename === "Symbol") {
    const owner = compileExpr(target.target as TemplateNode, env);
    const attr = String((target.val as TemplateNode).value);
    return (s, v) => {
      const ns = owner(s);
      if (!isNamespace(ns)) throw new PyError("TemplateRuntimeError", "cannot assign attribute on non-namespace object");
      setKey(ns, attr, v);
    };
  }
  throw new UnsupportedSyntax("can only assign to names and namespace attributes");
}

function compileSet(node: TemplateNode, env: CompileEnv): Stmt {
  const targets = (node.targets as TemplateNode[]).map((t) => compileTarget(t, env));
  const value: Expr = node.value ? compileExpr(node.value as TemplateNode, env) : captureBody(node.body as TemplateNode, env);
  return (s) => {
    const v = value(s);
    if (targets.length === 1) return targets[0](s, v);
    const items = iterate(v);
    if (items.length !== targets.length) throw new PyError("ValueError", `expected ${targets.length} values to unpack, got ${items.length}`);
    targets.forEach((assign, i) => assign(s, items[i]));
  };
}

function captureBody(capture: TemplateNode, env: CompileEnv): Expr {
  const body = compileStmt(capture.body as TemplateNode, env);
  return (s) => { const out: string[] = []; body(s, out); return joinOutput(out); };
}

function compileFor(node: TemplateNode, env: CompileEnv): Stmt {
  const arr = compileExpr(node.arr as TemplateNode, env);
  const nameNode = node.name as TemplateNode;
  const names = nameNode.typename === "Array" ? children(nameNode).map((c) => String(c.value)) : [String(nameNode.value)];
  const body = compileStmt(node.body as TemplateNode, env);
  const elseBody = node.else_ ? compileStmt(node.else_ as TemplateNode, env) : undefined;
  return (s, out) => {
    const items = iterate(arr(s));
    if (items.length === 0) return elseBody?.(s, out);
    items.forEach((item, i) => {
      const inner = s.child();
      if (names.length === 1) inner.set(names[0], item);
      else {
        const parts = iterate(item);
        if (parts.length !== names.length) throw new PyError("ValueError", `expected ${names.length} values to unpack, got ${parts.length}`);
        names.forEach((n, j) => inner.set(n, parts[j]));
      }
      inner.set("loop", {
        index: i + 1, index0: i, revindex: items.length - i, revindex0: items.length - i - 1,
        first: i === 0, last: i === items.length - 1, length: items.length,
        previtem: i > 0 ? items[i - 1] : new PyUndefined("there is no previous item"),
        nextitem: i < items.length - 1 ? items[i + 1] : new PyUndefined("there is no next item"),
      });
      body(inner, out);
    });
  };
}

/** Compiles a statement node (output, `{% if %}`, `{% for %}`, `{% set %}`). */
function compileStmt(node: TemplateNode, env: CompileEnv): Stmt {
  switch (node.typename) {
    case "Root": case "NodeList": {
      const parts = children(node).map((c) => compileStmt(c, env));
      if (parts.length === 1) return parts[0];
      return (s, out) => { for (const p of parts) p(s, out); };
    }
    case "Output": {
      const parts = children(node).map((c): Expr => {
        if (c.typename === "TemplateData") { const text = String(c.value); return () => text; }
        const e = compileExpr(c, env);
        return (s) => pyStr(e(s));
      });
      return (s, out) => { for (const p of parts) out.push(p(s) as string); };
    }
    case "If": {
      const cond = compileExpr(node.cond as TemplateNode, env);
      const body = compileStmt(node.body as TemplateNode, env);
      const other = node.else_ ? compileStmt(node.else_ as TemplateNode, env) : undefined;
      return (s, out) => (truthy(cond(s)) ? body(s, out) : other?.(s, out));
    }
    case "For": return compileFor(node, env);
    case "Set": return compileSet(node, env);
  }
  throw new UnsupportedSyntax(`'{% ${node.typename.toLowerCase()} %}' is not supported in Sluice templates`);
}

/**
 * Compiles a whole template to a render function. A template that is one `{{ expression }}` gets a
 * direct path (no output buffer), which is most manifest templates.
 */
export function compileRender(root: TemplateNode, env: CompileEnv): (scope: Scope) => string {
  const only = children(root);
  if (only.length === 1 && only[0].typename === "Output" && children(only[0]).length === 1 && children(only[0])[0].typename !== "TemplateData") {
    const e = compileExpr(children(only[0])[0], env);
    return (s) => pyStr(e(s));
  }
  const stmt = compileStmt(root, env);
  return (s) => { const out: string[] = []; stmt(s, out); return joinOutput(out); };
}

/** The rendered text; a loop that writes more than a template may build raises `ResourceLimitError`. */
function joinOutput(out: readonly string[]): string {
  let length = 0;
  for (const part of out) length += part.length;
  checkSize("string", length, "the rendered template");
  return out.join("");
}
