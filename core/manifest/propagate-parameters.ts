import { isJsonObject } from "../../pure/json-object.js";

/** Finds the default `type` of a definition at `parentType.field` (a registry lookup). */
export type DefaultTypeLookup = (parentType: string, field: string, hasClassName: boolean) => string | undefined;

/**
 * The field of a `type` component that, when set, keeps the parameter `key` from being copied onto it
 * (a registry lookup of `ComponentFactory.parameterShadowedBy`), e.g. `RequestOption`'s `field_path` by `field_name`.
 */
type ShadowLookup = (type: string, key: string) => string | undefined;

/**
 * Where the registry knows both: the default types and the shadowed parameters of each component type.
 *
 * @example
 * propagateParameters(resolved, ...registryLookups((type) => registry.find(type)))
 */
export function registryLookups(
  find: (type: string) => { fieldDefaults?: Readonly<Record<string, string>>; customFieldTypes?: Readonly<Record<string, string>>; parameterShadowedBy?: Readonly<Record<string, string>> } | undefined,
): [DefaultTypeLookup, ShadowLookup] {
  return [
    (parentType, field, hasClassName) => {
      const parent = find(parentType);
      return hasClassName ? parent?.customFieldTypes?.[field] : parent?.fieldDefaults?.[field];
    },
    (type, key) => find(type)?.parameterShadowedBy?.[key],
  ];
}

/**
 * The kit's manifest transformation, step for step: insert the default `type` of each definition from
 * its parent field (`SimpleRetriever.paginator` -> `NoPagination`; a `class_name` without `type` under
 * `DefaultPaginator.pagination_strategy` -> `CustomPaginationStrategy`), merge `$parameters` down the tree
 * (the child's win), and copy every parameter onto a component as a field when that field is missing or
 * falsy. A parameter named like a nested field is not pushed into that field (the kit's cycle guard).
 * JSON schemas (`type: object`) are left alone. Returns a new tree.
 *
 * One deliberate difference: a parameter is not copied onto a component whose factory says a field it
 * has set excludes it (`shadowedBy`). Streams carry `$parameters.field_path` (a string or a list) for
 * their extractor; the kit copies it onto every `RequestOption` below, where it clashes with the
 * option's own `field_name` (current kits raise "Only one of field_name or field_path").
 *
 * @example
 * // { type: DeclarativeStream, $parameters: { path: "/users" }, retriever: { requester: {} } }
 * // -> the requester becomes { type: HttpRequester, path: "/users", $parameters: { path: "/users" } }
 */
export function propagateParameters(
  root: Record<string, unknown>,
  defaultType: DefaultTypeLookup,
  shadowedBy: ShadowLookup = () => undefined,
  options: PropagateOptions = {},
): Record<string, unknown> {
  return propagate("", "", root, {}, { defaultType, shadowedBy, parentWins: options.parentParametersWin === true });
}

/** Options of {@link propagateParameters}. */
interface PropagateOptions {
  /** A parameter set on an ancestor overrides the component's own of the same name (the kit's `use_parent_parameters`, for dynamic streams). */
  parentParametersWin?: boolean;
}

interface Lookups {
  defaultType: DefaultTypeLookup;
  shadowedBy: ShadowLookup;
  parentWins: boolean;
}

function propagate(
  parentType: string,
  field: string,
  node: Record<string, unknown>,
  parentParameters: Record<string, unknown>,
  lookups: Lookups,
): Record<string, unknown> {
  const component: Record<string, unknown> = { ...node };
  let type = typeof component.type === "string" ? component.type : undefined;
  if (component.type === undefined && parentType) {
    type = lookups.defaultType(parentType, field, "class_name" in component);
    if (type) component.type = type;
  }
  const own = component.$parameters;
  delete component.$parameters;
  const ownParameters = isJsonObject(own) ? own : {};
  const parameters: Record<string, unknown> = lookups.parentWins ? { ...ownParameters, ...parentParameters } : { ...parentParameters, ...ownParameters };

  if (isJsonSchema(component)) return component;
  if (type === undefined) {
    // A plain mapping (e.g. SelectiveAuthenticator.authenticators): only its typed values are components.
    for (const [key, value] of Object.entries(component)) {
      if (isJsonObject(value) && typeof value.type === "string") component[key] = propagate(parentType, field, value, parameters, lookups);
    }
    return component;
  }

  for (const [key, value] of Object.entries(parameters)) {
    const shadow = lookups.shadowedBy(type, key);
    if (shadow !== undefined && !isFalsy(component[shadow])) continue;
    if (!(key in component) || isFalsy(component[key])) component[key] = value;
  }
  for (const [key, value] of Object.entries(component)) {
    if (!isJsonObject(value) && !Array.isArray(value)) continue;
    const inherited = { ...parameters };
    delete inherited[key];
    if (isJsonObject(value)) component[key] = propagate(type, key, value, inherited, lookups);
    else component[key] = value.map((item) => (isJsonObject(item) ? propagate(type!, key, item, inherited, lookups) : item));
  }
  if (Object.keys(parameters).length > 0) component.$parameters = parameters;
  return component;
}

function isJsonSchema(component: Record<string, unknown>): boolean {
  const type = component.type;
  return type === "object" || (Array.isArray(type) && type.length === 2 && type[0] === "null" && type[1] === "object");
}

function isFalsy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isJsonObject(value)) return Object.keys(value).length === 0;
  return !value;
}

