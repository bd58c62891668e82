import { ManifestModel, type FieldValue, type Segment } from "./manifest-model.js";

/**
 * Edits a form makes that are more than one scalar: writing a whole component (choosing an
 * authentication method, turning an injection on) and removing a key (turning it off). A scalar goes
 * through {@link ManifestModel.setIn}, which replaces only its characters; a collection or a removal goes
 * through the yaml Document API (comments and key order elsewhere kept, the text re-serialized).
 *
 * @example
 * writeValue(model, ["definitions", "authenticator"], { type: "BearerAuthenticator", api_token: "{{ config['api_key'] }}" })
 * removeKey(model, ["streams", 0, "retriever", "paginator", "page_size_option"])
 */
export function writeValue(model: ManifestModel, segments: readonly Segment[], value: unknown): ManifestModel {
  if (value === null || typeof value !== "object") return model.setIn(segments, value as FieldValue);
  const document = model.document.clone();
  document.setIn([...segments], document.createNode(value, { flow: false }));
  return ManifestModel.parse(document.toString({ lineWidth: 0, flowCollectionPadding: false }));
}

/** The model without the key at `segments` (unchanged when nothing is written there). */
export function removeKey(model: ManifestModel, segments: readonly Segment[]): ManifestModel {
  if (model.kindAt(segments) === "absent") return model;
  const document = model.document.clone();
  document.deleteIn([...segments]);
  return ManifestModel.parse(document.toString({ lineWidth: 0, flowCollectionPadding: false }));
}
