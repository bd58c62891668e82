/**
 * Every place a value can be put in a request, declared once: the manifest's `RequestOption.inject_into`
 * values, the {@link InjectionTarget} type, the schema enums and the lists that name them all derive
 * from this table. `wire` says whether the target still exists once the request is encoded (a header or
 * a query parameter can be added to the wire form; a form or JSON body field only before encoding).
 * `nested` says whether a path of names (`field_path`) is allowed.
 *
 * A plugin adds a target of its own by registering a component of kind `request_option` whose
 * `inject` puts the value where it wants (see docs/authentication.md, "Injection targets").
 *
 * @example
 * Object.keys(INJECTION_TARGETS) // ["request_parameter", "header", "body_data", "body_json"]
 * INJECTION_TARGETS.body_json.nested // true
 */
export const INJECTION_TARGETS = {
  /** A query parameter: `?limit=100`. */
  request_parameter: { label: "query parameter", wire: true, nested: false },
  /** A header: `X-Api-Key: abc`. */
  header: { label: "header", wire: true, nested: false },
  /** A form field of an `application/x-www-form-urlencoded` body. */
  body_data: { label: "form field", wire: false, nested: false },
  /** A (possibly nested) field of a JSON body. */
  body_json: { label: "JSON body field", wire: false, nested: true },
} as const satisfies Record<string, InjectionTargetTraits>;

/**
 * What the table says about one target.
 *
 * @example
 * INJECTION_TARGETS.header // { label: "header", wire: true, nested: false }
 */
export interface InjectionTargetTraits {
  /** How a message names the target ("query parameter"). */
  readonly label: string;
  /** Whether the target can be set on the encoded (wire) request. */
  readonly wire: boolean;
  /** Whether a nested path of names is allowed. */
  readonly nested: boolean;
}

/**
 * Where a value goes in a request: a key of {@link INJECTION_TARGETS}.
 *
 * @example
 * page_token_option: { type: RequestOption, inject_into: body_json, field_name: cursor }
 */
export type InjectionTarget = keyof typeof INJECTION_TARGETS;

/**
 * The targets that exist on the wire form (a header, a query parameter): what `setWireValue` takes.
 *
 * @example
 * const target: WireInjectionTarget = "request_parameter";
 */
export type WireInjectionTarget = { [K in InjectionTarget]: (typeof INJECTION_TARGETS)[K]["wire"] extends true ? K : never }[InjectionTarget];

/**
 * The names of every target, in the table's order (for a schema `enum` or a message).
 *
 * @example
 * jsonSchema<InjectionTarget>({ enum: [...INJECTION_TARGET_NAMES] })
 */
export const INJECTION_TARGET_NAMES = Object.keys(INJECTION_TARGETS) as InjectionTarget[];

/**
 * The names of the targets that exist on the wire form.
 *
 * @example
 * WIRE_INJECTION_TARGET_NAMES // ["request_parameter", "header"]
 */
export const WIRE_INJECTION_TARGET_NAMES = INJECTION_TARGET_NAMES.filter((name) => INJECTION_TARGETS[name].wire) as WireInjectionTarget[];
