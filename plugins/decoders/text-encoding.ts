import { ManifestError } from "../../sdk/index.js";

/** A WHATWG text decoder (the global `TextDecoder`, in Node as in browsers). */
export type TextDecoderInstance = InstanceType<typeof TextDecoder>;

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
 *
 * @example
 * for (const line of textLines(chunksOf(bytes), new TextDecoder())) console.log(line);
 */
export function* textLines(chunks: Iterable<Uint8Array>, decoder: TextDecoderInstance): Generator<string> {
  let rest = "";
  for (const chunk of chunks) {
    rest += decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = rest.indexOf("\n"); end !== -1; end = rest.indexOf("\n", start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest !== "") yield rest;
}
