import type { HttpResponse, PythonObject } from "../../../sdk/index.js";
import { wireResponse } from "./wire-response.js";

/**
 * A Python `PaginationStrategy` as the Python-style object `CustomStrategyAdapter` calls: each of
 * `initial_token`, `next_page_token(response, last_page_size, last_record, last_page_token_value)` and
 * `get_page_size()` is one bridge call (`next_page_token`'s asynchronous, awaited by the read).
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
export function pythonPaginationStrategy(remote: PythonObject): Record<string, unknown> {
  return {
    get initial_token(): unknown {
      return remote.get("initial_token");
    },
    next_page_token(response: HttpResponse, lastPageSize: number, lastRecord: unknown, lastToken: unknown): unknown {
      return remote.callAsync("next_page_token", [wireResponse(response), lastPageSize, lastRecord ?? null, lastToken ?? null]);
    },
    get_page_size(): unknown {
      return remote.call("get_page_size");
    },
  };
}
