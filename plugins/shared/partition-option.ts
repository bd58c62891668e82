import type { OutgoingRequest, RequestOption, StreamSlice } from "../../sdk/index.js";
import { truthy } from "../../python/values.js";

/**
 * Puts a slice's partition value into a request through a router's `request_option`, with the kit's
 * rule: only when the slice holds the key and the value is truthy in Python's sense (a partition
 * value of `0`, `""` or `null` is not sent; the path template still sees it).
 *
 * @example
 * // request_option: { inject_into: request_parameter, field_name: repo }, slice { repository: "sluice" }
 * injectPartitionValue(request, option, slice, "repository"); // ?repo=sluice
 */
export function injectPartitionValue(request: OutgoingRequest, option: RequestOption | undefined, slice: StreamSlice, field: string): void {
  if (!option || !Object.hasOwn(slice, field)) return;
  const value = slice[field];
  if (truthy(value)) option.inject(request, value);
}
