import { PartitionRouter, injectRequestValue, type OutgoingRequest, type PythonObject, type StreamSlice } from "../../../sdk/index.js";
import { sliceFromWire, wireSlice } from "./wire-slice.js";

const REQUEST_PARTS = [
  ["get_request_params", "request_parameter"],
  ["get_request_headers", "header"],
  ["get_request_body_data", "body_data"],
  ["get_request_body_json", "body_json"],
] as const;

/**
 * A Python `PartitionRouter` (or `StreamSlicer`): `stream_slices()` once per read, its slices as one
 * list; for each request, the request options its own class defines (`get_request_params(stream_slice=...)`
 * and the headers and body ones) are added. A router that reads a parent stream needs part two's
 * `SubstreamPartitionRouter`.
 *
 * @example
 * # components.py
 * class Regions(PartitionRouter):
 *     def stream_slices(self):
 *         for region in self.config["regions"]:
 *             yield StreamSlice(partition={"region": region}, cursor_slice={})
 *     def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None):
 *         return {"region": stream_slice["region"]}
 */
export class PythonPartitionRouter extends PartitionRouter {
  constructor(private readonly remote: PythonObject) {
    super();
  }

  async *slices(): AsyncGenerator<StreamSlice> {
    for (const slice of (await this.remote.callAsync("stream_slices")) as unknown[]) yield sliceFromWire(slice);
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void {
    for (const [method, target] of REQUEST_PARTS) {
      if (!this.remote.methods.includes(method)) continue;
      const values = this.remote.call(method, [], { stream_slice: wireSlice(slice) }) as Record<string, unknown> | string | null;
      if (typeof values === "string") {
        if (values) request.bodyData = values;
        continue;
      }
      for (const [name, value] of Object.entries(values ?? {})) {
        if (value !== undefined && value !== null) injectRequestValue(request, target, name, value, this.remote.className);
      }
    }
  }
}
