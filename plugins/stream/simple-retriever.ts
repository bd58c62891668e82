import { resettablePages, type PaginationResetPolicy } from "./pagination-reset.js";
import {
  ReadLimits,
  ReadObserver,
  Secrets,
  Type,
  componentOrListSchema,
  componentSchema,
  defineComponent,
  type Decoder,
  type ComponentFactory,
  type Paginator,
  type RecordSelector,
  type Requester,
  type Retriever,
  type SliceReadOptions,
  type SliceReader,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import { parseJson, stringifyJson } from "../../python/exact-json.js";
import { ProgressGuard } from "../shared/progress-guard.js";
import { PageReader } from "./page-reader.js";
import { combineSlicers } from "./cartesian-slicer.js";
import { buildRetrieverDecoder } from "./retriever-decoder.js";
import { compileTotalRecords, type TotalRecords } from "./total-records.js";

/**
 * `SimpleRetriever`: reads a stream page by page. Each page's records are yielded as soon as the page
 * is parsed (nothing accumulates across pages); the paginator decides the next token; the progress
 * guard ends a read that stops moving (a repeated token, an identical request, the page cap) with a
 * clear error after the records already read were delivered.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   requester: { $ref: "#/definitions/requester" }
 *   record_selector: { extractor: { field_path: [data] } }
 *   paginator: { type: NoPagination }
 *   decoder: { type: JsonlDecoder }   # optional; JSON by default
 */
export const SimpleRetrieverComponent: ComponentFactory<Retriever> = defineComponent({
  type: "SimpleRetriever",
  kind: "retriever",
  description: "Reads a stream page by page",
  examples: [{ requester: "#/definitions/requester", record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] } }, paginator: { type: "NoPagination" } }],
  fieldDefaults: { requester: "HttpRequester", record_selector: "RecordSelector", paginator: "NoPagination", pagination_reset: "PaginationReset" },
  customFieldTypes: { partition_router: "CustomPartitionRouter", requester: "CustomRequester", decoder: "CustomDecoder" },
  schema: Type.Object({
    requester: componentSchema("requester"),
    record_selector: componentSchema("record_selector"),
    paginator: Type.Optional(componentSchema("paginator")),
    partition_router: Type.Optional(componentOrListSchema("partition_router")),
    decoder: Type.Optional(componentSchema("decoder")),
    ignore_stream_slicer_parameters_on_paginated_requests: Type.Optional(Type.Boolean()),
    name: Type.Optional(Type.String()),
    /** Sluice extension: the API's total record count, read from the first page of each slice (the kit ignores it). */
    total_records: Type.Optional(Type.String()),
    pagination_reset: Type.Optional(componentSchema("pagination_reset")),
  }),
  async build(def, ctx) {
    const decoder = await buildRetrieverDecoder(def, ctx);
    const requester = await ctx.build<Requester>("requester");
    const selector = await ctx.build<RecordSelector>("record_selector");
    const paginator = (await ctx.build<Paginator | undefined>("paginator")) ?? (await ctx.buildChild<Paginator>({ type: "NoPagination" }, `${ctx.path}.paginator`));
    const routers = def.partition_router === undefined || def.partition_router === null ? [] : Array.isArray(def.partition_router) ? def.partition_router : [def.partition_router];
    const partitionRouter = combineSlicers(await Promise.all(routers.map((r, i) => ctx.buildChild<StreamSlicer>(r, Array.isArray(def.partition_router) ? `${ctx.path}.partition_router[${i}]` : `${ctx.path}.partition_router`))));
    return new SimpleRetriever({
      requester,
      selector,
      paginator,
      limits: ctx.get(ReadLimits),
      secrets: ctx.get(Secrets),
      partitionRouter,
      sliceOptionsOnFirstPageOnly: def.ignore_stream_slicer_parameters_on_paginated_requests === true,
      decoder,
      totalRecords: compileTotalRecords(def.total_records, ctx),
      observer: ctx.optional(ReadObserver),
      paginationReset: await ctx.build<PaginationResetPolicy | undefined>("pagination_reset"),
      // An error handler that may answer RESET_PAGINATION restarts a slice even without pagination_reset, as in the kit.
      resets: def.pagination_reset !== undefined || JSON.stringify(def.requester ?? {}).includes("RESET_PAGINATION"),
    });
  },
});

/** What a {@link SimpleRetriever} is made of. */
interface SimpleRetrieverParts {
  requester: Requester;
  selector: RecordSelector;
  paginator: Paginator;
  limits: ReadLimits;
  /** Masks credentials in the page tokens the progress guard shows and in what the observer sees. */
  secrets?: Secrets;
  partitionRouter?: StreamSlicer;
  /** `ignore_stream_slicer_parameters_on_paginated_requests`: slice options go into the first page's request only. */
  sliceOptionsOnFirstPageOnly?: boolean;
  /** The `decoder` (absent for JSON, which every response decodes by default). */
  decoder?: Decoder;
  /** `total_records`: the API's total, read from the first page of each slice. */
  totalRecords?: TotalRecords;
  /** Sees each slice and page (redacted with `secrets`); absent, nothing is reported. */
  observer?: ReadObserver;
  /** `pagination_reset`; with `resets`, a slice's pagination may start again (see resettablePages). */
  paginationReset?: PaginationResetPolicy;
  resets?: boolean;
}

/** The built retriever; see {@link SimpleRetrieverComponent}. */
export class SimpleRetriever implements Retriever {
  private readonly requester: Requester;
  private readonly selector: RecordSelector;
  private readonly paginator: Paginator;
  private readonly limits: ReadLimits;
  private readonly secrets?: Secrets;
  readonly partitionRouter?: StreamSlicer;
  private readonly sliceOptionsOnFirstPageOnly: boolean;
  private readonly decoder?: Decoder;
  private readonly totalRecords?: TotalRecords;
  private readonly observe?: { observer: ReadObserver; secrets: Secrets };
  private readonly reset?: { policy?: PaginationResetPolicy };

  constructor(parts: SimpleRetrieverParts) {
    if (parts.resets) this.reset = { policy: parts.paginationReset };
    this.requester = parts.requester;
    this.selector = parts.selector;
    this.paginator = parts.paginator;
    this.limits = parts.limits;
    this.secrets = parts.secrets;
    this.partitionRouter = parts.partitionRouter;
    this.sliceOptionsOnFirstPageOnly = parts.sliceOptionsOnFirstPageOnly ?? false;
    this.decoder = parts.decoder;
    this.totalRecords = parts.totalRecords;
    if (parts.observer && parts.secrets) this.observe = { observer: parts.observer, secrets: parts.secrets };
  }

  /** Whether a slice's next page may be requested before its current page is handed out (see page-reader.ts). */
  private get readAhead(): boolean {
    // A record limit that restarts the pagination (pagination_reset) decides after the page is read: no page ahead.
    return this.paginator.readsRecords === false && this.requester.readsStreamState === false && this.reset?.policy?.maxRecords === undefined;
  }

  get sequentialSlices(): boolean {
    return this.paginator.keepsPageState === true;
  }

  /**
   * Reads single slices page by page for one read of `stream`; the pages of every slice count
   * together against the page cap. The observer, if any, sees each slice of a sliced read as it starts.
   *
   * @example
   * const readSlice = retriever.sliceReader("users");
   * for await (const page of readSlice({}, { signal })) write(page);
   */
  sliceReader(stream: string, slicer?: StreamSlicer, streamState?: () => Record<string, unknown>): SliceReader {
    const streamGuard = new ProgressGuard({ stream, maxPages: this.limits.maxPages, secrets: this.secrets });
    const state = streamState ?? (() => ({}));
    const observe = slicer ? this.observe : undefined;
    return (slice: StreamSlice, options: SliceReadOptions = {}) => {
      if (observe) observe.observer.slice?.({ stream, slice: parseJson(observe.secrets.redact(stringifyJson(slice))) as StreamSlice }); // a partition id past 2^53 is a bigint
      const guard = streamGuard.partition();
      if (!this.reset) return this.readSlice(stream, slice, options, guard, slicer, state).pages();
      return resettablePages(() => this.readSlice(stream, slice, options, guard, slicer, state).pages(), { policy: this.reset.policy, slice, stream });
    };
  }

  /** Reads one slice page by page; the guard's page cap counts the pages of every slice together. */
  private readSlice(stream: string, slice: StreamSlice, options: SliceReadOptions, guard: ProgressGuard, slicer: StreamSlicer | undefined, state: () => Record<string, unknown>): PageReader {
    const { requester, selector, paginator, sliceOptionsOnFirstPageOnly, decoder, totalRecords, observe } = this;
    return new PageReader({
      stream,
      slice,
      options,
      requester,
      selector,
      paginator,
      guard,
      slicer,
      sliceOptionsOnFirstPageOnly,
      decoder,
      state,
      totalRecords,
      observe,
      secrets: this.secrets,
      // A data feed decides on the page's last record as the stream emits it: after it was handed out.
      readAhead: this.readAhead && !slicer?.stopsPagination,
    });
  }
}
