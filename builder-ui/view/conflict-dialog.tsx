import { useEffect, useRef } from "preact/hooks";

/**
 * Asked when a save finds the manifest changed on disk since the page loaded it (edited in another
 * editor): overwrite it with the page's text, reload it from disk (dropping the page's edits), or
 * cancel and decide later.
 */
export function ConflictDialog({ file, onOverwrite, onReload, onCancel }: { file: string; onOverwrite(): void; onReload(): void; onCancel(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  const name = file.split(/[\\/]/).at(-1);
  return (
    <dialog ref={dialog} role="alertdialog" aria-labelledby="conflict-title" aria-describedby="conflict-text" onCancel={onCancel}>
      <h2 id="conflict-title">{name} changed on disk</h2>
      <p id="conflict-text">
        {name} was changed outside the Builder since this page loaded it. Nothing was saved. Overwrite it with the page's version, or reload it from disk and lose the page's
        unsaved edits?
      </p>
      <div class="dialog-buttons">
        <button type="button" class="danger" onClick={onOverwrite}>
          Overwrite
        </button>
        <button type="button" onClick={onReload}>
          Reload from disk
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
