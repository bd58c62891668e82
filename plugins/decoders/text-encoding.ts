import { ManifestError } from "../../sdk/index.js";
import { RECORD_LIMITS, recordTooLarge } from "./record-limits.js";

/** A WHATWG text decoder (the global `TextDecoder`, in Node as in browsers). */
type TextDecoderInstance = InstanceType<typeof TextDecoder>;

/** Python codec names that are not WHATWG encoding labels, mapped to the label of the same encoding. */
const PYTHON_ALIASES: Readonly<Record<string, string>> = {
  "latin-1": "latin1",
  "latin_1": "latin1",
  "iso8859-1": "iso-8859-1",
  "iso8859_1": "iso-8859-1",
  "utf_8": "utf-8",
  "utf8": "utf-8",
  "utf-8-sig": "utf-8",
  "utf_8_sig": "utf-8",
  "utf_16": "utf-16le",
  "utf-16": "utf-16le",
  "cp1252": "windows-1252",
  "ascii": "utf-8",
  "us-ascii": "utf-8",
};

/**
 * A streaming text decoder for a manifest's `encoding` (default `utf-8`). Python codec names work
 * (`utf-8`, `latin-1`, `iso-8859-1`, `cp1252`, `utf-16`) besides the WHATWG labels; an unknown one is a
 * build error naming the field. A byte-order mark is dropped. Note that WHATWG decodes `iso-8859-1`
 * as `windows-1252`, which differs from Python only for the control bytes 0x80-0x9F.
 *
 * @example
 * const decoder = textDecoderFor("latin-1", "streams[0].retriever.decoder.parser.encoding");
 * decoder.decode(chunk, { stream: true });
 */
export function textDecoderFor(encoding: unknown, manifestPath: string): TextDecoderInstance {
  const label = typeof encoding === "string" && encoding.trim() !== "" ? encoding.trim().toLowerCase() : "utf-8";
  try {
    return new TextDecoder(PYTHON_ALIASES[label] ?? label);
  } catch (error) {
    throw new ManifestError("DECODER_ENCODING_UNKNOWN", `Unknown text encoding '${String(encoding)}'`, {
      where: { manifestPath },
      expected: "a text encoding such as utf-8, latin-1, iso-8859-1, windows-1252 or utf-16",
      found: String(encoding),
      cause: error,
    });
  }
}

/**
 * The lines of a byte stream (split at `\n`, as Python iterates a binary file; a trailing `\r` is
 * kept, the parsers ignore it), decoded chunk by chunk: only the current line and chunk are held.
 * Linear in the body: each character is searched once, and a line spread over many chunks is joined
 * once, when it ends. A line longer than `maxChars` fails with `DECODER_RECORD_TOO_LARGE` as soon as
 * it passes the limit.
 *
 * @example
 * for (const line of textLines(chunksOf(bytes), new TextDecoder())) console.log(line);
 */
export function* textLines(chunks: Iterable<Uint8Array>, decoder: TextDecoderInstance, limit: LineLimit = {}): Generator<string> {
  const splitter = new LineSplitter(limit);
  for (const chunk of chunks) yield* splitter.push(decoder.decode(chunk, { stream: true }));
  yield* splitter.push(decoder.decode());
  const rest = splitter.end();
  if (rest !== "") yield rest;
}

/** The limit of {@link textLines} and {@link LineSplitter}, and who is named when a line passes it. */
interface LineLimit {
  /** Default {@link RECORD_LIMITS}.lineChars. */
  maxChars?: number;
  /** The parser or decoder named in the error (default `JsonLineParser`). */
  component?: string;
}

/**
 * Splits text that arrives in pieces into lines at `\n`, in linear time: the pieces of an unfinished
 * line are kept in a list (never concatenated and searched again) and joined once.
 *
 * @example
 * const lines = new LineSplitter();
 * [...lines.push("a\nb")]; // ["a"]
 * [...lines.push("c\n")];  // ["bc"]
 */
export class LineSplitter {
  private readonly pieces: string[] = [];
  private pending = 0;
  private lines = 0;

  constructor(private readonly limit: LineLimit = {}) {}

  /** The lines `text` completes. */
  *push(text: string): Generator<string> {
    let start = 0;
    for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
      this.check(end - start);
      if (this.pieces.length === 0) yield text.slice(start, end);
      else {
        this.pieces.push(text.slice(start, end));
        const line = this.pieces.join("");
        this.pieces.length = 0;
        this.pending = 0;
        yield line;
      }
      this.lines++;
      start = end + 1;
    }
    if (start < text.length) {
      this.check(text.length - start);
      this.pieces.push(start === 0 ? text : text.slice(start));
      this.pending += text.length - start;
    }
  }

  /** What is left after the last line break. */
  end(): string {
    const rest = this.pieces.join("");
    this.pieces.length = 0;
    this.pending = 0;
    return rest;
  }

  private check(more: number): void {
    const max = this.limit.maxChars ?? RECORD_LIMITS.lineChars;
    if (this.pending + more <= max) return;
    throw recordTooLarge({ component: this.limit.component ?? "JsonLineParser", what: `Line ${this.lines + 1}`, limit: `${max} characters`, found: `a line of more than ${max} characters` });
  }
}
