import { useState } from "preact/hooks";
import { ModalDialog, SubmitOrCancel } from "./modal-dialog.js";
import type { NewStream } from "../model/stream-edits.js";

interface StreamListProps {
  streams: readonly string[];
  /** The stream whose page is shown, if any. */
  current?: number;
  onSelect(index: number): void;
  onAdd(stream: NewStream): void;
}

/**
 * The navigation's streams: one button per stream (the current one `aria-current="page"`) and "Add
 * stream", which asks the new stream's Name and URL Path in a dialog, as the product does.
 */
export function StreamList({ streams, current, onSelect, onAdd }: StreamListProps) {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <ul>
        {streams.map((name, index) => (
          <li>
            <button type="button" id={`nav-stream-${index}`} aria-current={current === index ? "page" : undefined} onClick={() => onSelect(index)}>
              {name || `(stream ${index + 1})`}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" class="add-stream" onClick={() => setAdding(true)}>
        + Add stream
      </button>
      {adding && (
        <AddStreamDialog
          taken={streams}
          onCancel={() => setAdding(false)}
          onCreate={(stream) => {
            setAdding(false);
            onAdd(stream);
          }}
        />
      )}
    </>
  );
}

function AddStreamDialog({ taken, onCreate, onCancel }: { taken: readonly string[]; onCreate(stream: NewStream): void; onCancel(): void }) {
  const [name, setName] = useState("");
  const [path, setPath] = useState("");
  const problem = !name.trim() ? "A stream needs a name." : taken.includes(name.trim()) ? `A stream named ${name.trim()} exists already.` : undefined;
  return (
    <ModalDialog id="add-stream" title="Add stream" onCancel={onCancel}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem) onCreate({ name: name.trim(), path: path.trim() || `/${name.trim()}` });
        }}
      >
        <div class="field">
          <label for="new-stream-name">Name</label>
          <input id="new-stream-name" type="text" spellcheck={false} value={name} onInput={(e) => setName(e.currentTarget.value)} aria-describedby="new-stream-problem" />
        </div>
        <div class="field">
          <label for="new-stream-path">URL Path</label>
          <input id="new-stream-path" type="text" spellcheck={false} value={path} placeholder={`/${name.trim() || "items"}`} onInput={(e) => setPath(e.currentTarget.value)} />
        </div>
        <p class="note" id="new-stream-problem">
          {name ? problem ?? "The stream uses the API Base URL and authentication of the first stream." : ""}
        </p>
        <SubmitOrCancel label="Create" disabled={problem !== undefined} onCancel={onCancel} />
      </form>
    </ModalDialog>
  );
}
