import { PaginationStrategy, type ComponentFactory } from "../../sdk/index.js";
import { customComponent } from "./custom-component.js";
import { CustomStrategyAdapter, type StrategyStyle } from "./custom-strategy-adapter.js";
import { hasMember } from "./describe-class.js";
import { pythonPaginationStrategy } from "./python/python-pagination-strategy.js";

/**
 * `CustomPaginationStrategy`: a pagination strategy written by the connector author, named by
 * `class_name` and loaded from the connector folder (TypeScript or JavaScript, no build step). The
 * class extends `PaginationStrategy` from `sluice/sdk` (or is a Python-style port with
 * `next_page_token`); it is constructed with its other fields, `config` and `parameters`. Runs
 * custom code: refused when the host does not trust it. A definition with `class_name` and no
 * `type` in a paginator's `pagination_strategy` is one of these, as in the kit.
 *
 * Modelled on APIs that report a page count and count pages from 0 (a sample response of
 * `GET /v1/custom/reports?page=0`: `{ "data": [...], "page": 0, "total_pages": 3 }`).
 *
 * @example
 * paginator:
 *   type: DefaultPaginator
 *   pagination_strategy:
 *     type: CustomPaginationStrategy
 *     class_name: source_reports.components.TotalPagesFromZero
 *     page_size: 2
 *   page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: page }
 */
export const CustomPaginationStrategyComponent: ComponentFactory<PaginationStrategy> = customComponent<PaginationStrategy>({
  type: "CustomPaginationStrategy",
  kind: "pagination_strategy",
  description: "A pagination strategy class from the connector folder, named by class_name",
  base: PaginationStrategy,
  baseName: "PaginationStrategy",
  methods: ["nextPageToken (or next_page_token)"],
  alternative: "(or a Python-style class with next_page_token)",
  python: async (remote, loaded) => new CustomStrategyAdapter(await pythonPaginationStrategy(remote), { className: loaded.className, style: "python", where: loaded.where }),
  accept(cls) {
    const style = strategyStyle(cls);
    if (!style) return undefined;
    return (instance, loaded) => new CustomStrategyAdapter(instance, { className: loaded.className, style, where: loaded.where });
  },
});

/** TypeScript style when it extends the SDK's base with `nextPageToken`; Python style when it has `next_page_token`. */
function strategyStyle(cls: Function): StrategyStyle | undefined {
  const extendsBase = cls.prototype instanceof PaginationStrategy;
  if (extendsBase && hasMember(cls, "nextPageToken")) return "typescript";
  if (hasMember(cls, "next_page_token")) return "python";
  return undefined;
}
