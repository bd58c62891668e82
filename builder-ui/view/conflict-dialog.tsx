import { DialogChoices, ModalDialog } from "./modal-dialog.js";

/**
 * Asked when a save finds the manifest changed on disk since the page loaded it (edited in another
 * editor): overwrite it with the page's text, reload it from disk (dropping the page's edits), or
 * cancel and decide later.
 */
export function ConflictDialog({ file, onOverwrite, onReload, onCancel }: { file: string; onOverwrite(): void; onReload(): void; onCancel(): void }) {
  const name = file.split(/[\\/]/).at(-1);
  return (
    <ModalDialog id="conflict" title={`${name} changed on disk`} role="alertdialog" describedBy="conflict-text" onCancel={onCancel}>
      <p id="conflict-text">
        {name} was changed outside the Builder since this page loaded it. Nothing was saved. Overwrite it with the page's version, or reload it from disk and lose the page's
        unsaved edits?
      </p>
      <DialogChoices choices={[{ label: "Overwrite", onClick: onOverwrite, class: "danger" }, { label: "Reload from disk", onClick: onReload }, { label: "Cancel", onClick: onCancel }]} />
    </ModalDialog>
  );
}
