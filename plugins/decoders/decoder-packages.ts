import { lazyPackage } from "../../sdk/index.js";

// The decoders' parsing packages, each imported when a decoder that uses it is built rather than when
// Sluice starts: most connectors read JSON, and together these cost a `sluice` command about 40 ms of
// imports (fast-xml-parser alone, with its dependencies, about 20 ms). See docs/performance.md, "CLI start".

/**
 * fast-xml-parser, for `XmlDecoder`.
 *
 * @example
 * const { XMLParser } = await loadFastXmlParser();
 */
export const loadFastXmlParser = lazyPackage("fast-xml-parser", "XmlDecoder", () => import("fast-xml-parser"));

/**
 * csv-parse's synchronous parser, for `CsvParser` and `CsvDecoder`.
 *
 * @example
 * const { parse } = await loadCsvParse();
 */
export const loadCsvParse = lazyPackage("csv-parse", "CsvParser", () => import("csv-parse/sync"));

/**
 * fflate, for `GzipParser`, `GzipDecoder` and `ZipfileDecoder`.
 *
 * @example
 * const { Gunzip } = await loadFflate();
 */
export const loadFflate = lazyPackage("fflate", "GzipParser/ZipfileDecoder", () => import("fflate"));

/**
 * @streamparser/json, for `JsonItemsDecoder`.
 *
 * @example
 * const { JSONParser } = await loadStreamParser();
 */
export const loadStreamParser = lazyPackage("@streamparser/json", "JsonItemsDecoder", () => import("@streamparser/json"));

/** The fast-xml-parser module. */
export type FastXmlParser = Awaited<ReturnType<typeof loadFastXmlParser>>;
/** csv-parse's synchronous module. */
export type CsvParse = Awaited<ReturnType<typeof loadCsvParse>>;
/** The fflate module. */
export type Fflate = Awaited<ReturnType<typeof loadFflate>>;
/** The @streamparser/json module. */
export type StreamParser = Awaited<ReturnType<typeof loadStreamParser>>;
