import { StreamSlicer } from "./stream-slicer.js";

/**
 * A stream slicer that splits a stream into partitions (one per account, per parent record, per listed
 * value): the base class of `CustomPartitionRouter` classes. Each slice is `stream_slice` (and
 * `stream_partition`) in the requester's templates; `applyToRequest` puts the partition into a request.
 *
 * @example
 * export class Regions extends PartitionRouter {
 *   async *slices() { for (const region of ["eu", "us"]) yield makeSlice({ region }); }
 *   applyToRequest(request: OutgoingRequest, slice: StreamSlice) { request.query.region = String(slice.region); }
 * }
 */
export abstract class PartitionRouter extends StreamSlicer {}
