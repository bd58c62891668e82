import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";

/**
 * A form section that folds: a fieldset named by its legend, with a button beside the legend (not in
 * it, so the group's name stays the section's title) that hides its fields and shows them again.
 *
 * @example
 * <FoldingFieldset title="Pagination" class="pagination">...</FoldingFieldset>
 */
export function FoldingFieldset({ title, class: className, id, children }: { title: string; class?: string; id?: string; children: ComponentChildren }) {
  const [folded, setFolded] = useState(false);
  return (
    <fieldset class={[className, "foldable", folded ? "folded" : ""].filter(Boolean).join(" ")} id={id}>
      <legend>{title}</legend>
      <FoldButton title={title} folded={folded} onFold={setFolded} />
      {!folded && children}
    </fieldset>
  );
}

/** The fold button of a section: "Fold <title>" / "Unfold <title>". */
export function FoldButton({ title, folded, onFold }: { title: string; folded: boolean; onFold(folded: boolean): void }) {
  return (
    <button type="button" class="fold" aria-expanded={!folded} aria-label={`${folded ? "Unfold" : "Fold"} ${title}`} title={folded ? "Show this section's fields" : "Hide this section's fields"} onClick={() => onFold(!folded)}>
      {folded ? "▸" : "▾"}
    </button>
  );
}
