import { exactNumber } from "../../python/exact-json.js";
import { Parser, SluiceError } from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import type { StreamParser } from "./decoder-packages.js";
import { textDecoderFor } from "./text-encoding.js";

/**
 * The parser of `JsonItemsDecoder`: yields each element of the array at `items_path` (dotted, as the
 * kit's ijson path: `data.users`) of one large JSON document, while the document is read chunk by chunk;
 * only the element being read is held, never the whole document. Parsing is done by @streamparser/json,
 * whose parser is synchronous and so fits a parser that yields as it goes. Numbers are read as the rest
 * of Sluice reads JSON (python/exact-json.ts): an integer past 2^53 keeps its exact digits as a `bigint`,
 * a number beyond float range is `RESPONSE_NUMBER_OUT_OF_RANGE`.
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
    const parser = exactJsonParser(this.streamParser, { paths: [this.path], keepStack: false }, `an item at '${this.path.slice(2, -2)}'`);
    parser.onValue = ({ value }) => void found.push(value);
    // A failure is thrown after the items read before it were handed out.
    let failure: unknown;
    const feed = (text: string, end: boolean): void => {
      try {
        if (text !== "" && !parser.isEnded) parser.write(text);
        if (end && !parser.isEnded) parser.end();
      } catch (error) {
        failure = error instanceof SluiceError ? error : decodeFailure({ component: "JsonItemsDecoder", expected: "a JSON document", found: (error as Error).message, cause: error });
      }
    };
    for (const chunk of chunks) {
      feed(decoder.decode(chunk, { stream: true }), false);
      while (found.length > 0) yield found.shift();
      if (failure) throw failure;
    }
    feed(decoder.decode(), true);
    while (found.length > 0) yield found.shift();
    if (failure) throw failure;
  }
}

/** @streamparser/json's tokenizer and token parser wired as its JSONParser wires them, with numbers read exactly. */
function exactJsonParser(streamParser: StreamParser, options: { paths: string[]; keepStack: boolean }, where: string) {
  class ExactTokenizer extends streamParser.Tokenizer {
    protected override parseNumber(text: string): number {
      return exactNumber(text, where) as number;
    }
  }
  const tokenizer = new ExactTokenizer();
  const tokens = new streamParser.TokenParser(options);
  tokenizer.onToken = tokens.write.bind(tokens);
  tokenizer.onEnd = () => {
    if (!tokens.isEnded) tokens.end();
  };
  tokens.onError = tokenizer.error.bind(tokenizer);
  tokens.onEnd = () => {
    if (!tokenizer.isEnded) tokenizer.end();
  };
  return {
    get isEnded(): boolean {
      return tokenizer.isEnded && tokens.isEnded;
    },
    set onValue(callback: (element: { value: unknown }) => void) {
      tokens.onValue = callback as typeof tokens.onValue;
    },
    write: (text: string) => tokenizer.write(text),
    end: () => tokenizer.end(),
  };
}
