import type { FormDeclaration, FormSection } from "../forms/form-declaration.js";
import { formOf, formsIn } from "../forms/form-registry.js";
import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey, writeValue } from "./model-edits.js";
import { addUserInput } from "./user-inputs.js";

/**
 * The edits of a stream's component sections (view/component-section.tsx): turning one on or off,
 * choosing its kind, adding and removing a list's items. `place` is where the section's component
 * (or list) is written: the analysis' origin of its path. Each returns a new model.
 *
 * @example
 * let next = turnSectionOn(model, ["streams", 0, "incremental_sync"], "incremental-sync", "shop");
 * next = addItem(next, ["streams", 0, "transformations"], "transformation", "list", "shop");
 */
export type SectionShape = "one" | "list" | "one-or-many";

/** The component a fresh choice of a form writes (its template, else `{ type }`). */
export function freshComponent(form: FormDeclaration, connector: string): Record<string, unknown> {
  return form.template ? form.template(connector) : { type: form.type };
}

/** The form a written component is (by its `type`), or undefined for one no form knows. */
export function formOfComponent(value: unknown, section: FormSection): FormDeclaration | undefined {
  const type = value && typeof value === "object" && !Array.isArray(value) ? (value as { type?: unknown }).type : undefined;
  return typeof type === "string" ? formOf(type, section) : undefined;
}

/** The section turned on: its first kind (one), or a list with one (list), written at `place`; the kind's user inputs added. */
export function turnSectionOn(model: ManifestModel, place: readonly Segment[], section: FormSection, shape: SectionShape, connector: string): ManifestModel {
  const form = formsIn(section)[0]!;
  const component = freshComponent(form, connector);
  return withInputs(writeValue(model, place, shape === "list" ? [component] : component), form);
}

/** The section turned off: its key removed. */
export function turnSectionOff(model: ManifestModel, place: readonly Segment[]): ManifestModel {
  return removeKey(model, place);
}

/** The component at `place` replaced by a fresh one of `type` (the kind selector). */
export function chooseKind(model: ManifestModel, place: readonly Segment[], section: FormSection, type: string, connector: string): ManifestModel {
  const form = formsIn(section).find((f) => f.type === type);
  if (!form) return model;
  return withInputs(writeValue(model, place, freshComponent(form, connector)), form);
}

/**
 * A fresh item of the section's first kind added at the end of the list at `place`; a one-or-many
 * section holding one component becomes a list of it and the new one (the product's combined routers).
 */
export function addItem(model: ManifestModel, place: readonly Segment[], section: FormSection, connector: string): ManifestModel {
  const form = formsIn(section)[0]!;
  const component = freshComponent(form, connector);
  const written = model.valueAt(place);
  if (Array.isArray(written)) return withInputs(writeValue(model, [...place, written.length], component), form);
  if (written && typeof written === "object") return withInputs(writeValue(model, place, [written, component]), form);
  return withInputs(writeValue(model, place, [component]), form);
}

/**
 * The item `index` of the list at `place` removed. In a one-or-many section the last remaining item
 * becomes the component itself, and removing the only one removes the key, as the product writes them.
 */
export function removeItem(model: ManifestModel, place: readonly Segment[], index: number, shape: SectionShape): ManifestModel {
  const written = model.valueAt(place);
  if (!Array.isArray(written)) return shape === "one-or-many" ? removeKey(model, place) : model;
  if (shape === "one-or-many" && written.length === 2) return writeValue(model, place, written[1 - index]);
  return removeKey(model, [...place, index]);
}

/**
 * The value a Parent Stream's selector writes: a `$ref` to the named stream, where the manifest
 * defines it (`definitions.streams.<name>`, as the product writes them) or else its place in `streams`.
 */
export function streamReference(model: ManifestModel, name: string): { $ref: string } | undefined {
  const defined = model.valueAt(["definitions", "streams", name]);
  if (defined && typeof defined === "object") return { $ref: `#/definitions/streams/${name}` };
  const streams = model.valueAt(["streams"]);
  const index = Array.isArray(streams) ? streams.findIndex((s) => s && typeof s === "object" && (s as { name?: unknown }).name === name) : -1;
  return index < 0 ? undefined : { $ref: `#/streams/${index}` };
}

/** The stream name a written parent reference points at (`{ $ref: "#/streams/0" }`, `"#/definitions/streams/users"`), else undefined. */
export function referencedStream(model: ManifestModel, written: unknown): string | undefined {
  const ref = typeof written === "string" ? written : written && typeof written === "object" ? (written as { $ref?: unknown }).$ref : undefined;
  if (typeof ref !== "string") return typeof written === "object" && written ? String((written as { name?: unknown }).name ?? "") || undefined : undefined;
  const segments = ref.replace(/^#\//, "").split("/").map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const target = model.valueAt(segments);
  if (target && typeof target === "object" && typeof (target as { name?: unknown }).name === "string") return (target as { name: string }).name;
  return typeof segments.at(-1) === "string" ? String(segments.at(-1)) : undefined;
}

function withInputs(model: ManifestModel, form: FormDeclaration): ManifestModel {
  return (form.inputs ?? []).reduce((m, input) => addUserInput(m, input), model);
}
