import { ManifestModel, type FieldValue, type Segment } from "./manifest-model.js";
import { spliceRemoval } from "./splice-removal.js";
import { spliceValue } from "./splice-value.js";

/**
 * Edits a form makes that are more than one scalar: writing a whole component (choosing an
 * authentication method, turning an injection on) and removing a key (turning it off). Each is a splice
 * of the text at that place ({@link spliceValue}, {@link spliceRemoval}): every other byte stays. Only
 * where the text cannot take the edit so (a key added to a flow map, the last key of a block map
 * removed) does the yaml Document API serialize the document (comments and key order kept).
 *
 * @example
 * writeValue(model, ["definitions", "authenticator"], { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" })
 * removeKey(model, ["streams", 0, "retriever", "paginator", "page_size_option"])
 */
export function writeValue(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel {
  if (value === null || typeof value !== "object") return model.setIn(segments, value as FieldValue);
  const spliced = spliceValue(model, segments, value);
  if (spliced) return spliced;
  const document = model.wholeDocument().clone();
  document.setIn([...segments], document.createNode(value, { flow: false }));
  return ManifestModel.parse(document.toString({ lineWidth: 0, flowCollectionPadding: false }));
}

/** The model without the key at `segments` (unchanged when nothing is written there). */
export function removeKey(model: ManifestModel, segments: readonly Segment[]): ManifestModel {
  if (model.kindAt(segments) === "absent") return model;
  // The last entry of a block map or list: the collection becomes `{}` or `[]` after its key.
  const parent = model.valueAt(segments.slice(0, -1));
  const last = Array.isArray(parent) ? parent.length === 1 && [] : parent && typeof parent === "object" && Object.keys(parent).length === 1 && {};
  const spliced = spliceRemoval(model, segments) ?? (last ? spliceValue(model, segments.slice(0, -1), last) : undefined);
  if (spliced) return spliced;
  const document = model.wholeDocument().clone();
  document.deleteIn([...segments]);
  return ManifestModel.parse(document.toString({ lineWidth: 0, flowCollectionPadding: false }));
}
