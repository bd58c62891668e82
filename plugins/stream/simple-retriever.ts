import {
  ReadLimits,
  componentField,
  type ComponentFactory,
  type DataRecord,
  type Paginator,
  type ReadOptions,
  type RecordSelector,
  type Requester,
  type Retriever,
} from "../../sdk/index.js";
import { ProgressGuard, requestSignature } from "../pagination/progress-guard.js";

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
 */
export const SimpleRetrieverComponent: ComponentFactory<Retriever> = {
  type: "SimpleRetriever",
  kind: "retriever",
  description: "Reads a stream page by page",
  fieldDefaults: { requester: "HttpRequester", record_selector: "RecordSelector", paginator: "NoPagination" },
  customFieldTypes: { partition_router: "CustomPartitionRouter" },
  schema: {
    type: "object",
    required: ["requester", "record_selector"],
    properties: {
      requester: componentField("requester"),
      record_selector: componentField("record_selector"),
      paginator: componentField("paginator"),
      partition_router: componentField("partition_router"),
      ignore_stream_slicer_parameters_on_paginated_requests: { type: "boolean" },
      name: { type: "string" },
    },
  },
  async build(_def, ctx) {
    const requester = await ctx.build<Requester>("requester");
    const selector = await ctx.build<RecordSelector>("record_selector");
    const paginator = (await ctx.build<Paginator | undefined>("paginator")) ?? (await ctx.buildChild<Paginator>({ type: "NoPagination" }, `${ctx.path}.paginator`));
    return new SimpleRetriever(requester, selector, paginator, ctx.get(ReadLimits));
  },
};

/** The built retriever; see {@link SimpleRetrieverComponent}. */
export class SimpleRetriever implements Retriever {
  constructor(
    private readonly requester: Requester,
    private readonly selector: RecordSelector,
    private readonly paginator: Paginator,
    private readonly limits: ReadLimits,
  ) {}

  async *read(stream: string, options: ReadOptions = {}): AsyncGenerator<DataRecord> {
    const guard = new ProgressGuard({ stream, maxPages: this.limits.maxPages });
    guard.startPartition();
    const slice = options.slice ?? {};
    let token = this.paginator.initialToken();
    for (let page = 1; ; page++) {
      const hasToken = token !== undefined && token !== null;
      const request = this.requester.buildRequest({ nextPageToken: token, streamSlice: slice, pagePath: hasToken ? this.paginator.pagePath(token) : undefined });
      this.paginator.applyToRequest(request, token);
      guard.beforeRequest(page, token, requestSignature(request));
      const response = await this.requester.send(request, { signal: options.signal, where: { stream, page } });
      const stats = { rawCount: 0 };
      const records: DataRecord[] = [];
      for (const record of this.selector.select(response, { streamSlice: slice, nextPageToken: token }, stats)) {
        records.push(record);
        yield record;
      }
      options.onPage?.({ stream, page, records: records.length, url: response.url });
      if (response.ignored) return;
      token = this.paginator.nextPageToken(response, records.length, records.at(-1), token, { rawRecordCount: stats.rawCount, records });
      if (token === undefined || token === null) return;
    }
  }
}
