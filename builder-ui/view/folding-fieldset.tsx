import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";

/** The event a control inside a folded section sends to have its sections unfold (app.tsx, before it focuses a field). */
export const UNFOLD_EVENT = "sluice-unfold";

/**
 * A form section that folds: a fieldset named by its legend, with a button beside the legend (not in
 * it, so the group's name stays the section's title) that hides its fields and shows them again. A
 * folded section's fields stay in the page, hidden, so the page can go to one: it sends
 * {@link UNFOLD_EVENT} from the field first.
 *
 * @example
 * <FoldingFieldset title="Pagination" class="pagination">...</FoldingFieldset>
 */
export function FoldingFieldset({ title, class: className, id, children }: { title: string; class?: string; id?: string; children: ComponentChildren }) {
  const [folded, setFolded] = useState(false);
  const element = useRef<HTMLFieldSetElement>(null);
  // A field the page goes to (an error's, a refused credential's) unfolds the sections around it.
  useEffect(() => {
    const unfold = () => setFolded(false);
    element.current?.addEventListener(UNFOLD_EVENT, unfold);
    return () => element.current?.removeEventListener(UNFOLD_EVENT, unfold);
  }, []);
  return (
    <fieldset ref={element} class={[className, "foldable", folded ? "folded" : ""].filter(Boolean).join(" ")} id={id}>
      <legend>{title}</legend>
      <FoldButton title={title} folded={folded} onFold={setFolded} />
      <div class="fold-body" hidden={folded}>
        {children}
      </div>
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
