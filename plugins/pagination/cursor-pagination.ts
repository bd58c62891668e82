import {
  Interpolator,
  PaginationStrategy,
  Type,
  defineComponent,
  type CompiledTemplate,
  type ComponentFactory,
  type DataRecord,
  type HttpResponse,
  type PageFacts,
} from "../../sdk/index.js";
import { buildTimePageSize } from "./page-size.js";
import { decodedResponse, templateHeaders } from "../shared/pagination-context.js";
import { truthy } from "../../python/values.js";

/** The names `cursor_value` and `stop_condition` may use besides `config` and `parameters`. */
const CURSOR_TEMPLATE_NAMES = ["response", "headers", "last_record", "last_records", "last_page_size"] as const;

/** Options of {@link CursorPagination}. */
interface CursorPaginationOptions {
  /** Renders the next cursor; an empty or falsy result ends the read. */
  cursorValue: CompiledTemplate;
  /** When it holds, the read ends (checked before `cursorValue`). */
  stopCondition?: CompiledTemplate;
  pageSize?: number;
  config?: Record<string, unknown>;
  parameters?: Record<string, unknown>;
}

/**
 * `CursorPagination`: the next token is whatever `cursor_value` renders from the page just read:
 * a body field, a header (looked up case-insensitively), the parsed Link header
 * (`headers.link.next.url`), or the last record. The read ends when `stop_condition` holds or the
 * cursor renders empty (or falsy: `0`, `None`, `False`).
 *
 * Templates see `response` (the body; the first element of a top-level array), `headers` (plus
 * `headers.link`, the parsed Link header by `rel`), `last_record`, `last_records` (the page's
 * records, a Sluice extra) and `last_page_size`.
 *
 * Sample response, Stripe-style (`GET /v1/customers?limit=2&starting_after=cus_2`):
 * `{ "object": "list", "data": [{ "id": "cus_3" }, { "id": "cus_4" }], "has_more": true }` -> cursor `cus_4`.
 *
 * @example
 * pagination_strategy:
 *   type: CursorPagination
 *   cursor_value: "{{ last_record['id'] }}"
 *   stop_condition: "{{ response.has_more is false }}"
 *   page_size: 100
 */
export class CursorPagination extends PaginationStrategy {
  private readonly cursorValue: CompiledTemplate;
  private readonly stopCondition?: CompiledTemplate;
  private readonly pageSize?: number;
  private readonly scope: { config: Record<string, unknown>; parameters: Record<string, unknown> };
  private readonly usesLastRecords: boolean;
  /** Whether a template reads a record (`last_record`, `last_records`), not only the response and the count. */
  private readonly usesRecords: boolean;
  /** Whether a template can read `headers` at all: the headers mapping (with the parsed Link header) is built only then. */
  private readonly usesHeaders: boolean;

  constructor(options: CursorPaginationOptions) {
    super();
    this.cursorValue = options.cursorValue;
    this.stopCondition = options.stopCondition;
    this.pageSize = options.pageSize;
    this.scope = { config: options.config ?? {}, parameters: options.parameters ?? {} };
    this.usesLastRecords = [options.cursorValue, options.stopCondition].some((t) => t?.names.has("last_records"));
    this.usesHeaders = [options.cursorValue, options.stopCondition].some((t) => t?.names.has("headers"));
    this.usesRecords = this.usesLastRecords || [options.cursorValue, options.stopCondition].some((t) => t?.names.has("last_record"));
  }

  override get readsRecords(): boolean {
    return this.usesRecords;
  }

  override getPageSize(): number | undefined {
    return this.pageSize;
  }

  override stopReason({ response, count, lastRecord, records }: PageFacts): string | undefined {
    const context = { config: this.scope.config, parameters: this.scope.parameters, response: decodedResponse(response), headers: templateHeaders(response), last_record: lastRecord ?? null, last_page_size: count, last_records: records ?? [] };
    if (this.stopCondition && this.stopCondition.test(context)) return `stop_condition ${this.stopCondition.source} is true`;
    return `cursor_value ${this.cursorValue.source} rendered ${JSON.stringify(this.cursorValue.eval(context)) ?? "nothing"}, which ends the read`;
  }

  override nextPageToken({ response, count, lastRecord, records }: PageFacts): unknown {
    const context = {
      config: this.scope.config,
      parameters: this.scope.parameters,
      response: decodedResponse(response),
      headers: this.usesHeaders ? templateHeaders(response) : {},
      last_record: lastRecord ?? null,
      last_page_size: count,
      last_records: this.usesLastRecords ? (records ?? (lastRecord ? [lastRecord] : [])) : [],
    };
    if (this.stopCondition && this.stopCondition.test(context)) return undefined;
    const token = this.cursorValue.eval(context);
    return truthy(token) ? token : undefined;
  }
}

/** The `CursorPagination` component. */
export const CursorPaginationComponent: ComponentFactory<CursorPagination> = defineComponent({
  type: "CursorPagination",
  kind: "pagination_strategy",
  description: "Cursor pagination: the next token is rendered from the response, headers or last record",
  examples: [{ cursor_value: "{{ response.next_cursor }}", stop_condition: "{{ not response.has_more }}", page_size: 100 }, { cursor_value: "{{ headers.link.next.url }}", stop_condition: "{{ 'next' not in headers.link }}" }],
  schema: Type.Object({
    cursor_value: Type.String(),
    stop_condition: Type.Optional(Type.String()),
    page_size: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  }),
  build(def, ctx) {
    const interpolator = ctx.get(Interpolator);
    const names = CURSOR_TEMPLATE_NAMES;
    const stop = def.stop_condition;
    return new CursorPagination({
      cursorValue: interpolator.compile(String(def.cursor_value), { path: `${ctx.path}.cursor_value`, names }),
      stopCondition: typeof stop === "string" && stop !== "" ? interpolator.compile(stop, { path: `${ctx.path}.stop_condition`, names }) : undefined,
      pageSize: buildTimePageSize(def.page_size === "" ? undefined : def.page_size, ctx),
      config: ctx.config,
      parameters: ctx.parameters,
    });
  },
});
