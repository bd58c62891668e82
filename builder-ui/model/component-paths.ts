import type { FormSection } from "../forms/form-declaration.js";
import { formsIn } from "../forms/form-registry.js";
import { STREAM_COMPONENT_SECTIONS } from "../forms/section-registry.js";

/**
 * The manifest path of a field key under a component: `["fields", "0", "path"]` is `fields[0].path`.
 *
 * @example
 * keyPath(["parent_stream_configs", "0", "parent_key"]) // "parent_stream_configs[0].parent_key"
 */
export function keyPath(key: readonly string[]): string {
  return key.map((segment, i) => (/^\d+$/.test(segment) ? `[${segment}]` : i === 0 ? segment : `.${segment}`)).join("");
}

/** A field's path under a component's path (`base` ends at the component). */
export function childPath(base: string, key: readonly string[]): string {
  const rest = keyPath(key);
  return rest.startsWith("[") ? `${base}${rest}` : `${base}.${rest}`;
}

/**
 * The paths (patterns: `[*]` is every item of a list, which the server expands) the page asks the
 * server about for every component a form of `section` may be at `base`: the component, its fields,
 * an injection's keys, and a nested list's items, recursively.
 *
 * @example
 * componentPatterns("streams[*].transformations[*]", "transformation") // [..., "streams[*].transformations[*].fields[0].path", ...]
 */
export function componentPatterns(base: string, section: FormSection): string[] {
  const out = new Set<string>([base]);
  for (const form of formsIn(section)) {
    for (const field of form.fields) {
      const path = childPath(base, field.key);
      if (field.control === "components" && field.items) {
        out.add(path);
        for (const p of componentPatterns(`${path}[*]`, field.items)) out.add(p);
        continue;
      }
      out.add(path);
      if (field.control === "injection") for (const key of ["inject_into", "field_name"]) out.add(`${path}.${key}`);
    }
  }
  return [...out];
}

/** Every path the stream page's component sections ask about (a one-or-many section's both shapes). */
export const COMPONENT_SECTION_PATHS: readonly string[] = STREAM_COMPONENT_SECTIONS.flatMap((section) => {
  const base = `streams[*].${section.path}`;
  if (section.shape === "one") return componentPatterns(base, section.forms);
  const items = componentPatterns(`${base}[*]`, section.forms);
  return section.shape === "list" ? [base, ...items] : [...componentPatterns(base, section.forms), ...items];
});
