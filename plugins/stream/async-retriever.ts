import {
  AsyncJobSlots,
  Clock,
  Decoder,
  Interpolator,
  Logger,
  ReadLimits,
  Retriever,
  Type,
  componentSchema,
  defineComponent,
  jsonSchema,
  type ComponentDefinition,
  type ComponentFactory,
  type HttpResponse,
  type Paginator,
  type RecordExtractor,
  type RecordSelector,
  type Requester,
  type SliceReader,
  type SliceReadOptions,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import { combineSlicers } from "./cartesian-slicer.js";
import { runAsyncJob, type AsyncJobParts } from "./async-job.js";
import type { AsyncJobStatusOf } from "./async-job-status-map.js";
import { SimpleRetriever } from "./simple-retriever.js";
import { valueExtractor } from "./value-extractor.js";

const DEFAULT_JOB_TIMEOUT_MINUTES = 60;

/**
 * `AsyncRetriever`: reads a stream through a report job, as APIs that build exports in the background
 * do. For each slice: `creation_requester` starts the job; `polling_requester` asks for its status
 * (`status_extractor`, mapped by `status_mapping`) after 1 s, 2 s, 4 s... (at most 30 s apart) until it
 * is no longer running or `polling_job_timeout` minutes (default 60) have passed; the download targets
 * come from `download_target_extractor` (`urls_extractor` in older manifests) applied to the polling
 * response or to a `download_target_requester` response; each target is read by `download_requester`
 * page by page (`download_paginator`, `download_decoder`), its records taken by `download_extractor`
 * (else the `record_selector`'s extractor) and filtered and transformed by the `record_selector`. A failed
 * or timed-out job is created again, up to 3 attempts (`abort_requester` is called on a timeout first,
 * `failed_retry_wait_time_in_seconds` apart); `delete_requester` cleans a job up after its download. A
 * read that stops or fails while jobs are still running on the API aborts them (`abort_requester`,
 * each within 5 s, all at once) before it ends.
 * The requesters read the job through the slice: `stream_slice.extra_fields.creation_response.id`,
 * `.polling_response`, `.download_target`. Modelled on Amazon Seller Partner's Reports API:
 * ```
 * POST /reports/2021-06-30/reports            -> { "reportId": "R1" }
 * GET  /reports/2021-06-30/reports/R1         -> { "processingStatus": "DONE", "reportDocumentId": "D1" }
 * GET  /reports/2021-06-30/documents/D1       -> { "url": "https://.../report.csv.gz" }
 * ```
 *
 * @example
 * retriever:
 *   type: AsyncRetriever
 *   creation_requester: { $ref: "#/definitions/requester", path: /reports, http_method: POST }
 *   polling_requester: { $ref: "#/definitions/requester", path: "/reports/{{ stream_slice.extra_fields.creation_response.reportId }}" }
 *   status_extractor: { type: DpathExtractor, field_path: [processingStatus] }
 *   status_mapping: { type: AsyncJobStatusMap, running: [IN_QUEUE, IN_PROGRESS], completed: [DONE], failed: [FATAL], timeout: [] }
 *   download_target_requester: { $ref: "#/definitions/requester", path: "/documents/{{ stream_slice.extra_fields.polling_response.reportDocumentId }}" }
 *   download_target_extractor: { type: DpathExtractor, field_path: [url] }
 *   download_requester: { type: HttpRequester, url_base: "", path: "{{ stream_slice.extra_fields.download_target }}" }
 *   download_extractor: { type: ResponseToFileExtractor }
 *   record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
 */
export const AsyncRetrieverComponent: ComponentFactory<Retriever> = defineComponent({
  type: "AsyncRetriever",
  kind: "retriever",
  description: "Reads a stream through a report job: create, poll, download",
  fieldDefaults: {
    creation_requester: "HttpRequester",
    polling_requester: "HttpRequester",
    download_requester: "HttpRequester",
    download_target_requester: "HttpRequester",
    abort_requester: "HttpRequester",
    delete_requester: "HttpRequester",
    status_extractor: "DpathExtractor",
    download_target_extractor: "DpathExtractor",
    urls_extractor: "DpathExtractor",
    download_extractor: "DpathExtractor",
    status_mapping: "AsyncJobStatusMap",
    record_selector: "RecordSelector",
    download_paginator: "NoPagination",
  },
  customFieldTypes: { partition_router: "CustomPartitionRouter", download_decoder: "CustomDecoder", decoder: "CustomDecoder" },
  schema: Type.Object({
    record_selector: componentSchema("record_selector"),
    status_mapping: componentSchema("async_job_status_map"),
    status_extractor: componentSchema("extractor"),
    download_target_extractor: Type.Optional(componentSchema("extractor")),
    urls_extractor: Type.Optional(componentSchema("extractor")),
    download_extractor: Type.Optional(componentSchema("extractor")),
    creation_requester: componentSchema("requester"),
    polling_requester: componentSchema("requester"),
    download_target_requester: Type.Optional(componentSchema("requester")),
    download_requester: componentSchema("requester"),
    download_paginator: Type.Optional(componentSchema("paginator")),
    abort_requester: Type.Optional(componentSchema("requester")),
    delete_requester: Type.Optional(componentSchema("requester")),
    partition_router: Type.Optional(componentSchema("partition_router")),
    decoder: Type.Optional(componentSchema("decoder")),
    download_decoder: Type.Optional(componentSchema("decoder")),
    polling_job_timeout: Type.Optional(jsonSchema<number | string>({ type: ["integer", "string"] })),
    failed_retry_wait_time_in_seconds: Type.Optional(jsonSchema<number | string>({ type: ["integer", "string"] })),
  }),
  async build(def, ctx) {
    const requester = (field: string) => ctx.build<Requester | undefined>(field);
    const extractorField = def.download_target_extractor ? "download_target_extractor" : def.urls_extractor ? "urls_extractor" : undefined;
    const targetExtractor = extractorField ? await valueExtractor(def[extractorField] as ComponentDefinition, `${ctx.path}.${extractorField}`, ctx) : undefined;
    const downloadExtractor = await ctx.build<(RecordExtractor & { readsBytes?(): boolean }) | undefined>("download_extractor");
    const selector = await downloadSelector(def.record_selector, def.download_extractor, ctx.path, (d, p) => ctx.buildChild<RecordSelector>(d, p));
    const paginator = (await ctx.build<Paginator | undefined>("download_paginator")) ?? (await ctx.buildChild<Paginator>({ type: "NoPagination" }, `${ctx.path}.download_paginator`));
    const built = await ctx.build<Decoder | undefined>(def.download_decoder ? "download_decoder" : "decoder");
    const decoder = downloadExtractor?.readsBytes?.() ? new BodyBytes() : built;
    const download = new SimpleRetriever({ requester: (await requester("download_requester"))!, selector, paginator, limits: ctx.get(ReadLimits), decoder });
    const routers = def.partition_router === undefined ? [] : Array.isArray(def.partition_router) ? (def.partition_router as unknown[]) : [def.partition_router];
    const partitionRouter = combineSlicers(await Promise.all(routers.map((r, i) => ctx.buildChild<StreamSlicer>(r, `${ctx.path}.partition_router${Array.isArray(def.partition_router) ? `[${i}]` : ""}`))));
    const minutes = (value: number | string | undefined, fallback: number) => {
      if (value === undefined) return fallback;
      const evaluated = Number(ctx.get(Interpolator).compile(String(value), { path: `${ctx.path}.polling_job_timeout` }).eval({ config: ctx.config, parameters: ctx.parameters }));
      return Number.isFinite(evaluated) && evaluated > 0 ? evaluated : fallback;
    };
    const parts: AsyncJobParts = {
      creation: (await requester("creation_requester"))!,
      polling: (await requester("polling_requester"))!,
      statusExtractor: await valueExtractor(def.status_extractor, `${ctx.path}.status_extractor`, ctx),
      statusOf: await ctx.build<AsyncJobStatusOf>("status_mapping"),
      targets: targetExtractor ? { extractor: targetExtractor, requester: await requester("download_target_requester") } : undefined,
      abort: await requester("abort_requester"),
      logger: ctx.get(Logger),
      delete: await requester("delete_requester"),
      slicer: partitionRouter,
      clock: ctx.get(Clock),
      timeoutMs: minutes(def.polling_job_timeout, DEFAULT_JOB_TIMEOUT_MINUTES) * 60_000,
      retryWaitMs: minutes(def.failed_retry_wait_time_in_seconds, 0) * 1_000,
      jobSlots: ctx.optional(AsyncJobSlots),
    };
    return new AsyncRetriever(parts, download, partitionRouter);
  },
});

/** The record selector of the downloads: the `download_extractor` in place of its own extractor. */
function downloadSelector(
  selector: ComponentDefinition,
  downloadExtractor: ComponentDefinition | undefined,
  path: string,
  build: (definition: ComponentDefinition, path: string) => Promise<RecordSelector>,
): Promise<RecordSelector> {
  if (!downloadExtractor) return build(selector, `${path}.record_selector`);
  return build({ ...selector, extractor: downloadExtractor }, `${path}.record_selector`);
}

/** Keeps the body as bytes for an extractor that reads a file itself (`ResponseToFileExtractor`), which ignores the documents. */
class BodyBytes extends Decoder {
  override readsBytes(): boolean {
    return true;
  }
  override isStreamResponse(): boolean {
    return true;
  }
  decode(_response: HttpResponse): Iterable<unknown> {
    return [];
  }
}

/** The built retriever; see {@link AsyncRetrieverComponent}. */
class AsyncRetriever extends Retriever {
  constructor(
    private readonly parts: AsyncJobParts,
    /** Reads one download target (the download requester, paginator, decoder and selector). */
    private readonly download: SimpleRetriever,
    override readonly partitionRouter?: StreamSlicer,
  ) {
    super();
  }

  /**
   * One slice's job, its downloads a page at a time (a concurrent read runs the jobs of several
   * slices at once, as many as the read's concurrency, each job's records in order).
   */
  override sliceReader(stream: string): SliceReader {
    const pages = this.download.sliceReader(stream);
    return (slice: StreamSlice, options: SliceReadOptions = {}) => runAsyncJob(this.parts, { stream, slice, signal: options.signal }, (target) => pages(target, options));
  }
}
