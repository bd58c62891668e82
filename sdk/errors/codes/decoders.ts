import type { ErrorCodeEntry } from "../error-code-entry.js";

/** The codes of docs/errors.md's section "Decoders and extractors". */
export const DECODERS_ERRORS = {
  DECODER_INVALID_BODY: {
    failureType: "system_error",
    message: "A response body does not match the stream's decoder: malformed XML, CSV, gzip or zip data, a body `JsonParser` or `JsonItemsDecoder` cannot parse, or a file of a zip archive its parser cannot read; the decoder, stream and page are named (records of the page decoded before the fault are delivered).",
    action: "Check that the decoder matches what the API sends (its content type is shown); a truncated download may succeed when retried.",
  },
  DECODER_RECORD_TOO_LARGE: {
    failureType: "system_error",
    message: "One document of a response body passes its decoder's limit: a JSON Lines or text line over 64 Mi characters, a CSV row over 64 Mi characters (an unclosed quote makes one), a CSV field over 16 Mi characters, a CSV record with more than 10,000 columns, or an XML element with more than 10,000 attributes; the decoder, stream and page are named.",
    action: "Check that the decoder matches what the API sends (an unclosed quote or a wrong delimiter in CSV); a real export this large should be split by the API (smaller pages or date windows).",
  },
  DECODER_PAGINATION_UNSUPPORTED: {
    failureType: "config_error",
    message: "A `DefaultPaginator` is combined with a decoder whose documents pagination cannot read (`JsonlDecoder`, `JsonItemsDecoder`, `CsvDecoder`, `IterableDecoder`, `ZipfileDecoder`, a custom decoder), as the kit refuses; raised when the connector is built.",
    action: "Use `NoPagination`, or a JSON/XML decoder.",
  },
  DECODER_ENCODING_UNKNOWN: {
    failureType: "config_error",
    message: "A decoder's or parser's `encoding` is not a known text encoding; raised when the connector is built.",
    action: "Use `utf-8`, `latin-1`, `iso-8859-1`, `windows-1252`, `utf-16`...",
  },
  DECODER_CSV_DELIMITER: {
    failureType: "config_error",
    message: "A CSV `delimiter` is not one character (or an escape such as `\\t`).",
    action: 'Give one character: `","`, `";"`, `"\\\\t"`.',
  },
  DECODER_NOT_NESTABLE: {
    failureType: "config_error",
    message: "`GzipDecoder` or `ZipfileDecoder` holds a decoder that reads a whole response (`XmlDecoder`, `IterableDecoder`, a custom decoder) rather than a byte stream.",
    action: "Use `JsonDecoder`, `JsonlDecoder`, `JsonItemsDecoder`, `CsvDecoder` or `GzipDecoder` inside.",
  },
  DECODER_ITEMS_PATH_INVALID: {
    failureType: "config_error",
    message: "A `JsonItemsDecoder`'s `items_path` is empty or written as JSONPath (`$.data[*]`).",
    action: "Write the dotted path to the array: `data.users`.",
  },
  EXTRACTOR_KEY_INVALID: {
    failureType: "system_error",
    message: "A `KeyValueExtractor`'s `keys_extractor` found something other than a name (an object, a list, null).",
    action: "Point `keys_extractor` at the list of field names.",
  },
} as const satisfies Record<string, ErrorCodeEntry>;
