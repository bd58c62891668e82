import { defineComponent, jsonSchema, ManifestError, Parser, Type, type ComponentFactory, type Static } from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import { loadCsvParse, type CsvParse } from "./decoder-packages.js";
import { RECORD_LIMITS, recordTooLarge, type RecordLimits } from "./record-limits.js";
import { textDecoderFor } from "./text-encoding.js";

/** What a {@link CsvParser} reads with. */
interface CsvOptions {
  /** Default `utf-8`. */
  encoding?: string;
  /** One character; default `,`. */
  delimiter?: string;
  /** Cell values read as null (e.g. `["", "NULL"]`). */
  setValuesToNone?: readonly string[];
  /** Row, field and column limits; default {@link RECORD_LIMITS}. */
  limits?: Partial<Pick<RecordLimits, "rowChars" | "fieldChars" | "columns">>;
}

/**
 * `CsvParser`: the bytes are a CSV file whose first row names the columns; each further row is a
 * document `{ column: value }` with string values, as Python's `csv.DictReader` makes them. Options:
 * `encoding` (default `utf-8`), `delimiter` (default `,`; an escape such as `\t` is read as the
 * character, as in the kit), `set_values_to_none` (values read as null). Quotes are `"` and doubled
 * inside a quoted value (RFC 4180); a quoted value may span lines. Blank lines are skipped; a row with
 * fewer cells than columns gets null for the rest, extra cells are dropped. A byte-order mark before the
 * header is dropped (the kit keeps it in the first column's name).
 *
 * Rows are parsed as the bytes arrive, a chunk at a time: a 1 GB gzipped report is never held decoded.
 * Parsing is done by csv-parse (imported when the parser is built).
 *
 * Modelled on report downloads such as Amazon Seller Partner's flat-file reports (tab-separated,
 * gzipped): `sku\tprice\tquantity\nA-1\t9.99\t3\n` becomes `{ sku: "A-1", price: "9.99", quantity: "3" }`.
 *
 * @example
 * decoder:
 *   type: CompositeRawDecoder
 *   parser:
 *     type: GzipParser
 *     inner_parser: { type: CsvParser, delimiter: "\\t", encoding: latin-1 }
 */
/**
 * The options of `CsvParser` and `CsvDecoder`: `encoding`, `delimiter`, `set_values_to_none` (each may be null).
 *
 * @example
 * schema: CsvOptionsSchema
 */
export const CsvOptionsSchema = Type.Object({
  encoding: Type.Optional(jsonSchema<string | null>({ type: ["string", "null"] })),
  delimiter: Type.Optional(jsonSchema<string | null>({ type: ["string", "null"] })),
  set_values_to_none: Type.Optional(jsonSchema<string[] | null>({ type: ["array", "null"], items: { type: "string" } })),
});

export const CsvParserComponent: ComponentFactory<Parser> = defineComponent({
  type: "CsvParser",
  kind: "parser",
  description: "Parses a CSV file with a header row into one document per row",
  schema: CsvOptionsSchema,
  build: (def, ctx) => csvParserFrom(def, ctx.path),
});

/** A {@link CsvParser} from a `CsvParser` or `CsvDecoder` definition, its options checked. */
export async function csvParserFrom(def: Static<typeof CsvOptionsSchema>, manifestPath: string): Promise<CsvParser> {
  textDecoderFor(def.encoding, `${manifestPath}.encoding`);
  const delimiter = unescapeDelimiter(def.delimiter);
  if (delimiter.length !== 1) {
    throw new ManifestError("DECODER_CSV_DELIMITER", "A CSV delimiter is one character", {
      where: { manifestPath: `${manifestPath}.delimiter` },
      expected: 'one character, or an escape such as "\\t"',
      found: JSON.stringify(def.delimiter),
    });
  }
  return new CsvParser(await loadCsvParse(), { encoding: def.encoding ?? undefined, delimiter, setValuesToNone: def.set_values_to_none ?? undefined });
}

/** The kit reads a delimiter that starts with a backslash as a Python escape (`\t` is a tab). */
function unescapeDelimiter(value: unknown): string {
  if (typeof value !== "string" || value === "") return ",";
  if (!value.startsWith("\\")) return value;
  const escapes: Record<string, string> = { t: "\t", n: "\n", r: "\r", "\\": "\\", "0": "\0", f: "\f", v: "\v" };
  if (value.length === 2 && escapes[value[1]!] !== undefined) return escapes[value[1]!]!;
  const hex = /^\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4}))$/.exec(value);
  return hex ? String.fromCharCode(parseInt(hex[1] ?? hex[2]!, 16)) : value;
}

/** The built parser; see {@link CsvParserComponent}. */
export class CsvParser extends Parser {
  private readonly nulls: ReadonlySet<string>;
  private readonly limits: { rowChars: number; fieldChars: number; columns: number };

  /** `csv` is csv-parse's synchronous module (`await loadCsvParse()`). */
  constructor(
    private readonly csv: CsvParse,
    private readonly options: CsvOptions = {},
  ) {
    super();
    this.nulls = new Set(options.setValuesToNone ?? []);
    this.limits = { ...RECORD_LIMITS, ...options.limits };
  }

  *parse(chunks: Iterable<Uint8Array>): Generator<Record<string, unknown>> {
    const decoder = textDecoderFor(this.options.encoding, "CsvParser.encoding");
    const state: CsvState = { line: 1 };
    // The text not parsed yet, in the pieces it arrived in: joined once per cut, so a long row spread
    // over many chunks is never concatenated and rescanned chunk after chunk (linear in the body).
    const pieces: string[] = [];
    let pending = 0;
    // A quote inside an unquoted value (`5" screen`) can make a cut land inside a quoted value; the
    // piece then fails to parse and the rest of the file is parsed in one go at the end.
    let cutting = true;
    const boundaries = new RecordBoundaries();
    const take = (text: string): Generator<Record<string, unknown>> | undefined => {
      if (text === "") return undefined;
      const end = cutting ? boundaries.lastEnd(text) : -1;
      pieces.push(text);
      const before = pending;
      pending += text.length;
      if (end < 0) {
        if (cutting && pending > this.limits.rowChars) throw this.tooLarge(`The CSV row starting near line ${state.line}`, `${this.limits.rowChars} characters per row`, `no end of the row within ${pending} characters (an unclosed quote?)`);
        return undefined;
      }
      const all = pieces.length === 1 ? pieces[0]! : pieces.join("");
      pieces.length = 0;
      const cut = before + end + 1;
      const cells = this.cells(all.slice(0, cut), state, false);
      if (!cells) {
        cutting = false;
        pieces.push(all);
        return undefined;
      }
      state.line += countLines(all, cut);
      pieces.push(all.slice(cut));
      pending = all.length - cut;
      return this.records(cells, state);
    };
    for (const chunk of chunks) {
      const records = take(decoder.decode(chunk, { stream: true }));
      if (records) yield* records;
    }
    const rest = pieces.join("") + decoder.decode();
    if (rest !== "") yield* this.records(this.cells(rest, state, true)!, state);
  }

  /** The cells of a piece of text; undefined when a piece that is not the last ends inside quotes. */
  private cells(text: string, state: CsvState, last: boolean): string[][] | undefined {
    try {
      return this.csv.parse(text, { delimiter: this.options.delimiter ?? ",", relax_quotes: true, relax_column_count: true, skip_empty_lines: true, record_delimiter: RECORD_DELIMITERS }) as string[][];
    } catch (error) {
      if (!last && (error as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED") return undefined;
      const where = `near line ${state.line + ((error as { lines?: number }).lines ?? 1) - 1}`;
      throw decodeFailure({ component: "CsvParser", expected: "CSV text", found: `${(error as Error).message} (${where})`, cause: error });
    }
  }

  /** Records of parsed rows; the first row ever read is the header. */
  private *records(cells: readonly string[][], state: CsvState): Generator<Record<string, unknown>> {
    let start = 0;
    if (!state.columns && cells.length > 0) {
      state.columns = this.checked(cells[0]!, () => "The header row");
      start = 1;
    }
    const columns = state.columns ?? [];
    for (let i = start; i < cells.length; i++) yield this.record(columns, this.checked(cells[i]!, () => `Data row ${i - start + 1} of a piece starting near line ${state.line}`));
  }

  /** A row within the column and field limits; `where` names the row, only when one is too large (not per row). */
  private checked(row: string[], where: () => string): string[] {
    const { columns, fieldChars } = this.limits;
    if (row.length > columns) throw this.tooLarge(where(), `${columns} columns`, `${row.length} columns`);
    for (let c = 0; c < row.length; c++) {
      if (row[c]!.length > fieldChars) throw this.tooLarge(`Column ${c + 1} of ${where().charAt(0).toLowerCase()}${where().slice(1)}`, `${fieldChars} characters per field`, `a field of ${row[c]!.length} characters`);
    }
    return row;
  }

  private tooLarge(what: string, limit: string, found: string): Error {
    return recordTooLarge({ component: "CsvParser", what, limit, found });
  }

  private record(columns: readonly string[], cells: readonly string[]): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c++) {
      const value = cells[c];
      record[columns[c]!] = value === undefined || this.nulls.has(value) ? null : value;
    }
    return record;
  }
}

/**
 * The line ends a row may have, as Python's csv reader accepts them. Given, not discovered: csv-parse's
 * discovery rescans a first record that has no line end yet, byte after byte (16 MiB took 7-10 s).
 */
const RECORD_DELIMITERS = ["\r\n", "\n", "\r"];

/** Where a {@link CsvParser} is in its file. */
interface CsvState {
  /** The header row, once read. */
  columns?: string[];
  /** The line the next piece starts on, for error messages. */
  line: number;
}

/**
 * Finds the last line break that ends a record (one outside quotes) in each new piece of text,
 * scanning each character once: a doubled quote inside a quoted value toggles twice, so the toggles
 * tell whether a position is inside quotes, and the state carries from one piece to the next.
 */
class RecordBoundaries {
  private inQuotes = false;

  /** The index of the last record end in `text` (the next piece of the file), or -1. */
  lastEnd(text: string): number {
    let last = -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 34) this.inQuotes = !this.inQuotes;
      else if (this.inQuotes) continue;
      else if (code === 10) last = i;
      else if (code === 13 && i + 1 < text.length && text.charCodeAt(i + 1) !== 10) last = i; // a lone "\r" ends a row too
    }
    return last;
  }
}

function countLines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) count++;
  return count;
}
