import type { ComponentChildren } from "preact";
import type { Analysis } from "../api-client.js";
import type { FormSection } from "../model/form-fields.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { FieldControl } from "./field-control.js";

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
}

/** A page of forms: its sections, each a group named by its title, each field a {@link FieldControl}. */
export function FormView(props: FormViewProps) {
  const { title, sections, children, ...rest } = props;
  return (
    <section class="form-view" aria-labelledby="form-title">
      <h2 id="form-title">{title}</h2>
      {sections.map((section) => (
        <fieldset>
          <legend>{section.title}</legend>
          {section.fields.map((field) => (
            <FieldControl field={field} {...rest} />
          ))}
        </fieldset>
      ))}
      {children}
    </section>
  );
}
