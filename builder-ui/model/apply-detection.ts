import type { Detection } from "../api-client.js";
import type { ManifestModel, Segment } from "./manifest-model.js";
import { removeKey } from "./model-edits.js";
import { spliceValue } from "./splice-value.js";
import { isJsonObject } from "../../pure/json-object.js";

/** One change of a detection as the page shows it. */
type DetectedChange = Detection["changes"][number];

/**
 * The changes that change something (a field already as detected is left out of the list).
 *
 * @example
 * changedFields(detection).map((c) => c.field) // ["record path", "paginator"]
 */
export function changedFields(detection: Detection): DetectedChange[] {
  return detection.changes.filter((change) => JSON.stringify(change.old) !== JSON.stringify(change.value));
}

/**
 * The model with Detect's changes written at their places, as deep as the written YAML allows: a
 * paginator whose written map has no key the detected one lacks gets only its differing values
 * replaced (a scalar through {@link ManifestModel.setIn}, in place); a list, a map or a new key is
 * spliced into the text at its place ({@link spliceValue}), and only where the text cannot take it
 * so does `setIn` serialize the document. A change without a value (a hand-written parameter the
 * paginator now sets) removes the key where it is written. Comments and layout elsewhere are kept.
 *
 * @example
 * applyDetection(model, changedFields(detection)).text
 */
export function applyDetection(model: ManifestModel, changes: readonly DetectedChange[]): ManifestModel {
  return changes.reduce((current, change) => applyValue(current, change.segments, change.value), model);
}

function applyValue(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel {
  if (value === undefined) return removeKey(model, segments);
  const written = model.valueAt(segments);
  if (JSON.stringify(written) === JSON.stringify(value)) return model;
  if (isJsonObject(value) && model.kindAt(segments) === "map" && isJsonObject(written) && Object.keys(written).every((key) => key in value)) {
    return Object.entries(value).reduce((current, [key, child]) => applyValue(current, [...segments, key], child), model);
  }
  const scalar = typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null;
  if (scalar && model.kindAt(segments) === "scalar") return model.setIn(segments, value);
  if (!scalar && !Array.isArray(value) && !isJsonObject(value)) return model;
  return spliceValue(model, segments, value) ?? model.setIn(segments, value as Parameters<ManifestModel["setIn"]>[1]);
}

