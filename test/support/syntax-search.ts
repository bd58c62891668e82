import ts from "typescript";
import { parse } from "./import-graph.js";

/** A place in a source file: `core/x.ts:12: the line's text`. */
export type Place = string;

/**
 * The places in a file whose syntax node satisfies `test`, each as `file:line: text of the line`.
 *
 * @example
 * nodesWhere(root, "core/sluice.ts", (node) => ts.isThrowStatement(node))
 */
export function nodesWhere(root: string, file: string, test: (node: ts.Node) => boolean): Place[] {
  const source = parse(root, file);
  const places: Place[] = [];
  const visit = (node: ts.Node): void => {
    if (test(node)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      places.push(`${file}:${line + 1}: ${source.text.split("\n")[line]!.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return places;
}

/**
 * A walk of a value along a path: a `for ... of` loop whose body moves a variable one step down
 * (`node = node[segment]`, `node = (node[key] ??= {})`), the step's key read from the loop variable.
 * Found by the loop's shape, whatever its variables are named.
 *
 * @example
 * // for (const part of keys) current = current?.[part];   -> a walk
 * // for (const item of items) total = total + item.size;  -> not a walk
 */
export function isPathWalk(node: ts.Node): boolean {
  if (!ts.isForOfStatement(node) || !ts.isVariableDeclarationList(node.initializer)) return false;
  const loopNames = new Set<string>();
  const collect = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) loopNames.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
  };
  for (const declaration of node.initializer.declarations) collect(declaration.name);
  return some(node.statement, (inner) => {
    if (!ts.isBinaryExpression(inner) || inner.operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isIdentifier(inner.left)) return false;
    const moved = inner.left.text;
    return some(inner.right, (step) => ts.isElementAccessExpression(step) && mentions(step.expression, (name) => name === moved) && mentions(step.argumentExpression, (name) => loopNames.has(name)));
  });
}

/**
 * A `*` whose operand is a count of months (`.months * ...`, `months * 30`): a month's length decided
 * outside python/iso-duration.ts.
 *
 * @example
 * // duration.months * 30 * DAY   -> true
 */
export function isMonthArithmetic(node: ts.Node): boolean {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.AsteriskToken) return false;
  const isMonths = (side: ts.Expression) => (ts.isPropertyAccessExpression(side) && side.name.text === "months") || (ts.isIdentifier(side) && side.text === "months");
  return isMonths(node.left) || isMonths(node.right);
}

/**
 * `throw new Error(...)`: an uncoded error.
 *
 * @example
 * // throw new Error("boom") -> true; throw new SluiceError("CODE", "boom") -> false
 */
export function isPlainThrow(node: ts.Node): boolean {
  return ts.isThrowStatement(node) && ts.isNewExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === "Error";
}

/**
 * A string, template (or a piece of one) or regular-expression literal whose text matches `pattern`.
 *
 * @example
 * isLiteralMatching(/~1/)(node) // the literal "~1" or /~1/g
 */
export function isLiteralMatching(pattern: RegExp): (node: ts.Node) => boolean {
  return (node) => (ts.isStringLiteralLike(node) || ts.isRegularExpressionLiteral(node) || ts.isTemplateLiteralToken(node)) && pattern.test(node.text);
}

/**
 * A function, method or variable declared with the name `name`.
 *
 * @example
 * isDeclarationNamed("redactUrl")(node) // function redactUrl(...) {}
 */
export function isDeclarationNamed(name: string): (node: ts.Node) => boolean {
  return (node) => (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isVariableDeclaration(node)) && !!node.name && ts.isIdentifier(node.name) && node.name.text === name;
}

/**
 * A function that is the plain-object guard: a type predicate over one value whose body is only
 * `return` of the three checks (`typeof x === "object"`, not null, not an array), in any order and
 * whatever the function and the predicate's type are named. A guard that checks something else (a
 * Python dict's prototype, a namespace's marker) is not one.
 *
 * @example
 * isObjectGuard(node) // function isObject(value: unknown): value is Record<string, unknown> { return typeof value === "object" && value !== null && !Array.isArray(value); }
 */
export function isObjectGuard(node: ts.Node): boolean {
  if (!(ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) || !node.type || !ts.isTypePredicateNode(node.type)) return false;
  const body = node.body && ts.isBlock(node.body) ? (node.body.statements.length === 1 && ts.isReturnStatement(node.body.statements[0]!) ? node.body.statements[0].expression : undefined) : node.body;
  if (!body) return false;
  const checks = body.getText().replace(/\s+/g, "").split("&&").sort();
  return checks.length === 3 && checks.some((c) => /^typeof\w+==="object"$/.test(c)) && checks.some((c) => /^\w+!==null$/.test(c)) && checks.some((c) => /^!Array\.isArray\(\w+\)$/.test(c));
}

/**
 * A property access or a property name `.name` (`x.cursorField`, `{ stream_descriptor: ... }`).
 *
 * @example
 * isPropertyNamed("readAll")(node) // connector.readAll(...)
 */
export function isPropertyNamed(name: string): (node: ts.Node) => boolean {
  return (node) => (ts.isPropertyAccessExpression(node) && node.name.text === name) || (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === name);
}

function some(node: ts.Node, test: (node: ts.Node) => boolean): boolean {
  return test(node) || !!ts.forEachChild(node, (child) => (some(child, test) ? true : undefined));
}

function mentions(node: ts.Node, test: (name: string) => boolean): boolean {
  return some(node, (inner) => ts.isIdentifier(inner) && test(inner.text));
}
