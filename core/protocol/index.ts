/**
 * The Airbyte protocol over the library: a read as protocol messages, the catalog of a connector, and
 * the parsers of what a platform sends (configured catalog, state). `sluice read` and `sluice discover`
 * are these and a writer; a host that speaks the protocol (an orchestrator, a platform adapter, the
 * Builder's server) uses the same.
 *
 * @example
 * import { airbyteRead, parseConfiguredCatalog, parseStreamStates } from "sluice";
 */
export { airbyteRead, AirbyteRead, type AirbyteBatch, type AirbyteReadOptions, type AirbyteReadSummary } from "./airbyte-read.js";
export { airbyteCatalog, type AirbyteStream } from "./airbyte-catalog.js";
export { parseConfiguredCatalog, readConfiguredCatalog, selectStreams, type ConfiguredCatalog, type ConfiguredStream, type SelectedStream } from "./configured-catalog.js";
export { parseStreamStates, readStreamStates, type LoadStateOptions, type StreamStates } from "./stream-states.js";
export * from "./messages.js";
