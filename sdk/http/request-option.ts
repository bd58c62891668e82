import type { InjectionTarget } from "./injection-targets.js";
import type { OutgoingRequest } from "./outgoing-request.js";

/**
 * A built `RequestOption`: puts one value into a request at a configured place.
 *
 * @example
 * # manifest
 * page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: cursor }
 * // code
 * const option = await ctx.build<RequestOption>("page_token_option");
 * option.inject(request, "abc");   // ?cursor=abc
 */
export interface RequestOption {
  readonly kind: "request_option";
  /**
   * Where the value goes: a key of `INJECTION_TARGETS` for the built-in `RequestOption`; a plugin's own
   * `request_option` component may name a target of its own (its `inject` knows where that is).
   */
  readonly target: InjectionTarget | (string & {});
  inject(request: OutgoingRequest, value: unknown): void;
}

/**
 * A built `RequestPath`: the page token is the next request's path or whole URL.
 *
 * @example
 * page_token_option: { type: RequestPath }
 */
export interface RequestPath {
  readonly kind: "request_path";
}
