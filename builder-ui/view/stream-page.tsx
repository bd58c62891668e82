import type { Analysis } from "../api-client.js";
import { STREAM_SECTIONS } from "../model/form-fields.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { STREAM_COMPONENT_SECTIONS } from "../forms/section-registry.js";
import { ComponentSection } from "./component-section.js";
import { FormView } from "./form-view.js";
import { PaginationSection } from "./pagination-section.js";
import { RequestSection } from "./request-section.js";

interface StreamPageProps {
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onEdit(segments: Segment[], value: unknown): void;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onRemove(index: number): void;
  onReveal(line: number): void;
}

/** A stream's page: "Remove stream" beside its title, its fields (name, path, method, primary key, record selector), its request options, its Pagination section and its component sections. */
export function StreamPage(props: StreamPageProps) {
  const { stream, analysis, onRemove } = props;
  const name = analysis.streams[stream] ?? "";
  return (
    <FormView
      title={`Stream: ${name}`}
      sections={STREAM_SECTIONS}
      {...props}
      actions={
        <button type="button" class="danger-quiet" onClick={() => onRemove(stream)}>
          Remove stream {name}
        </button>
      }
    >
      <RequestSection {...props} />
      <PaginationSection {...props} />
      {STREAM_COMPONENT_SECTIONS.map((section) => (
        <ComponentSection section={section} {...props} />
      ))}
    </FormView>
  );
}
