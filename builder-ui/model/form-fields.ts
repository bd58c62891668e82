import { REQUEST_VARIABLES } from "./request-forms.js";

/**
 * The fields the page's forms show, each by the product's label (its accessible name) and the path of
 * the resolved manifest it shows; `streams[*]` is one stream. The server answers each path with the
 * resolved value and where it is written (docs/builder.md, "Values where they live"); the form edits
 * it there. Issue 25 ("The Builder, part two") adds the product's authentication and pagination forms
 * by adding fields here and, for a new kind of control, a case in view/field-control.tsx.
 *
 * @example
 * { id: "url_base", label: "API Base URL", path: "streams[*].retriever.requester.url_base", kind: "text" }
 */
export interface FormField {
  id: string;
  /** The product's label: the control's visible label and accessible name. */
  label: string;
  path: string;
  /**
   * text: a string input; select: one of `options`; list: a list of strings (typed comma-separated);
   * integer: a number, or a template (a string);
   * boolean: a checkbox; template: a string input listing the `variables` it may use.
   */
  kind: "text" | "select" | "list" | "integer" | "boolean" | "template";
  options?: readonly string[];
  /** The template variables a `template` field may use, listed under it. */
  variables?: readonly string[];
  /** One line under the control. */
  hint?: string;
  /** A list of integers (a response filter's HTTP Codes): numeric items are written as numbers. */
  numbers?: boolean;
}

/** A group of fields under a title (the group's accessible name). */
export interface FormSection {
  title: string;
  fields: readonly FormField[];
}

/** The Global Configuration page: what every stream shares (the Authentication section is view/authentication-section.tsx). */
export const GLOBAL_SECTIONS: readonly FormSection[] = [
  {
    title: "API",
    fields: [{ id: "url_base", label: "API Base URL", path: "streams[*].retriever.requester.url_base", kind: "text", hint: "The address every request starts from, e.g. https://api.example.com/v1" }],
  },
];

/** A stream's page. */
export const STREAM_SECTIONS: readonly FormSection[] = [
  {
    title: "Stream",
    fields: [
      { id: "name", label: "Name", path: "streams[*].name", kind: "text" },
      { id: "path", label: "URL Path", path: "streams[*].retriever.requester.path", kind: "template", variables: REQUEST_VARIABLES, hint: "Appended to the API Base URL, e.g. /customers" },
      { id: "http_method", label: "HTTP Method", path: "streams[*].retriever.requester.http_method", kind: "select", options: ["GET", "POST"] },
      { id: "primary_key", label: "Primary Key", path: "streams[*].primary_key", kind: "list", hint: "The field(s) that identify a record, comma-separated, e.g. id" },
    ],
  },
  {
    title: "Record Selector",
    fields: [{ id: "field_path", label: "Field Path", path: "streams[*].retriever.record_selector.extractor.field_path", kind: "list", hint: "Where the records are in a response, comma-separated, e.g. data, items (empty: the whole response)" }],
  },
];

/** Every field path the page asks the server about. */
export const ALL_FIELD_PATHS: readonly string[] = [...GLOBAL_SECTIONS, ...STREAM_SECTIONS].flatMap((s) => s.fields.map((f) => f.path));

/** A field's path for one stream. */
export function fieldPath(field: Pick<FormField, "path">, stream: number): string {
  return field.path.replace("streams[*]", `streams[${stream}]`);
}
