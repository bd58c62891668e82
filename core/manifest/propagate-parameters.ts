/** Finds the default `type` of a definition at `parentType.field` (a registry lookup). */
export type DefaultTypeLookup = (parentType: string, field: string, hasClassName: boolean) => string | undefined;

/**
 * The kit's manifest transformation, step for step: insert the default `type` of each definition from
 * its parent field (`SimpleRetriever.paginator` -> `NoPagination`; a `class_name` without `type` under
 * `DefaultPaginator.pagination_strategy` -> `CustomPaginationStrategy`), merge `$parameters` down the tree
 * (the child's win), and copy every parameter onto a component as a field when that field is missing or
 * falsy. A parameter named like a nested field is not pushed into that field (the kit's cycle guard).
 * JSON schemas (`type: object`) are left alone. Returns a new tree.
 *
 * @example
 * // { type: DeclarativeStream, $parameters: { path: "/users" }, retriever: { requester: {} } }
 * // -> the requester becomes { type: HttpRequester, path: "/users", $parameters: { path: "/users" } }
 */
export function propagateParameters(root: Record<string, unknown>, defaultType: DefaultTypeLookup, options: PropagateOptions = {}): Record<string, unknown> {
  return propagate("", "", root, {}, { defaultType, parentWins: options.parentParametersWin === true });
}

/** Options of {@link propagateParameters}. */
export interface PropagateOptions {
  /** A parameter set on an ancestor overrides the component's own of the same name (the kit's `use_parent_parameters`). */
  parentParametersWin?: boolean;
}

interface Propagation {
  defaultType: DefaultTypeLookup;
  parentWins: boolean;
}

function propagate(
  parentType: string,
  field: string,
  node: Record<string, unknown>,
  parentParameters: Record<string, unknown>,
  how: Propagation,
): Record<string, unknown> {
  const component: Record<string, unknown> = { ...node };
  let type = typeof component.type === "string" ? component.type : undefined;
  if (component.type === undefined && parentType) {
    type = how.defaultType(parentType, field, "class_name" in component);
    if (type) component.type = type;
  }
  const own = component.$parameters;
  delete component.$parameters;
  const ownParameters = isObject(own) ? own : {};
  const parameters: Record<string, unknown> = how.parentWins ? { ...ownParameters, ...parentParameters } : { ...parentParameters, ...ownParameters };

  if (isJsonSchema(component)) return component;
  if (type === undefined) {
    // A plain mapping (e.g. SelectiveAuthenticator.authenticators): only its typed values are components.
    for (const [key, value] of Object.entries(component)) {
      if (isObject(value) && typeof value.type === "string") component[key] = propagate(parentType, field, value, parameters, how);
    }
    return component;
  }

  for (const [key, value] of Object.entries(parameters)) {
    if (!(key in component) || isFalsy(component[key])) component[key] = value;
  }
  for (const [key, value] of Object.entries(component)) {
    if (!isObject(value) && !Array.isArray(value)) continue;
    const inherited = { ...parameters };
    delete inherited[key];
    if (isObject(value)) component[key] = propagate(type, key, value, inherited, how);
    else component[key] = value.map((item) => (isObject(item) ? propagate(type!, key, item, inherited, how) : item));
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
  if (isObject(value)) return Object.keys(value).length === 0;
  return !value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
