import { defineSection } from "../section-declaration.js";

/** Incremental Sync: the stream's cursor (`incremental_sync`). */
export const incrementalSync = defineSection({
  id: "incremental-sync",
  title: "Incremental Sync",
  path: "incremental_sync",
  forms: "incremental-sync",
  shape: "one",
  kindLabel: "Cursor Type",
  note: "Read only what changed since the last sync, by a cursor in the records.",
});
