import { Interpolator, type BuildContext, type CompiledTemplate, type HttpResponse, type StreamSlice } from "../../sdk/index.js";
import { decodedResponse, templateHeaders } from "../shared/pagination-context.js";

/** Reads the API's total from the first page of a slice: a record count, or undefined when there is none. */
export type TotalRecords = (response: HttpResponse, slice: StreamSlice) => number | undefined;

/**
 * `total_records` (a Sluice extension of `SimpleRetriever`; the Python kit ignores the field): a template
 * over the first page of each slice that gives how many records the slice has in all, as APIs that
 * report a total do. The CLI turns it into an Airbyte `ESTIMATE` trace (the sum over the slices seen so
 * far) and into the progress display. A value that is not a whole number of at least 0 is ignored.
 *
 * @example
 * # { "meta": { "total": 1234 }, "data": [...] }      (Stripe's `total_count`, Zendesk's `count`, ...)
 * retriever:
 *   type: SimpleRetriever
 *   total_records: "{{ response.meta.total }}"      # or "{{ headers['X-Total-Count'] }}"
 */
export function compileTotalRecords(source: unknown, ctx: BuildContext): TotalRecords | undefined {
  if (typeof source !== "string" || source.trim() === "") return undefined;
  const template: CompiledTemplate = ctx.get(Interpolator).compile(source, { path: `${ctx.path}.total_records`, names: ["response", "headers", "stream_slice"] });
  return (response, slice) => {
    const context: Record<string, unknown> = { config: ctx.config, parameters: ctx.parameters, stream_slice: slice };
    if (template.names.has("response")) context.response = decodedResponse(response);
    if (template.names.has("headers")) context.headers = templateHeaders(response);
    let value: unknown;
    try {
      value = template.eval(context);
    } catch {
      return undefined;
    }
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
  };
}
