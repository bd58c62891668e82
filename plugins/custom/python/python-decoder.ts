import { Decoder, type HttpResponse, type PythonObject } from "../../../sdk/index.js";
import { wireResponse } from "./wire-response.js";

/**
 * A Python `Decoder`: `decode(response)` once per response, a bridge call the read awaits; its
 * documents (a generator's items) come back as one list. It gets the body as the response's text.
 *
 * @example
 * # components.py
 * class PipeSeparated(Decoder):
 *     def is_stream_response(self): return False
 *     def decode(self, response):
 *         for line in response.text.splitlines():
 *             yield dict(zip(("id", "name"), line.split("|")))
 */
export class PythonDecoder extends Decoder {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  override readsBytes(): boolean {
    return true;
  }

  async decode(response: HttpResponse): Promise<unknown[]> {
    return (await this.remote.call("decode", [wireResponse(response)])) as unknown[];
  }
}
