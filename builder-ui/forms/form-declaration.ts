import type { PaginationInjection } from "../model/pagination-forms.js";

/**
 * How a field is edited. Most are read from the component's JSON Schema ({@link controlOf}); a
 * declaration names one only where the schema cannot say it:
 * input: a credential (a user input; the manifest holds `{{ config['name'] }}`, the value is a testing value);
 * text / select (of `options`) / integer (a number or a template) / boolean (a checkbox);
 * list: strings typed comma-separated; template: a string listing the `variables` it may use;
 * json: an object typed as JSON; keyvalue: a mapping of templates as Key/Value rows;
 * duration: an ISO 8601 duration; injection: a request option group (`Inject into`, `Field name`);
 * method: a nested authentication method; body: a requester's Request Body (its Body Type and rows);
 * components: a list of components, each one of the forms of the section `items` (a transformation, a
 * response filter, a backoff strategy), added and removed by buttons; stream: another stream of the
 * connector, written as a `$ref` to it (a parent stream).
 */
export type Control = "input" | "text" | "select" | "integer" | "boolean" | "list" | "template" | "json" | "keyvalue" | "duration" | "injection" | "method" | "body" | "components" | "stream";

/** A user input a credential field becomes (a spec property). */
export interface UserInput {
  name: string;
  title: string;
  secret: boolean;
  required: boolean;
  /** JSON Schema `format` (the token expiry is a date-time). */
  format?: string;
}

/**
 * The UI overlay of one field of a component: what the schema does not hold. Its place in the
 * declaration's list is its order on the page.
 *
 * @example
 * { key: ["page_size"], label: "Limit", hint: "Records per page." } // integer, from the schema's anyOf [integer, string]
 * { key: ["api_token"], label: "Token", input: { name: "api_key", title: "API Key", secret: true, required: true } }
 */
export interface FieldOverlay {
  /** Where it is written, under the component (`["login_requester", "url_base"]` reaches into a nested one). */
  key: readonly string[];
  /** The product's label: the control's visible label and accessible name. */
  label: string;
  /** The control, when the schema's type does not say it (a template, a duration, key/value rows...). */
  control?: Control;
  /** A credential: the user input it becomes (the field is then an `input`). */
  input?: UserInput;
  /** The choices of a `select` the schema does not enumerate. */
  options?: readonly string[];
  /** The product's words for a `select`'s choices, by the value written (`{ ApiKey: "API Key" }`); a choice not named shows its value. */
  optionLabels?: Readonly<Record<string, string>>;
  /** Shown when empty (default: the schema's `default`). */
  placeholder?: string;
  /** One line under the control. */
  hint?: string;
  /** Marked required (default: the schema's `required`). */
  required?: boolean;
  /** A group the field is drawn in, by its title (the session login's `Login Requester`). */
  group?: string;
  /** The page's element id of a field drawn by view/field-control.tsx (`field-<id>-<stream>`). */
  id?: string;
  /** An injection's group title. */
  title?: string;
  /** Key/value rows: the singular noun of the add button ("Add header"). */
  noun?: string;
  /** The template variables the value may use, listed under it. */
  variables?: readonly string[];
  /** Drawn in the section's collapsible "Advanced" block (open on its own when one of them is set), as the product does. */
  advanced?: boolean;
  /** A `components` list: the registry section its items' forms are in. */
  items?: FormSection;
  /** An injection's targets offered. */
  targets?: ReadonlyArray<"header" | "request_parameter" | "body_data" | "body_json">;
}

/** The page's sections a form belongs to; each draws the forms the registry lists for it. */
export type FormSection =
  | "authentication"
  | "pagination"
  | "declarative-oauth"
  | "incremental-sync"
  | "partition-router"
  | "record-filter"
  | "transformation"
  | "error-handler"
  | "backoff-strategy"
  | "response-filter";

/**
 * One component kind's form: the component's `type` (its JSON Schema is the session's, from the
 * TypeBox schema it registers), the product's name for it, and the overlay of its fields in order.
 * Registered in builder-ui/forms/form-registry.ts; the section draws it (docs/builder.md,
 * "Extending the page").
 *
 * @example
 * export const pageIncrement = defineForm({
 *   type: "PageIncrement", section: "pagination", label: "Page Increment",
 *   fields: [{ key: ["page_size"], label: "Page size" }, { key: ["start_from_page"], label: "Start From Page" }],
 * });
 */
export interface FormDeclaration {
  /** The component type (a `Custom*` type matches every `Custom*` when the declaration's is `Custom...`). */
  type: string;
  section: FormSection;
  /** The product's name of the kind: the section's selector option. */
  label: string;
  fields: readonly FieldOverlay[];
  /** The component a fresh choice writes (default: `{ type }`); `connector` names a Custom class's `source_<name>`. */
  template?(connector: string): Record<string, unknown>;
  /** The user inputs a fresh choice adds to the spec (a datetime cursor's `start_datetime`), unless one of that name exists. */
  inputs?: readonly UserInput[];
  /** A line under the section's selector. */
  note?: string;
  /** Pagination: the paginator's injection groups the kind shows (its `page_size_option`, `page_token_option`). */
  injections?: readonly PaginationInjection[];
}

/** A declaration, typed (the identity: it makes a declaration file read as one). */
export function defineForm(declaration: FormDeclaration): FormDeclaration {
  return declaration;
}
