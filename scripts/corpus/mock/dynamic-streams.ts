import { readPaths } from "./template-paths.js";
import { modelOf, type StreamModel } from "./stream-model.js";

/**
 * What the corpus mock needs for `dynamic_streams`: a model of each `HttpComponentsResolver`'s
 * retriever (named `components_resolver[i]`), whose records carry every field the
 * `components_mapping` reads from `components_values` (so each listed stream gets a distinct name and
 * path), and the names of the stream templates, which answer for the streams made from them.
 *
 * @example
 * const { resolvers, templates } = dynamicStreamModels(manifest);
 * resolvers[0].path // "meta/bases/{{ stream_partition.base_id }}/tables"
 * templates         // ["airtable_stream"]
 */
export function dynamicStreamModels(manifest: Record<string, unknown>): { resolvers: StreamModel[]; templates: string[] } {
  const resolvers: StreamModel[] = [];
  const templates: string[] = [];
  const dynamic = Array.isArray(manifest.dynamic_streams) ? manifest.dynamic_streams : [];
  for (const [i, entry] of dynamic.entries()) {
    const definition = asObject(entry);
    const template = asObject(definition?.stream_template);
    if (typeof template?.name === "string") templates.push(template.name);
    const resolver = asObject(definition?.components_resolver);
    if (resolver?.type !== "HttpComponentsResolver") continue;
    const values = readPaths(JSON.stringify(resolver.components_mapping ?? []), "components_values");
    const keys = values.length > 0 ? values : [["name"]];
    const model = modelOf({ type: "DeclarativeStream", name: `components_resolver[${i}]`, retriever: resolver.retriever, primary_key: keys }, []);
    if (model) resolvers.push(model);
  }
  return { resolvers, templates };
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
