import { CustomCodeError, isThenable, PaginationStrategy, type ErrorLocation, type PageFacts } from "../../sdk/index.js";
import { callNextPageToken, callPythonNextPageToken } from "../shared/kit-style-strategy.js";
import { guardCustomCall } from "./guard-custom-call.js";

/** How a custom strategy spells its methods. */
export type StrategyStyle = "typescript" | "python";

/** Options of {@link CustomStrategyAdapter}. */
interface CustomStrategyAdapterOptions {
  className: string;
  /** `typescript`: `nextPageToken`, `getPageSize`, `initialToken`; `python`: `next_page_token`, `get_page_size`, `initial_token`. */
  style: StrategyStyle;
  /** The manifest path, stream and file, for errors. */
  where: ErrorLocation;
}

type AnyStrategy = Record<string, unknown>;

/**
 * Puts a custom pagination strategy behind the SDK's `PaginationStrategy`: errors from its methods
 * name the class, the stream and the page (1 = first page, counted from the last `initialToken`
 * read, which starts every read) with the original as `cause`; a Python-style class
 * (`next_page_token(response, last_page_size, last_record, last_page_token_value)`, `get_page_size()`,
 * `initial_token`, as a port of a `components.py` keeps them) is called by those names.
 *
 * @example
 * // a port of a Python strategy, used as is
 * export class TotalPages {
 *   get initial_token() { return 0; }
 *   next_page_token(response, last_page_size, last_record, last_page_token_value) { ... }
 *   get_page_size() { return null; }
 * }
 */
export class CustomStrategyAdapter extends PaginationStrategy {
  private page = 1;

  constructor(
    /** The custom instance. */
    readonly inner: unknown,
    private readonly options: CustomStrategyAdapterOptions,
  ) {
    super();
  }

  /** A custom instance may count pages or keep the last response: one slice at a time. */
  override get keepsPageState(): boolean {
    return true;
  }

  /** A TypeScript strategy says itself whether it reads records' content (default true); a Python-style one may read anything. */
  override get readsRecords(): boolean {
    return this.options.style === "typescript" ? (this.inner as PaginationStrategy).readsRecords !== false : true;
  }

  override get initialToken(): unknown {
    this.page = 1;
    const name = this.options.style === "python" ? "initial_token" : "initialToken";
    return this.call(name, () => {
      const value = (this.inner as AnyStrategy)[name];
      return typeof value === "function" ? (value as () => unknown).call(this.inner) : value;
    }, this.options.style === "python");
  }

  /** The manifest's `class_name`, not this adapter, in every message about the strategy. */
  override get displayName(): string {
    return this.options.className;
  }

  /**
   * The custom class's own form: the facts object, or the kit's positional arguments (see
   * `callNextPageToken`). The token may come as a promise (a Python strategy's call), which the read awaits.
   */
  nextPageToken(page: PageFacts): unknown {
    const inner = this.inner as AnyStrategy;
    const token =
      this.options.style === "python"
        ? this.call("next_page_token", () => callPythonNextPageToken(inner as { next_page_token: Function }, page), true)
        : this.call("nextPageToken", () => callNextPageToken(inner, inner.nextPageToken as Function, page), true);
    this.page += 1;
    return token;
  }

  override getPageSize(): number | undefined {
    const inner = this.inner as AnyStrategy;
    const name = this.options.style === "python" ? "get_page_size" : "getPageSize";
    if (typeof inner[name] !== "function") return undefined;
    const size = this.call(name, () => (inner[name] as Function).call(inner));
    return size === null ? undefined : (size as number | undefined);
  }

  private call(method: string, run: () => unknown, mayAwait = false): unknown {
    const where: ErrorLocation = { ...this.options.where, page: this.page };
    const result = guardCustomCall(run, { className: this.options.className, method, where });
    if (isThenable(result) && !mayAwait) {
      result.then(undefined, () => undefined);
      throw new CustomCodeError("CUSTOM_CODE_ASYNC", `${this.options.className}.${method} returned a promise; only nextPageToken (and a Python strategy's initial_token) may answer with one`, {
        where: { component: this.options.className, ...where },
        expected: "a token (or undefined to stop) returned directly",
        found: "a promise",
      });
    }
    return result;
  }
}
