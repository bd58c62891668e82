import type { HttpResponse, PythonObject } from "../../../sdk/index.js";
import { wireResponse } from "./wire-response.js";

/**
 * A Python `PaginationStrategy` as the Python-style object `CustomStrategyAdapter` calls:
 * `initial_token` and `next_page_token(response, last_page_size, last_record, last_page_token_value)`
 * are bridge calls the read awaits; `get_page_size()` is read once, when it is built (the page size a
 * paginator injects is asked synchronously; the kit's strategies return a configured constant).
 *
 * @example
 * # components.py
 * class NextFromHeader(PaginationStrategy):
 *     @property
 *     def initial_token(self): return None
 *     def next_page_token(self, response, last_page_size, last_record, last_page_token_value):
 *         return response.headers.get("X-Next-Page")
 *     def get_page_size(self): return None
 */
export async function pythonPaginationStrategy(remote: PythonObject): Promise<Record<string, unknown>> {
  const pageSize = await remote.call("get_page_size");
  return {
    get initial_token(): unknown {
      return remote.get("initial_token");
    },
    next_page_token(response: HttpResponse, lastPageSize: number, lastRecord: unknown, lastToken: unknown): unknown {
      return remote.call("next_page_token", [wireResponse(response), lastPageSize, lastRecord ?? null, lastToken ?? null]);
    },
    get_page_size(): unknown {
      return pageSize;
    },
  };
}
