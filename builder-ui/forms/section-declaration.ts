import type { FormSection } from "./form-declaration.js";

/**
 * One of a stream page's component sections, drawn generically by view/component-section.tsx from
 * the forms the registry lists for it: where its component lives under the stream, how many it
 * holds, and the words the product shows. A new section is its declaration and one line in
 * builder-ui/forms/section-registry.ts (docs/builder.md, "Extending the page").
 *
 * @example
 * defineSection({ id: "record-filter", title: "Record Filter", path: "retriever.record_selector.record_filter", forms: "record-filter", shape: "one" })
 */
export interface SectionDeclaration {
  /** The page-unique id its controls' ids start with. */
  id: string;
  /** The product's title: the section's legend and its toggle's name. */
  title: string;
  /** Where its component is, under `streams[i]`. */
  path: string;
  /** The registry section whose forms are its kinds. */
  forms: FormSection;
  /**
   * one: a single component; list: a list of components (Transformations); one-or-many: one component,
   * or a list when there are several (the product's partition routers: a list is their Cartesian product).
   */
  shape: "one" | "list" | "one-or-many";
  /** The kind selector's label (shown when the section offers more than one kind). */
  kindLabel?: string;
  /** A list's item noun: the add button reads "Add <noun>". */
  noun?: string;
  /** One line under the toggle: what the section does. */
  note: string;
}

/** A section declaration, typed. */
export function defineSection(declaration: SectionDeclaration): SectionDeclaration {
  return declaration;
}
