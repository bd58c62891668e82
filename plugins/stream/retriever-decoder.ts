import { ManifestError, type BuildContext, type ComponentDefinition, type Decoder } from "../../sdk/index.js";

/** Decoders whose documents a paginator can read: the kit refuses a `DefaultPaginator` with any other. */
const PAGINATION_DECODERS = new Set(["JsonDecoder", "XmlDecoder"]);

/**
 * Builds a retriever's `decoder` like any other component (an unknown type fails before any request).
 * JSON needs no wrapping: every response decodes as JSON by default, so `JsonDecoder` gives undefined
 * and the page loop stays as it is. As in the kit, a `DefaultPaginator` cannot read the documents of a
 * streamed format (JSON Lines, CSV, lines of text, zip, a custom decoder): that is a build error.
 *
 * @example
 * const decoder = await buildRetrieverDecoder(def, ctx); // XmlDecoder instance, or undefined for JSON
 */
export async function buildRetrieverDecoder(def: { decoder?: ComponentDefinition; paginator?: ComponentDefinition }, ctx: BuildContext): Promise<Decoder | undefined> {
  const definition = def.decoder;
  if (definition === undefined || definition === null) return undefined;
  const decoder = await ctx.build<Decoder>("decoder");
  const paginator = def.paginator;
  const type = typeof definition.type === "string" ? definition.type : "CustomDecoder";
  if (paginator && paginator.type === "DefaultPaginator" && !PAGINATION_DECODERS.has(type) && !gzipOfJson(definition)) {
    throw new ManifestError("DECODER_PAGINATION_UNSUPPORTED", `A DefaultPaginator cannot read the documents of a ${type}: pagination needs a response it can look into`, {
      where: { manifestPath: `${ctx.path}.decoder`, stream: ctx.stream },
      expected: "JsonDecoder, XmlDecoder, or a CompositeRawDecoder/GzipDecoder around JSON (or NoPagination)",
      found: type,
    });
  }
  return type === "JsonDecoder" ? undefined : decoder;
}

/** A CompositeRawDecoder whose innermost parser is JSON (possibly gzipped) and a GzipDecoder of JSON: the kit paginates those. */
function gzipOfJson(definition: ComponentDefinition): boolean {
  let node: ComponentDefinition | undefined = definition;
  for (let depth = 0; node && depth < 8; depth++) {
    if (node.type === "JsonParser" || node.type === "JsonDecoder") return depth > 0;
    node = (node.parser ?? node.inner_parser ?? node.decoder) as ComponentDefinition | undefined;
  }
  return false;
}
