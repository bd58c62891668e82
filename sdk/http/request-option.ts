import type { InjectionTarget, OutgoingRequest } from "./outgoing-request.js";

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
  readonly target: InjectionTarget;
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
