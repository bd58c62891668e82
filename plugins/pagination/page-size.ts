import { Interpolator, PaginationError, type BuildContext } from "../../sdk/index.js";
import { isPythonInt } from "../../python/values.js";

/**
 * Reads a `page_size` that is fixed when the connector is built (`PageIncrement`, `CursorPagination`):
 * a number, a digit string, or a template over `config` and `parameters`, evaluated once. Absent
 * means no page size. Anything but an integer is an error that names the field.
 *
 * @example
 * page_size: "{{ config['page_size'] }}"   # config { page_size: 50 } -> 50
 */
export function buildTimePageSize(raw: unknown, ctx: BuildContext, field = "page_size"): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  let value: unknown = raw;
  if (typeof raw === "string" && /^\s*\d+\s*$/.test(raw)) value = Number(raw);
  else if (typeof raw === "string") {
    const template = ctx.get(Interpolator).compile(raw, { path: `${ctx.path}.${field}`, names: [] });
    value = template.eval({ config: ctx.config, parameters: ctx.parameters });
  }
  return checkPageSize(value, `${ctx.path}.${field}`, typeof raw === "string" ? raw : undefined);
}

/** Checks that a page size is an integer; returns it as a number. */
export function checkPageSize(value: unknown, manifestPath: string, source?: string): number {
  if (!isPythonInt(value)) {
    throw new PaginationError("PAGINATION_PAGE_SIZE_INVALID", "page_size must be an integer", {
      failureType: "config_error",
      where: { manifestPath },
      expected: "an integer (or a template that renders one)",
      found: `${JSON.stringify(value) ?? String(value)} (${value === null ? "null" : typeof value})${source ? ` from ${JSON.stringify(source)}` : ""}`,
    });
  }
  return Number(value);
}

/**
 * Why an increment strategy stopped: an empty page, or a page shorter than the page size.
 *
 * @example
 * shortPage(3, 100) // "the page had 3 records, fewer than the page size 100"
 */
export function shortPage(count: number, size: number | undefined): string | undefined {
  if (count === 0) return "the page had no records";
  if (size !== undefined && size > 0 && count < size) return `the page had ${count} record${count === 1 ? "" : "s"}, fewer than the page size ${size}`;
  return undefined;
}
