import type { Analysis } from "../api-client.js";
import { FoldingFieldset } from "./folding-fieldset.js";
import { propertySchema } from "../forms/component-schemas.js";
import type { FormSection } from "../forms/form-declaration.js";
import { formsIn } from "../forms/form-registry.js";
import { resolveFields, type ResolvedField } from "../forms/resolve-fields.js";
import type { SectionDeclaration } from "../forms/section-declaration.js";
import { ITEM_KIND_LABELS } from "../forms/section-registry.js";
import { childPath } from "../model/component-paths.js";
import type { FormField } from "../model/form-fields.js";
import type { ManifestModel, Segment } from "../model/manifest-model.js";
import { removeKey, writeValue } from "../model/model-edits.js";
import { requestOptionComponent, requestOptionOf, type RequestOptionState } from "../model/request-option.js";
import { addItem, chooseKind, formOfComponent, referencedStream, removeItem, streamReference, turnSectionOff, turnSectionOn, type SectionShape } from "../model/section-edits.js";
import { FieldControl } from "./field-control.js";
import { ProblemLines } from "./problem-lines.js";
import { RequestOptionGroup } from "./request-option-group.js";

interface SectionProps {
  stream: number;
  analysis: Analysis;
  model: ManifestModel;
  onEdit(segments: Segment[], value: unknown): void;
  onModel(next: (current: ManifestModel) => ManifestModel): void;
  onReveal(line: number): void;
}

/**
 * One of a stream's component sections, drawn from its declaration (builder-ui/forms/sections/):
 * the on/off toggle (off: the key is absent), the kind selector, each kind's fields as its form
 * declares them (the "Advanced" ones folded), injections, nested lists of components and a parent
 * stream's selector. Values are written where the resolved component has them.
 */
export function ComponentSection(props: SectionProps & { section: SectionDeclaration }) {
  const { section, stream, analysis, model, onModel } = props;
  const path = `streams[${stream}].${section.path}`;
  const view = analysis.fields[path];
  if (!view) return null;
  const place = view.origin.segments;
  const value = shownValue(model, view);
  const on = value !== undefined && value !== null;
  const connector = analysis.streams[stream] ?? "stream";
  const id = `${section.id}-${stream}`;
  const problems = analysis.findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.path === path || f.path === view.origin.sourcePath));
  const toggle = (next: boolean) => onModel((current) => (next ? turnSectionOn(current, place, section.forms, section.shape, connector) : turnSectionOff(current, place)));
  return (
    <FoldingFieldset class={`component-section${on ? " on" : ""}`} id={id} title={section.title}>
      <div class="field toggle">
        <label>
          <input type="checkbox" role="switch" checked={on} aria-describedby={`${id}-note`} onChange={(e) => toggle(e.currentTarget.checked)} /> {section.title}
        </label>
        <p class="note" id={`${id}-note`}>
          {section.note}
          {on && view.origin.via === "$ref" && (
            <>
              {" "}
              Defined in <code>{view.origin.sourcePath}</code>: a change here changes every stream that uses it.
            </>
          )}
        </p>
      </div>
      {on && section.shape === "one" && <ComponentForm {...props} base={path} place={place} forms={section.forms} value={value} kindLabel={section.kindLabel} idPrefix={id} />}
      {on && section.shape !== "one" && (
        <ComponentList {...props} base={path} place={place} forms={section.forms} value={value} shape={section.shape} noun={section.noun ?? "item"} kindLabel={section.kindLabel} idPrefix={id} />
      )}
      <ProblemLines problems={problems} />
    </FoldingFieldset>
  );
}

interface ComponentProps extends SectionProps {
  /** The component's resolved-manifest path (`streams[0].transformations[1]`). */
  base: string;
  /** Where it is written. */
  place: readonly Segment[];
  forms: FormSection;
  value: unknown;
  kindLabel?: string;
  idPrefix: string;
}

/** A list of components (Transformations, response filters, combined partition routers): each item's form, "Remove" and "Add". */
function ComponentList(props: ComponentProps & { shape: SectionShape; noun: string }) {
  const { base, place, forms, value, shape, noun, idPrefix, model, onModel, analysis, stream } = props;
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const asList = Array.isArray(value);
  const connector = analysis.streams[stream] ?? "stream";
  const label = props.kindLabel ?? ITEM_KIND_LABELS[forms] ?? "Kind";
  return (
    <div class="component-list">
      {items.map((item, i) => {
        const itemPath = asList ? `${base}[${i}]` : base;
        const itemView = analysis.fields[itemPath];
        const itemPlace = itemView?.origin.segments ?? (asList ? [...place, i] : place);
        const itemValue = model.kindAt(itemPlace) === "map" ? model.valueAt(itemPlace) : item;
        return (
          <fieldset class="component-item">
            <legend>
              {noun[0]!.toUpperCase() + noun.slice(1)} {i + 1}
            </legend>
            <ComponentForm {...props} base={itemPath} place={itemPlace} value={itemValue} kindLabel={label} idPrefix={`${idPrefix}-${i}`} />
            <button type="button" class="link" onClick={() => onModel((current) => removeItem(current, place, i, shape))}>
              Remove {noun} {i + 1}
            </button>
          </fieldset>
        );
      })}
      <button type="button" onClick={() => onModel((current) => (model.kindAt(place) === "absent" && shape !== "list" ? turnSectionOn(current, place, forms, shape, connector) : addItem(current, place, forms, connector)))}>
        Add {noun}
      </button>
    </div>
  );
}

/** One component: its kind selector (when the section offers several) and its fields, grouped as its declaration says. */
function ComponentForm(props: ComponentProps) {
  const { base, place, forms, value, kindLabel, idPrefix, onModel, analysis, stream } = props;
  const form = formOfComponent(value, forms);
  const kinds = formsIn(forms);
  const connector = analysis.streams[stream] ?? "stream";
  const fields = form ? resolveFields(form) : [];
  const main = fields.filter((f) => !f.advanced);
  const advanced = fields.filter((f) => f.advanced);
  const advancedSet = advanced.some((f) => isSet(analysis.fields[childPath(base, f.key)]?.value));
  return (
    <>
      {kinds.length > 1 && (
        <div class="field">
          <label for={`${idPrefix}-kind`}>{kindLabel ?? "Type"}</label>
          <select id={`${idPrefix}-kind`} value={form?.type ?? ""} onChange={(e) => onModel((current) => chooseKind(current, place, forms, e.currentTarget.value, connector))}>
            {!form && <option value="">(written in the YAML)</option>}
            {kinds.map((k) => (
              <option value={k.type}>{k.label}</option>
            ))}
          </select>
        </div>
      )}
      {!form && <p class="note">This component is not one the form knows; edit it in the YAML.</p>}
      {form && <FieldGroups {...props} fields={main} typeName={form.type} />}
      {form && advanced.length > 0 && (
        <details class="advanced" open={advancedSet}>
          <summary>Advanced</summary>
          <FieldGroups {...props} fields={advanced} typeName={form.type} />
        </details>
      )}
    </>
  );
}

/** Fields in their declaration's order, consecutive fields of one `group` drawn in a group named by it. */
function FieldGroups(props: ComponentProps & { fields: readonly ResolvedField[]; typeName: string }) {
  const runs: Array<{ group?: string; fields: ResolvedField[] }> = [];
  for (const field of props.fields) {
    const last = runs.at(-1);
    if (last && field.group && last.group === field.group) last.fields.push(field);
    else runs.push({ group: field.group, fields: [field] });
  }
  return (
    <>
      {runs.map((run) =>
        run.group ? (
          <fieldset class="field-group">
            <legend>{run.group}</legend>
            {run.fields.map((field) => (
              <ComponentField {...props} field={field} />
            ))}
          </fieldset>
        ) : (
          run.fields.map((field) => <ComponentField {...props} field={field} />)
        ),
      )}
    </>
  );
}

/** One declared field of a component, by its control. */
function ComponentField(props: ComponentProps & { field: ResolvedField; typeName: string }) {
  const { field, base, idPrefix, stream, analysis, model, onEdit, onReveal, typeName } = props;
  const path = childPath(base, field.key);
  if (field.kind === "injection") return <InjectionField {...props} path={path} />;
  if (field.kind === "stream") return <StreamField {...props} path={path} />;
  if (field.kind === "components" && field.items) {
    const view = analysis.fields[path];
    if (!view) return null;
    return (
      <fieldset class="component-list-group">
        <legend>{field.label}</legend>
        <ComponentList {...props} base={path} place={view.origin.segments} forms={field.items} value={shownValue(model, view)} shape="list" noun={field.noun ?? "item"} kindLabel={ITEM_KIND_LABELS[field.items]} idPrefix={`${idPrefix}-${field.id}`} />
      </fieldset>
    );
  }
  const itemType = propertySchema(typeName, field.key)?.items?.type;
  const formField: FormField = {
    id: `${idPrefix}-${field.id}`,
    label: field.label,
    path,
    kind: field.kind === "select" || field.kind === "list" || field.kind === "integer" || field.kind === "boolean" || field.kind === "template" ? field.kind : "text",
    options: field.options,
    variables: field.variables,
    hint: field.hint,
    numbers: itemType === "integer" || itemType === "number",
  };
  return <FieldControl field={formField} stream={stream} analysis={analysis} model={model} onEdit={onEdit} onReveal={onReveal} />;
}

/** A request option of the component, with its toggle (off: absent). */
function InjectionField(props: ComponentProps & { field: ResolvedField; path: string }) {
  const { field, path, analysis, model, onModel, idPrefix } = props;
  const option = analysis.fields[path];
  if (!option) return null;
  const place = option.origin.segments;
  // As written now, so the toggle follows a click at once (the analysis catches up a moment later).
  const written = model.kindAt(place);
  const state = requestOptionOf(written === "map" ? model.valueAt(place) : option.value);
  const enabled = written !== "absent" || (option.origin.via === "$parameters" && option.value !== undefined && option.value !== null);
  const problems = analysis.findings.filter((f) => f.code !== "CONFIG_INVALID" && (f.path.startsWith(path) || f.path.startsWith(option.origin.sourcePath)));
  const onChange = (next: RequestOptionState, changed: "injectInto" | "fieldName") =>
    onModel((current) => {
      if (current.kindAt(place) !== "map") return writeValue(current, place, requestOptionComponent(next));
      const key = changed === "injectInto" ? "inject_into" : "field_name";
      const written = analysis.fields[`${path}.${key}`]?.origin.segments ?? [...place, key];
      return writeValue(current, written, changed === "injectInto" ? next.injectInto : next.fieldName);
    });
  const toggle = (on: boolean) => onModel((current) => (on ? writeValue(current, place, requestOptionComponent({ injectInto: "request_parameter", fieldName: "" })) : removeKey(current, place)));
  return (
    <RequestOptionGroup
      title={field.title ?? field.label}
      id={`${idPrefix}-${field.id}`}
      value={state}
      fieldLabel={state.injectInto === "header" ? "Header Name" : state.injectInto === "body_data" || state.injectInto === "body_json" ? "Field Name" : "Parameter Name"}
      problems={problems}
      enabled={enabled}
      onToggle={toggle}
      onChange={onChange}
      hint={field.hint}
    />
  );
}

/** A parent stream: the other streams by name; writes a `$ref` to the chosen one. */
function StreamField(props: ComponentProps & { field: ResolvedField; path: string }) {
  const { field, path, analysis, model, onModel, stream, idPrefix } = props;
  const view = analysis.fields[path];
  if (!view) return null;
  const place = view.origin.segments;
  const written = model.kindAt(place) === "absent" ? undefined : model.valueAt(place);
  const chosen = referencedStream(model, written) ?? "";
  const others = analysis.streams.filter((_, i) => i !== stream);
  const id = `${idPrefix}-${field.id}`;
  return (
    <div class="field">
      <label for={id}>{field.label}</label>
      <select
        id={id}
        value={chosen}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          const name = e.currentTarget.value;
          onModel((current) => {
            const ref = streamReference(current, name);
            return ref ? writeValue(current, place, ref) : current;
          });
        }}
      >
        {!others.includes(chosen) && <option value={chosen}>{chosen || "(choose)"}</option>}
        {others.map((name) => (
          <option value={name}>{name}</option>
        ))}
      </select>
      <p class="note" id={`${id}-note`}>
        {field.hint}
      </p>
    </div>
  );
}

/** The component as written now (so a click shows at once), else the resolved one. */
function shownValue(model: ManifestModel, view: { value: unknown; origin: { via: string; segments: Segment[] } }): unknown {
  const kind = model.kindAt(view.origin.segments);
  if (kind === "absent" && view.origin.via !== "$parameters") return undefined;
  return kind === "map" || kind === "seq" ? model.valueAt(view.origin.segments) : view.value;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "" && value !== false;
}
