/**
 * True for an `InlineSchemaLoader`'s `schema`: a JSON Schema taken as written, never built as components
 * and never rendered as templates, so a walk of the resolved manifest looking for components, class names
 * or config reads skips it. It is most of a large manifest: on source-appfigures, 55,000 of 56,000 lines,
 * walked at every pause in typing in the Builder.
 *
 * @example
 * for (const [key, child] of Object.entries(node)) if (!isInlineSchemaBody(node, key)) visit(child);
 */
export function isInlineSchemaBody(parent: Record<string, unknown>, key: string): boolean {
  return key === "schema" && parent.type === "InlineSchemaLoader";
}
