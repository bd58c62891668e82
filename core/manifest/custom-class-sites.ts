import { renderPath } from "../../pure/manifest-path.js";
import { isInlineSchemaBody } from "./inline-schema-body.js";

/** A custom component's `class_name` and the manifest path where it is written. */
export interface CustomClassSite {
  className: string;
  path: string;
}

/**
 * Every custom component's `class_name` in a resolved manifest (a component whose `type` starts with
 * `Custom`), with its path. The top-level `schemas` block and inline schemas are JSON Schema, not
 * components, and are not walked; the top-level `definitions` are walked only when asked (a resolved
 * manifest has each used definition where it is used). The path is a stack of segments, written out only
 * for a class found: the walk passes every node (source-appfigures expands to 170,000).
 *
 * @example
 * customClassSites({ streams: [{ retriever: { type: "CustomRetriever", class_name: "source_x.components.R" } }] }, { definitions: false })
 * // [{ className: "source_x.components.R", path: "streams[0].retriever.class_name" }]
 */
export function customClassSites(resolved: unknown, options: { definitions: boolean }): CustomClassSite[] {
  const found: CustomClassSite[] = [];
  const path: Array<string | number> = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) under(i, value[i]);
    } else if (value && typeof value === "object") {
      const def = value as Record<string, unknown>;
      if (typeof def.class_name === "string" && typeof def.type === "string" && def.type.startsWith("Custom")) found.push({ className: def.class_name, path: renderPath([...path, "class_name"]) });
      for (const key in def) {
        const skipped = path.length === 0 && (key === "schemas" || (key === "definitions" && !options.definitions));
        if (!skipped && !isInlineSchemaBody(def, key)) under(key, def[key]);
      }
    }
  };
  const under = (segment: string | number, value: unknown): void => {
    path.push(segment);
    walk(value);
    path.pop();
  };
  walk(resolved);
  return found;
}
