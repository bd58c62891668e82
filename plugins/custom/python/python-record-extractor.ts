import { RecordExtractor, type HttpResponse, type PythonObject, type SelectionContext } from "../../../sdk/index.js";
import { wireResponse } from "./wire-response.js";

/**
 * A Python `RecordExtractor` (or `DpathExtractor` subclass): one asynchronous bridge call per page,
 * `extract_records(response)`, whose records come back as one list; the read's signal abandons it.
 *
 * @example
 * # components.py
 * class ItemsExtractor(RecordExtractor):
 *     def extract_records(self, response):
 *         yield from response.json()["items"]
 */
export class PythonRecordExtractor extends RecordExtractor {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  extract(response: HttpResponse, context?: SelectionContext): Promise<unknown[]> {
    return this.remote.call("extract_records", [wireResponse(response)], {}, { signal: context?.signal }) as Promise<unknown[]>;
  }
}
