import { fieldPath, GLOBAL_SECTIONS, STREAM_SECTIONS, type FormField } from "./form-fields.js";

/** The form field an error's manifest path is about, and the page that shows it. */
interface ErrorTarget {
  page: { kind: "global" } | { kind: "stream"; index: number };
  field: FormField;
  /** The control's element id (view/field-control.tsx's). */
  controlId: string;
}

/**
 * The form field an error points at: the field whose path is the error's path or contains it
 * (`streams[0].retriever.requester.path` is the stream's URL Path). `undefined` when no form shows it
 * (the YAML view still does).
 *
 * @example
 * errorTarget("streams[1].retriever.requester.path") // { page: { kind: "stream", index: 1 }, field: URL Path, controlId: "field-path-1" }
 */
export function errorTarget(path: string): ErrorTarget | undefined {
  const stream = /^streams\[(\d+)\]/.exec(path);
  if (!stream) return undefined;
  const index = Number(stream[1]);
  const within = (field: FormField, i: number) => path === fieldPath(field, i) || path.startsWith(`${fieldPath(field, i)}.`) || path.startsWith(`${fieldPath(field, i)}[`);
  for (const section of STREAM_SECTIONS) for (const field of section.fields) if (within(field, index)) return { page: { kind: "stream", index }, field, controlId: `field-${field.id}-${index}` };
  // The Global Configuration shows the first stream's shared values.
  for (const section of GLOBAL_SECTIONS) for (const field of section.fields) if (within(field, index)) return { page: { kind: "global" }, field, controlId: `field-${field.id}-0` };
  return undefined;
}
