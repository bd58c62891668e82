import { HttpRequestError } from "../../sdk/index.js";

/**
 * The limits on one document of a body, so a single huge line, row or field (or a record made of
 * hundreds of thousands of columns or attributes) fails fast with a coded error instead of taking
 * minutes and gigabytes. Counted in characters (UTF-16 code units) of decoded text.
 */
export const RECORD_LIMITS: RecordLimits = {
  /** One line of JSON Lines or of `IterableDecoder` text: 64 Mi characters. */
  lineChars: 64 * 2 ** 20,
  /** One CSV row (a record end not found within this much text, as an unclosed quote makes): 64 Mi characters. */
  rowChars: 64 * 2 ** 20,
  /** One CSV field: 16 Mi characters. */
  fieldChars: 16 * 2 ** 20,
  /** The columns of one CSV record (the header included): 10,000. */
  columns: 10_000,
  /** The attributes of one XML element: 10,000. */
  attributes: 10_000,
};

/** The limits of {@link RECORD_LIMITS}. */
export interface RecordLimits {
  readonly lineChars: number;
  readonly rowChars: number;
  readonly fieldChars: number;
  readonly columns: number;
  readonly attributes: number;
}

/** What passed which limit, for {@link recordTooLarge}. */
interface RecordTooLarge {
  /** The decoder or parser, e.g. `JsonLineParser`. */
  component: string;
  /** What passed the limit: `line 3`, `the CSV row starting at line 12`. */
  what: string;
  /** The limit, e.g. `67108864 characters`. */
  limit: string;
  /** What was found, e.g. `more than 67108864 characters`. */
  found: string;
}

/**
 * The coded error for one line, row, field or record past its limit (`DECODER_RECORD_TOO_LARGE`).
 *
 * @example
 * throw recordTooLarge({ component: "CsvParser", what: "the header row", limit: "10000 columns", found: "200000 columns" });
 */
export function recordTooLarge(failure: RecordTooLarge): HttpRequestError {
  return new HttpRequestError("DECODER_RECORD_TOO_LARGE", `${failure.what} of the response body is larger than ${failure.component} allows`, {
    failureType: "system_error",
    where: { component: failure.component },
    expected: `at most ${failure.limit}`,
    found: failure.found,
  });
}
