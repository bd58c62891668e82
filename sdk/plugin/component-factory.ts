import type { ServiceToken } from "../services/service-token.js";
import type { ConnectorConfig } from "../services/config-store.js";

/**
 * A component definition from a manifest, after references and `$parameters` were resolved.
 *
 * @example
 * { type: "OffsetIncrement", page_size: 100, $parameters: { name: "users" } }
 */
export interface ComponentDefinition {
  type: string;
  $parameters?: Record<string, unknown>;
  [field: string]: unknown;
}

/**
 * A JSON Schema object for a component definition.
 *
 * @example
 * schema: { type: "object", required: ["page_size"], properties: { page_size: { type: "integer" } } }
 */
export type DefinitionSchema = Record<string, unknown>;

/**
 * What a factory gets to build its component.
 *
 * @example
 * build(def, ctx) {
 *   const strategy = await ctx.build<PaginationStrategy>("pagination_strategy");
 *   const size = ctx.compile(def.page_size, "page_size");
 *   return new MyPaginator(strategy, size);
 * }
 */
export interface BuildContext {
  /** The manifest path of the component being built, e.g. `streams[0].retriever.paginator`. */
  readonly path: string;
  /** The end user's config. */
  readonly config: ConnectorConfig;
  /** The component's `$parameters`, merged with its ancestors'. */
  readonly parameters: Record<string, unknown>;
  /** The stream being built, when inside one. */
  readonly stream?: string;
  /** The folder of the manifest (where custom components live). */
  readonly connectorDir?: string;
  /** Builds the child component at `definition[field]` (or undefined when the field is absent). */
  build<T>(field: string): Promise<T>;
  /** Builds a child definition found elsewhere (a list item, a map value), at `path`. */
  buildChild<T>(definition: unknown, path: string): Promise<T>;
  /** A service from the container (an Interpolator, the HttpClient, the Clock...). */
  get<T>(token: ServiceToken<T>): T;
  /** A service that may be absent (a {@link ReadObserver}), or undefined. */
  optional<T>(token: ServiceToken<T>): T | undefined;
}

/**
 * Everything Sluice needs to know about one component `type`: its kind, its schema and its factory.
 * Built-ins and third-party plugins register them the same way.
 *
 * @example
 * const Constant: ComponentFactory = {
 *   type: "ConstantPagination", kind: "pagination_strategy",
 *   schema: { type: "object", properties: { pages: { type: "integer" } }, required: ["pages"] },
 *   build: (def) => new ConstantPagination(def.pages as number),
 * };
 */
export interface ComponentFactory<T = unknown> {
  /** The manifest `type`, e.g. `OffsetIncrement`. */
  readonly type: string;
  /** The kind of component, e.g. `authenticator`, `pagination_strategy`: which fields may hold it. */
  readonly kind: string;
  /** One line that describes it (shown by `sluice` in listings and errors). */
  readonly description?: string;
  /** JSON Schema of the definition; fields holding components use {@link componentField}. */
  readonly schema: DefinitionSchema;
  /**
   * Sample definitions as a manifest writes them (without `type`, which is added), shown by editors
   * through `sluice schema`.
   */
  readonly examples?: readonly Record<string, unknown>[];
  /** Types assumed for this component's fields when a definition there has no `type`. */
  readonly fieldDefaults?: Readonly<Record<string, string>>;
  /** Types assumed for this component's fields when a definition there has `class_name` but no `type`. */
  readonly customFieldTypes?: Readonly<Record<string, string>>;
  /**
   * Inherited `$parameters` that must not become fields of this component when another field is set:
   * `{ field_path: "field_name" }` keeps a stream's `$parameters.field_path` (meant for its extractor)
   * off a `RequestOption` that names its `field_name`.
   */
  readonly parameterShadowedBy?: Readonly<Record<string, string>>;
  /** One instance per distinct definition per connector (an authenticator's token cache is shared by all streams). */
  readonly shared?: boolean;
  /** The component runs code named by the manifest: refused when the host does not trust custom code. */
  readonly runsCustomCode?: boolean;
  build(definition: ComponentDefinition, context: BuildContext): T | Promise<T>;
}

/**
 * The JSON Schema keyword that marks a field as holding a component of the given kinds.
 *
 * @example
 * { properties: { authenticator: { [COMPONENT_KIND_KEYWORD]: ["authenticator"] } } } // what componentField("authenticator") makes
 */
export const COMPONENT_KIND_KEYWORD = "x-sluice-kind";

/**
 * The schema of a field that holds a component (or a `#/definitions/...` reference to one).
 *
 * @example
 * schema: { type: "object", properties: { authenticator: componentField("authenticator") } }
 */
export function componentField(...kinds: string[]): DefinitionSchema {
  return { [COMPONENT_KIND_KEYWORD]: kinds };
}

/**
 * The JSON Schema keyword that marks a component field as accepting a list of components too.
 *
 * @example
 * { properties: { partition_router: { [COMPONENT_KIND_KEYWORD]: ["partition_router"], [COMPONENT_LIST_KEYWORD]: true } } } // componentOrListSchema("partition_router")
 */
export const COMPONENT_LIST_KEYWORD = "x-sluice-list";

