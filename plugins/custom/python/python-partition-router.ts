import { PartitionRouter, type OutgoingRequest, type PythonObject, type StreamSlice } from "../../../sdk/index.js";
import { injectPartitionValue } from "../../shared/partition-option.js";
import type { PythonParentStream } from "./python-parent-streams.js";
import { applyPythonRequestOptions } from "./python-request-options.js";
import { sliceFromWire, wireSlice } from "./wire-slice.js";

/**
 * A Python `PartitionRouter` (or `StreamSlicer`): `stream_slices()` once per read, its slices as one
 * list; for each request, the request options its own class defines (`get_request_params(stream_slice=...)`
 * and the headers and body ones) are added. A `SubstreamPartitionRouter` subclass's parent streams are
 * built and read by Sluice (`parent_stream_configs[i].stream.read_records()` asks for them), and each
 * config's `request_option` puts the slice's `partition_field` value into the child's requests.
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
  constructor(private readonly remote: PythonObject, private readonly parents: readonly PythonParentStream[] = []) {
    super();
  }

  async *slices(): AsyncGenerator<StreamSlice> {
    for (const slice of (await this.remote.call("stream_slices")) as unknown[]) yield sliceFromWire(slice);
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): Promise<void> {
    for (const parent of this.parents) injectPartitionValue(request, parent.requestOption, slice, parent.partitionField);
    return applyPythonRequestOptions(this.remote, request, { stream_slice: wireSlice(slice) });
  }
}
