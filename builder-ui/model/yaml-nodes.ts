import { isAlias, isCollection, isNode, isPair, visit, type Document } from "yaml";

/**
 * Moves a parsed node (or pair) and every node under it by `by` characters: what the page does to a block or
 * an entry an edit above it moved, instead of parsing it again.
 *
 * @example
 * shiftRanges(pair, 12); // every range of the pair's key and value, 12 characters further
 */
export function shiftRanges(node: unknown, by: number): void {
  if (isPair(node)) {
    shiftRanges(node.key, by);
    shiftRanges(node.value, by);
    return;
  }
  if (!isNode(node)) return;
  if (node.range) node.range = [node.range[0] + by, node.range[1] + by, node.range[2] + by];
  if (isCollection(node)) for (const item of node.items) shiftRanges(item, by);
}

/**
 * True when a node of the document has an anchor or is an alias: either may reach outside the part of the
 * text it was parsed from, so that part must be parsed with the rest.
 *
 * @example
 * hasAnchorOrAlias(parseDocument("a: &x 1")); // true
 */
export function hasAnchorOrAlias(document: Document): boolean {
  let shared = false;
  visit(document, (_key, node) => {
    if (!isAlias(node) && !(isNode(node) && node.anchor)) return undefined;
    shared = true;
    return visit.BREAK;
  });
  return shared;
}
