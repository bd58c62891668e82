/**
 * Sluice, the library: load a declarative connector, check it, list its streams and read them.
 *
 * @example
 * import { createSluice } from "sluice";
 *
 * const sluice = createSluice();
 * const connector = await sluice.connect({ path: "manifest.yaml", config: { api_key: process.env.API_KEY } });
 * for await (const record of connector.read("users")) console.log(record);
 */
export { createSluice, Sluice, type ConnectInput, type SluiceOptions } from "./sluice.js";
export { Connector, type ConnectorReadOptions, type RecordStream } from "./connector/connector.js";
export { DEFAULT_CONCURRENCY, ReadAll, type ReadAllOptions } from "./connector/read-all.js";
export type { ReadBatch, ReadMessage, StreamStatus } from "./scheduler/read-events.js";
export type { ConnectorDefinition } from "./connector/connector-definition.js";
export type { ManifestInput } from "./manifest/load-manifest.js";
export { writeFileAtomic } from "./config/write-file-atomic.js";
export { DEFAULT_HTTP_OPTIONS, HttpOptionsToken, type HttpOptions, type TransportName } from "./http/http-options.js";
export { createNodeFetchTransport } from "./http/node-fetch-transport.js";
export { createUndiciTransport } from "./http/undici-transport.js";
export * from "./protocol/index.js";
export * from "./sources/index.js";
export * from "../sdk/index.js";
export * from "../oauth-consent/index.js";
export { readConfigFile, writeConsentValues } from "./config/write-consent-values.js";
