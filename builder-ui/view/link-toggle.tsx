import type { AuthenticatorDifference } from "../model/linked-authenticators.js";
import { DialogChoices, ModalDialog } from "./modal-dialog.js";

/**
 * A place's link toggle: on, the place uses the shared definition; off, a local copy of its own. Its
 * accessible name says which place and which definition ("Data requests of stream orders uses the
 * shared authenticator definitions.auth").
 */
export function LinkToggle({ id, label, linked, onToggle }: { id: string; label: string; linked: boolean; onToggle(on: boolean): void }) {
  return (
    <div class="field link-toggle">
      <label class="check" for={id}>
        <input id={id} type="checkbox" role="switch" checked={linked} onChange={(e) => onToggle(e.currentTarget.checked)} /> {label}
      </label>
    </div>
  );
}

/**
 * Asked when a place whose own values differ from the shared ones is linked: keep the shared values (the
 * place's are dropped), keep the place's (they become the shared ones, for every linked place), or cancel.
 */
export function LinkDialog({ place, definition, applies, differences, onKeepShared, onKeepLocal, onCancel }: { place: string; definition: string; applies: readonly string[]; differences: readonly AuthenticatorDifference[]; onKeepShared(): void; onKeepLocal(): void; onCancel(): void }) {
  const shown = (value: unknown) => (value === undefined ? "(not set)" : typeof value === "string" ? value : JSON.stringify(value));
  return (
    <ModalDialog id="link" title="Which values to keep?" describedBy="link-text" onCancel={onCancel}>
      <p id="link-text">
        {place} has its own authenticator, which differs from the shared one in <code>{definition}</code>. Keep the shared values (this place's are dropped), or keep this
        place's (they become the shared ones and apply to {applies.length ? applies.join(", ") : "every linked place"})?
      </p>
      <table class="differences-table" aria-label="Values that differ">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Shared ({definition})</th>
            <th scope="col">This place's</th>
          </tr>
        </thead>
        <tbody>
          {differences.map((d) => (
            <tr>
              <th scope="row">
                <code>{d.path}</code>
              </th>
              <td>
                <code>{shown(d.shared)}</code>
              </td>
              <td>
                <code>{shown(d.own)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DialogChoices choices={[{ label: "Keep the shared values", onClick: onKeepShared }, { label: "Keep this place's values", onClick: onKeepLocal }, { label: "Cancel", onClick: onCancel }]} />
    </ModalDialog>
  );
}
