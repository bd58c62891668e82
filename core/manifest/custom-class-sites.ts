import { renderPath } from "../../pure/manifest-path.js";
import { walkObjects } from "../../pure/walk-objects.js";
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
 * manifest has each used definition where it is used). A path is written out only for a class found
 * (pure/walk-objects.ts): the walk passes every node (source-appfigures expands to 170,000).
 *
 * @example
 * customClassSites({ streams: [{ retriever: { type: "CustomRetriever", class_name: "source_x.components.R" } }] }, { definitions: false })
 * // [{ className: "source_x.components.R", path: "streams[0].retriever.class_name" }]
 */
export function customClassSites(resolved: unknown, options: { definitions: boolean }): CustomClassSite[] {
  const found: CustomClassSite[] = [];
  walkObjects(resolved, (def, path) => {
    if (typeof def.class_name === "string" && typeof def.type === "string" && def.type.startsWith("Custom")) found.push({ className: def.class_name, path: renderPath([...path, "class_name"]) });
    const top = path.length === 0;
    return (key) => !(top && (key === "schemas" || (key === "definitions" && !options.definitions))) && !isInlineSchemaBody(def, key);
  });
  return found;
}
