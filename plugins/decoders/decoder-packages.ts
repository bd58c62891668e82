import type * as StreamParserModule from "@streamparser/json";
import type * as CsvParseModule from "csv-parse/sync";
import type * as FastXmlParserModule from "fast-xml-parser";
import type * as FflateModule from "fflate";
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
export const loadFastXmlParser: () => Promise<FastXmlParser> = lazyPackage("fast-xml-parser", "XmlDecoder", () => import("fast-xml-parser"));

/**
 * csv-parse's synchronous parser, for `CsvParser` and `CsvDecoder`.
 *
 * @example
 * const { parse } = await loadCsvParse();
 */
export const loadCsvParse: () => Promise<CsvParse> = lazyPackage("csv-parse", "CsvParser", () => import("csv-parse/sync"));

/**
 * fflate, for `GzipParser`, `GzipDecoder` and `ZipfileDecoder`.
 *
 * @example
 * const { Gunzip } = await loadFflate();
 */
export const loadFflate: () => Promise<Fflate> = lazyPackage("fflate", "GzipParser/ZipfileDecoder", () => import("fflate"));

/**
 * @streamparser/json, for `JsonItemsDecoder`.
 *
 * @example
 * const { JSONParser } = await loadStreamParser();
 */
export const loadStreamParser: () => Promise<StreamParser> = lazyPackage("@streamparser/json", "JsonItemsDecoder", () => import("@streamparser/json"));

/** The fast-xml-parser module. */
export type FastXmlParser = typeof FastXmlParserModule;
/** csv-parse's synchronous module. */
export type CsvParse = typeof CsvParseModule;
/** The fflate module. */
export type Fflate = typeof FflateModule;
/** The @streamparser/json module. */
export type StreamParser = typeof StreamParserModule;
