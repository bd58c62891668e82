import type { Analysis } from "../api-client.js";
import { fieldPath } from "../model/form-fields.js";
import type { ManifestModel } from "../model/manifest-model.js";
import { BODY_DATA, BODY_JSON, QUERY_PARAMETERS, REQUEST_HEADERS, REQUEST_VARIABLES } from "../model/request-forms.js";
import { KeyValueList, streamListProps } from "./key-value-list.js";
import { RequestBody } from "./request-body.js";

interface RequestSectionProps {
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onReveal(line: number): void;
}

/**
 * A stream's request beyond its path and method: "Query Parameters", "Request Headers" and "Request
 * Body" (its "Body Type": none, JSON or form-encoded key/value pairs, or free-form JSON text), each
 * value a template that may use `next_page_token` (the product's custom parameter injection).
 */
export function RequestSection(props: RequestSectionProps) {
  const { stream, analysis, model, onModel } = props;
  const jsonPath = fieldPath(BODY_JSON, stream);
  const dataPath = fieldPath(BODY_DATA, stream);
  const json = analysis.fields[jsonPath];
  const data = analysis.fields[dataPath];
  if (!json || !data) return null;
  const lists = { model, onModel, onReveal: props.onReveal };
  return (
    <>
      <KeyValueList {...streamListProps(QUERY_PARAMETERS, stream, analysis)} {...lists} />
      <KeyValueList {...streamListProps(REQUEST_HEADERS, stream, analysis)} {...lists} />
      <RequestBody id={`body-type-${stream}`} json={{ path: jsonPath, view: json }} data={{ path: dataPath, view: data }} variables={REQUEST_VARIABLES} findings={analysis.findings} {...lists} />
    </>
  );
}
