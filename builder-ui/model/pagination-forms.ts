import { formOf, formsIn } from "../forms/form-registry.js";
import { resolveFields, type ResolvedField } from "../forms/resolve-fields.js";
import type { FormField } from "./form-fields.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * A stream's Pagination section as the product shows it (`../shared/reference/builder-forms.md`,
 * "Pagination"): the toggle (off: no `paginator`, or `NoPagination`), the method, each method's
 * fields with the product's labels and defaults, and its injections. The section reads the resolved
 * paginator and writes each value where it is written (the server's origins of the paths below).
 *
 * @example
 * paginationMethodOf({ type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", page_size: 50 } }); // "PageIncrement"
 * defaultPaginator("OffsetIncrement").page_token_option; // { type: "RequestOption", inject_into: "request_parameter", field_name: "offset" }
 */
export type PaginationMethod = "OffsetIncrement" | "PageIncrement" | "CursorPagination" | "CustomPaginationStrategy";

/** The "Pagination Method" selector's values, in the product's order: the forms' registry's pagination forms (builder-ui/forms/pagination/). */
export const PAGINATION_METHODS: ReadonlyArray<{ type: PaginationMethod; label: string }> = formsIn("pagination").map((form) => ({ type: form.type as PaginationMethod, label: form.label }));

export const PAGINATOR_PATH = "streams[*].retriever.paginator";
const STRATEGY = `${PAGINATOR_PATH}.pagination_strategy`;

/** A paginator's injection: which option, the product's group title, its field label and targets. */
export interface PaginationInjection {
  key: "page_size_option" | "page_token_option";
  title: string;
  fieldLabel?: string;
  /** The field name a new injection starts with. */
  fieldName: string;
  /** The cursor may also replace the whole next URL (`RequestPath`). */
  path?: boolean;
}

/**
 * A method's own fields, in the product's order (its injections are {@link METHOD_INJECTIONS}): its
 * declaration's overlay completed from the strategy's schema, as view/field-control.tsx draws them.
 */
export function methodFields(method: PaginationMethod): readonly FormField[] {
  const form = formOf(method, "pagination");
  return (form ? resolveFields(form) : []).map((field) => ({
    id: field.id ?? `pagination-${field.key.join("-")}`,
    label: field.label,
    path: `${STRATEGY}.${field.key.join(".")}`,
    kind: formKind(field.kind),
    options: field.options,
    variables: field.variables,
    hint: field.hint,
  }));
}

/** The control of a field drawn by view/field-control.tsx (a key/value or JSON value there is text, shown as written). */
function formKind(kind: ResolvedField["kind"]): FormField["kind"] {
  return kind === "select" || kind === "list" || kind === "integer" || kind === "boolean" || kind === "template" ? kind : "text";
}

/** Each method's injection groups, with the product's titles (its declaration's). */
export const METHOD_INJECTIONS: Record<PaginationMethod, readonly PaginationInjection[]> = Object.fromEntries(PAGINATION_METHODS.map((m) => [m.type, formOf(m.type, "pagination")?.injections ?? []])) as Record<PaginationMethod, readonly PaginationInjection[]>;

/** Every path the Pagination section asks the server about (values and origins). */
export const PAGINATION_FIELD_PATHS: readonly string[] = [
  PAGINATOR_PATH,
  STRATEGY,
  ...new Set(formsIn("pagination").flatMap((form) => form.fields.map((f) => `${STRATEGY}.${f.key.join(".")}`))),
  ...["page_size_option", "page_token_option"].flatMap((key) => [`${PAGINATOR_PATH}.${key}`, `${PAGINATOR_PATH}.${key}.inject_into`, `${PAGINATOR_PATH}.${key}.field_name`]),
];

/** The method of a resolved paginator: `""` when pagination is off (no paginator, `NoPagination`), `"other"` for a paginator the form does not know. */
export function paginationMethodOf(paginator: unknown): PaginationMethod | "" | "other" {
  if (!isJsonObject(paginator) || paginator.type === "NoPagination") return "";
  const strategy = paginator.pagination_strategy;
  if (paginator.type !== undefined && paginator.type !== "DefaultPaginator") return "other";
  if (!isJsonObject(strategy)) return "other";
  // A strategy with class_name and no type is a custom one, as in the kit.
  const type = strategy.type ?? (typeof strategy.class_name === "string" ? "CustomPaginationStrategy" : undefined);
  return PAGINATION_METHODS.some((m) => m.type === type) ? (type as PaginationMethod) : "other";
}

/**
 * A new strategy of `method` as the product starts it: the fields it lists without a default (Limit,
 * Page size) stay unset until the author gives them (the validator says so meanwhile), and defaults
 * (Start From Page 0, the inject-on-first-request flags off) are the components' own, not written.
 */
export function defaultStrategy(method: PaginationMethod, stream = "stream"): Record<string, unknown> {
  switch (method) {
    case "OffsetIncrement":
    case "PageIncrement":
      return { type: method };
    case "CursorPagination":
      return { type: "CursorPagination", ...cursorTemplates("response", ["next"]) };
    case "CustomPaginationStrategy":
      return { type: "CustomPaginationStrategy", class_name: `source_${stream}.components.${className(stream)}Pagination` };
  }
}

/** The injections a new paginator of `method` starts with: every group the product turns on by default. */
function defaultInjections(method: PaginationMethod): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const injection of METHOD_INJECTIONS[method]) {
    // The cursor's page size is optional, so its injection starts off; the rest start on.
    if (injection.key === "page_size_option" && (method === "CursorPagination" || method === "CustomPaginationStrategy")) continue;
    out[injection.key] = { type: "RequestOption", inject_into: "request_parameter", field_name: injection.fieldName };
  }
  return out;
}

/** A whole new paginator (the toggle turned on). */
export function defaultPaginator(method: PaginationMethod, stream?: string): Record<string, unknown> {
  return { type: "DefaultPaginator", pagination_strategy: defaultStrategy(method, stream), ...defaultInjections(method) };
}

/** Where a cursor comes from, as the product's "Next page cursor" offers it. */
export type CursorSource = "response" | "headers" | "custom";

export const CURSOR_SOURCES: ReadonlyArray<{ value: CursorSource; label: string }> = [
  { value: "response", label: "Response body" },
  { value: "headers", label: "Response headers" },
  { value: "custom", label: "Custom" },
];

/**
 * The cursor value and stop condition for a cursor found at `path` of the response body or headers:
 * `{{ response.next }}` / `{{ not response.next }}`; the Link header's next URL (`link, next, url`)
 * stops when the header has no `next` (`{{ 'next' not in headers['link'] }}`).
 */
export function cursorTemplates(source: "response" | "headers", path: readonly string[]): { cursor_value: string; stop_condition: string } {
  const expression = source + path.map((segment) => (/^[A-Za-z_]\w*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`)).join("");
  const isLink = source === "headers" && path.length === 3 && path[0] === "link" && path[1] === "next";
  return { cursor_value: `{{ ${expression} }}`, stop_condition: isLink ? "{{ 'next' not in headers['link'] }}" : `{{ not ${expression} }}` };
}

/** The source and path a written cursor value and stop condition were made from ({@link cursorTemplates}), else custom. */
export function cursorSourceOf(cursorValue: unknown, stopCondition: unknown): { source: CursorSource; path: string[] } {
  const match = typeof cursorValue === "string" ? /^\{\{\s*(response|headers)((?:\.[A-Za-z_]\w*|\[(?:"[^"]*"|'[^']*')\])+)\s*\}\}$/.exec(cursorValue) : null;
  if (!match) return { source: "custom", path: [] };
  const source = match[1] as "response" | "headers";
  const path = [...match[2]!.matchAll(/\.([A-Za-z_]\w*)|\[(?:"([^"]*)"|'([^']*)')\]/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  const expected = cursorTemplates(source, path);
  const normalize = (s: unknown) => String(s ?? "").replace(/\s+/g, " ").trim();
  return normalize(stopCondition) === normalize(expected.stop_condition) ? { source, path } : { source: "custom", path: [] };
}

function className(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("") || "Stream";
}

