import { SluiceError, sliceExtraFields, type BuildContext, type ComponentDefinition, type OutgoingRequest, type QueryProperties, type StreamSlice } from "../../sdk/index.js";

/**
 * Takes the `QueryProperties` out of a requester's `request_parameters` (the rest are templates as
 * usual) and builds it; at most one entry may hold one.
 *
 * @example
 * const { parameters, queryProperties } = await splitQueryProperties(def.request_parameters, ctx);
 * // request_parameters: { limit: 100, properties: { type: QueryProperties, ... } } -> parameters { limit: 100 }, parameter "properties"
 */
export async function splitQueryProperties(parameters: unknown, ctx: BuildContext): Promise<{ parameters: unknown; queryProperties?: QueryProperties }> {
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) return { parameters };
  const entries = Object.entries(parameters as Record<string, unknown>);
  const found = entries.filter(([, value]) => isQueryProperties(value));
  if (found.length === 0) return { parameters };
  if (found.length > 1) {
    throw new SluiceError("QUERY_PROPERTIES_INVALID", "More than one request parameter holds QueryProperties", {
      where: { manifestPath: `${ctx.path}.request_parameters` },
      expected: "one QueryProperties per requester",
      found: found.map(([key]) => key).join(", "),
    });
  }
  const [parameter, definition] = found[0]!;
  const built = await ctx.buildChild<Omit<QueryProperties, "parameter">>(definition, `${ctx.path}.request_parameters.${parameter}`);
  return {
    parameters: Object.fromEntries(entries.filter(([key]) => key !== parameter)),
    queryProperties: { parameter, chunks: (signal) => built.chunks(signal), mergeKey: (record) => built.mergeKey(record) },
  };
}

/** Puts the slice's chunk of properties into the request, joined with commas (nothing outside a chunked read). */
export function applyQueryProperties(request: OutgoingRequest, queryProperties: QueryProperties | undefined, slice: StreamSlice | undefined): void {
  if (!queryProperties || !slice) return;
  const chunk = sliceExtraFields(slice).query_properties;
  if (Array.isArray(chunk)) request.params[queryProperties.parameter] = chunk.join(",");
}

function isQueryProperties(value: unknown): value is ComponentDefinition {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "QueryProperties";
}
