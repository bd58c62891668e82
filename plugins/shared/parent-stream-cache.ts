import { isJsonObject } from "../../pure/json-object.js";

/**
 * Which streams read through the response cache, as the kit decides it: every stream that is a parent
 * anywhere in the manifest (a `ParentStreamConfig.stream`, in any partition router, nested ones
 * included), both where a child reads it and where it is read as a stream of its own, so a catalog that
 * reads a parent and its children requests the parent's pages once. A requester written with
 * `use_cache: false` keeps it (an API whose pages must not be reused, such as a scroll cursor).
 *
 * @example
 * // streams: [{ name: "boards", ... }, { name: "items", retriever: { partition_router: { parent_stream_configs: [{ stream: { name: "boards", ... } }] } } }]
 * cacheParentStreams(streams); // "boards" (top level and inside "items") now has retriever.requester.use_cache: true
 */
export function cacheParentStreams(streams: readonly unknown[]): unknown[] {
  const parents = new Set<string>();
  for (const stream of streams.flatMap(conditionalMembers)) for (const parent of parentStreamsOf(stream)) if (typeof parent.name === "string") parents.add(parent.name);
  const cached = (stream: unknown): unknown => {
    if (isJsonObject(stream) && stream.type === "ConditionalStreams" && Array.isArray(stream.streams)) return { ...stream, streams: stream.streams.map(cached) };
    return isJsonObject(stream) && parents.has(stream.name as string) ? withResponseCache(stream) : stream;
  };
  return streams.map(cached);
}

/** A `ConditionalStreams` entry's streams (the kit's current schema), else the stream itself. */
function conditionalMembers(stream: unknown): unknown[] {
  return isJsonObject(stream) && stream.type === "ConditionalStreams" && Array.isArray(stream.streams) ? stream.streams.flatMap(conditionalMembers) : [stream];
}

/**
 * The stream's definition with `use_cache: true` on its requester (a `SimpleRetriever`'s
 * `HttpRequester`; both streams of a `StateDelegatingStream`), unless written `use_cache: false`; any
 * other shape is left as it is.
 *
 * @example
 * withResponseCache({ type: "DeclarativeStream", retriever: { requester: { url_base: "..." } } })
 * // { type: "DeclarativeStream", retriever: { requester: { url_base: "...", use_cache: true } } }
 */
export function withResponseCache(stream: unknown): unknown {
  if (!isJsonObject(stream)) return stream;
  if (stream.type === "StateDelegatingStream") {
    return { ...stream, full_refresh_stream: withResponseCache(stream.full_refresh_stream), incremental_stream: withResponseCache(stream.incremental_stream) };
  }
  if (!isJsonObject(stream.retriever) || !isJsonObject(stream.retriever.requester)) return stream;
  const requester = stream.retriever.requester;
  if ((requester.type !== undefined && requester.type !== "HttpRequester") || requester.use_cache === false) return stream;
  return { ...stream, retriever: { ...stream.retriever, requester: { ...requester, use_cache: true } } };
}

/** The parent streams a stream's partition routers name (through lists, `partition_routers` and `underlying_partition_router`). */
function parentStreamsOf(stream: unknown): Record<string, unknown>[] {
  if (!isJsonObject(stream)) return [];
  const parents: Record<string, unknown>[] = [];
  const retrievers = stream.type === "StateDelegatingStream" ? [stream.full_refresh_stream, stream.incremental_stream].map((s) => (isJsonObject(s) ? s.retriever : undefined)) : [stream.retriever];
  const routers: unknown[] = retrievers.flatMap((retriever) => (isJsonObject(retriever) && retriever.partition_router ? [retriever.partition_router] : []));
  while (routers.length > 0) {
    const router = routers.pop();
    if (Array.isArray(router)) routers.push(...router);
    if (!isJsonObject(router)) continue;
    for (const config of Array.isArray(router.parent_stream_configs) ? router.parent_stream_configs : []) if (isJsonObject(config) && isJsonObject(config.stream)) parents.push(config.stream);
    if (Array.isArray(router.partition_routers)) routers.push(...router.partition_routers);
    if (router.underlying_partition_router) routers.push(router.underlying_partition_router);
  }
  return parents;
}

