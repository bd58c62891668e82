import type { ComponentChildren } from "preact";
import type { Analysis } from "../api-client.js";
import type { FormSection } from "../model/form-fields.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { FieldControl } from "./field-control.js";
import { FoldingFieldset } from "./folding-fieldset.js";

interface FormViewProps {
  title: string;
  sections: readonly FormSection[];
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onEdit(segments: Segment[], value: unknown): void;
  onReveal(line: number): void;
  /** Sections of their own (the Authentication section), after the listed ones. */
  children?: ComponentChildren;
  /** Buttons beside the title (a stream's "Remove stream"): away from the test results and the sections' own buttons. */
  actions?: ComponentChildren;
}

/** A page of forms: its sections, each a group named by its title, each field a {@link FieldControl}. */
export function FormView(props: FormViewProps) {
  const { title, sections, children, actions, ...rest } = props;
  return (
    <section class="form-view" aria-labelledby="form-title">
      <div class="form-head">
        <h2 id="form-title">{title}</h2>
        {actions}
      </div>
      {sections.map((section) => (
        <FoldingFieldset title={section.title}>
          {section.fields.map((field) => (
            <FieldControl field={field} {...rest} />
          ))}
        </FoldingFieldset>
      ))}
      {children}
    </section>
  );
}
