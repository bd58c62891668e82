import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

/**
 * A modal dialog named by its title: shown with `showModal()` when drawn (focus moves into it, the page
 * behind is inert), Escape calls `onCancel`.
 *
 * @example
 * <ModalDialog id="conflict" title="manifest.yaml changed on disk" role="alertdialog" onCancel={cancel}>...</ModalDialog>
 */
export function ModalDialog(props: { id: string; title: ComponentChildren; role?: "alertdialog"; describedBy?: string; busy?: boolean; class?: string; style?: Record<string, string>; onCancel(): void; children: ComponentChildren }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => dialog.current?.showModal(), []);
  return (
    <dialog ref={dialog} role={props.role} class={props.class} style={props.style} aria-labelledby={`${props.id}-title`} aria-describedby={props.describedBy} aria-busy={props.busy} onCancel={props.onCancel}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </dialog>
  );
}

/**
 * The row of a dialog's choices, in order.
 *
 * @example
 * <DialogChoices choices={[{ label: "Overwrite", onClick: overwrite, class: "danger" }, { label: "Cancel", onClick: cancel }]} />
 */
export function DialogChoices({ choices }: { choices: ReadonlyArray<{ label: string; onClick(): void; class?: string }> }) {
  return (
    <div class="dialog-buttons">
      {choices.map((choice) => (
        <button type="button" class={choice.class} onClick={choice.onClick}>
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/**
 * A dialog form's buttons: its submit button (disabled while the form cannot be sent) and Cancel.
 *
 * @example
 * <SubmitOrCancel label="Create" disabled={problem !== undefined} onCancel={cancel} />
 */
export function SubmitOrCancel({ label, disabled, onCancel }: { label: string; disabled: boolean; onCancel(): void }) {
  return (
    <div class="dialog-buttons">
      <button type="submit" class="primary" disabled={disabled}>
        {label}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
