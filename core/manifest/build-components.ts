import { CustomCodeLoader, ManifestError, SluiceError, type BuildContext, type ComponentDefinition, type ComponentFactory, type ConnectorConfig, type GeneratedOptions, type ServiceToken } from "../../sdk/index.js";
import type { ComponentRegistry } from "../di/component-registry.js";
import type { ServiceContainer } from "../di/service-container.js";
import { joinPath } from "../../pure/manifest-path.js";
import { propagateParameters, registryLookups } from "./propagate-parameters.js";
import { validateManifest } from "./validate-manifest.js";

/** What every component of one connector is built with. */
interface BuildEnvironment {
  registry: ComponentRegistry;
  services: ServiceContainer;
  config: ConnectorConfig;
  file?: string;
  connectorDir?: string;
}

/**
 * Builds components from validated definitions, one pass, children on demand. Components whose
 * factory is `shared` (authenticators) are built once per distinct definition, so every stream of a
 * connector uses one instance and one token cache.
 *
 * @example
 * const builder = new ComponentBuilder(env);
 * const source = await builder.build<Source>(resolvedManifest, "");
 */
export class ComponentBuilder {
  private readonly shared = new Map<string, Promise<unknown>>();

  constructor(private readonly env: BuildEnvironment) {}

  build<T>(definition: unknown, path: string, stream?: string): Promise<T> {
    const def = definition as Record<string, unknown>;
    const factory = this.env.registry.find(String(def?.type));
    if (!factory) {
      return Promise.reject(
        new ManifestError("MANIFEST_UNKNOWN_TYPE", `Unknown component type '${String(def?.type)}'`, { where: { file: this.env.file, manifestPath: path } }),
      );
    }
    if (!factory.shared) return this.create<T>(factory, def, path, stream);
    const key = `${factory.type}:${sharedKey(factory, def)}`;
    let instance = this.shared.get(key);
    if (!instance) {
      instance = this.create<T>(factory, def, path, stream);
      this.shared.set(key, instance);
    }
    return instance as Promise<T>;
  }

  /** A definition made while building (a dynamic stream): propagated and validated as the manifest was, then built. */
  buildGenerated<T>(definition: ComponentDefinition, path: string, options: GeneratedOptions): Promise<T> {
    const { registry, file, services } = this.env;
    const propagated = propagateParameters(definition, ...registryLookups((type) => registry.find(type)), { parentParametersWin: options.parentParametersWin });
    validateManifest(propagated, registry, { file, trustCustomCode: services.get(CustomCodeLoader).trusted, rootPath: path, rootKinds: [options.kind] });
    return this.build<T>(propagated, path);
  }

  private async create<T>(factory: ComponentFactory, def: Record<string, unknown>, path: string, stream?: string): Promise<T> {
    const streamName = stream ?? (factory.kind === "stream" && typeof def.name === "string" ? def.name : undefined);
    const context = this.context(def, path, streamName);
    try {
      return (await factory.build(def as never, context)) as T;
    } catch (error) {
      if (error instanceof SluiceError) throw error.locate({ file: this.env.file, manifestPath: path, stream: streamName });
      throw new ManifestError("COMPONENT_BUILD", `Could not build ${factory.type}: ${error instanceof Error ? error.message : String(error)}`, {
        where: { file: this.env.file, manifestPath: path, stream: streamName, component: factory.type },
        cause: error,
      });
    }
  }

  private context(def: Record<string, unknown>, path: string, stream: string | undefined): BuildContext {
    const builder = this;
    const parameters = (def.$parameters ?? {}) as Record<string, unknown>;
    return {
      path,
      config: this.env.config,
      parameters,
      stream,
      connectorDir: this.env.connectorDir,
      async build<C>(field: string): Promise<C> {
        const child = def[field];
        if (child === undefined || child === null) return undefined as C;
        return builder.build<C>(child, joinPath(path, field), stream);
      },
      buildChild<C>(child: unknown, childPath: string): Promise<C> {
        return builder.build<C>(child, childPath, stream);
      },
      buildGenerated<C>(child: ComponentDefinition, childPath: string, options: GeneratedOptions): Promise<C> {
        return builder.buildGenerated<C>(child, childPath, options);
      },
      get<S>(token: ServiceToken<S>): S {
        return builder.env.services.get(token);
      },
      optional<S>(token: ServiceToken<S>): S | undefined {
        return builder.env.services.has(token) ? builder.env.services.get(token) : undefined;
      },
    };
  }
}

/**
 * The identity of a shared component's definition: its own schema fields (parameters copied onto it
 * from different streams do not make two definitions different), plus `$parameters` when one of its
 * templates reads them.
 */
function sharedKey(factory: ComponentFactory, def: Record<string, unknown>): string {
  const known = factory.schema.properties as Record<string, unknown> | undefined;
  const own: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(def)) {
    if (key === "$parameters") continue;
    if (!known || key in known || key === "type" || key === "class_name") own[key] = value;
    else if (!(key in ((def.$parameters as Record<string, unknown>) ?? {}))) own[key] = value;
  }
  const text = JSON.stringify(own);
  return text.includes("parameters") ? `${text}|${JSON.stringify(def.$parameters ?? {})}` : text;
}
