import { Parser } from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import type { StreamParser } from "./decoder-packages.js";
import { textDecoderFor } from "./text-encoding.js";

/**
 * The parser of `JsonItemsDecoder`: yields each element of the array at `items_path` (dotted, as the
 * kit's ijson path: `data.users`) of one large JSON document, while the document is read chunk by chunk;
 * only the element being read is held, never the whole document. Parsing is done by @streamparser/json,
 * whose parser is synchronous and so fits a parser that yields as it goes.
 */
export class JsonItemsParser extends Parser {
  private readonly path: string;

  /** `streamParser` is @streamparser/json (`await loadStreamParser()`). */
  constructor(
    private readonly streamParser: StreamParser,
    itemsPath: string,
    private readonly encoding?: string,
  ) {
    super();
    this.path = `$.${itemsPath}.*`;
  }

  *parse(chunks: Iterable<Uint8Array>): Generator<unknown> {
    const decoder = textDecoderFor(this.encoding, "JsonItemsParser.encoding");
    const found: unknown[] = [];
    const parser = new this.streamParser.JSONParser({ paths: [this.path], keepStack: false });
    parser.onValue = ({ value }) => void found.push(value);
    const feed = (text: string, end: boolean): void => {
      try {
        if (text !== "" && !parser.isEnded) parser.write(text);
        if (end && !parser.isEnded) parser.end();
      } catch (error) {
        throw decodeFailure({ component: "JsonItemsDecoder", expected: "a JSON document", found: (error as Error).message, cause: error });
      }
    };
    for (const chunk of chunks) {
      feed(decoder.decode(chunk, { stream: true }), false);
      while (found.length > 0) yield found.shift();
    }
    feed(decoder.decode(), true);
    while (found.length > 0) yield found.shift();
  }
}
