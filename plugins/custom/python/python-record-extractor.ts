import { RecordExtractor, type HttpResponse, type PythonObject } from "../../../sdk/index.js";
import { wireResponse } from "./wire-response.js";

/**
 * A Python `RecordExtractor` (or `DpathExtractor` subclass): one bridge call per page,
 * `extract_records(response)`, whose records come back as one list.
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

  extract(response: HttpResponse): unknown[] {
    return this.remote.call("extract_records", [wireResponse(response)]) as unknown[];
  }
}
