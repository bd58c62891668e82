import { ManifestError, serviceToken, type ComponentFactory, type RegisterOptions } from "../../sdk/index.js";

/**
 * The explicit, Map-backed registry of component types. A child registry (one per connector, or per
 * host) sees every type of its parent and may add or replace types without hiding the parent's, which
 * tsyringe's multi-injection would do.
 *
 * @example
 * const registry = new ComponentRegistry(parentRegistry);
 * registry.register(MyPaginationStrategy);
 * registry.get("MyPaginationStrategy");
 */
export class ComponentRegistry {
  private readonly own = new Map<string, ComponentFactory>();

  constructor(private readonly parent?: ComponentRegistry) {}

  register(factory: ComponentFactory, options: RegisterOptions = {}): void {
    if (!options.replace && this.find(factory.type)) {
      throw new ManifestError("PLUGIN_DUPLICATE_TYPE", `Component type '${factory.type}' is already registered`, {
        expected: "a new type name, or { replace: true } to replace the existing one on purpose",
        found: `a second registration of '${factory.type}'`,
      });
    }
    this.own.set(factory.type, factory);
  }

  find(type: string): ComponentFactory | undefined {
    return this.own.get(type) ?? this.parent?.find(type);
  }

  /** Every registered type, this registry's and its ancestors'. */
  types(): string[] {
    const all = new Set(this.parent?.types() ?? []);
    for (const type of this.own.keys()) all.add(type);
    return [...all].sort();
  }

  /** The types registered for one kind (`authenticator`, `pagination_strategy`...). */
  typesOfKind(kind: string): string[] {
    return this.types().filter((type) => this.find(type)?.kind === kind);
  }

  /** True for a registry made by {@link child} (a manifest's own plugins' types over the host's). */
  get isChild(): boolean {
    return this.parent !== undefined;
  }

  child(): ComponentRegistry {
    return new ComponentRegistry(this);
  }
}

/** The DI token of the connector's {@link ComponentRegistry}. */
export const ComponentRegistryToken = serviceToken<ComponentRegistry>("sluice.ComponentRegistry");
