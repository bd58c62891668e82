import {
  ApiBudget,
  AsyncJobSlots,
  Clock,
  clockMicroseconds,
  ConfigError,
  ConfigStore,
  CustomCodeLoader,
  DEFAULT_READ_LIMITS,
  Fetch,
  HttpClient,
  Interpolator,
  Logger,
  ReadLimits,
  ReadObserver,
  PythonRuntime,
  Secrets,
  SecretRegistry,
  type ConfigNormalizer,
  type ConnectorConfig,
  type ServiceToken,
  type Source,
  type SluicePlugin,
} from "../sdk/index.js";
import { builtinPlugins } from "../plugins/index.js";
import { MemoryConfigStore } from "../sdk/index.js";
import { checkConfig, secretFieldNames, secretValues } from "./config/validate-config.js";
import { normalizeConfig } from "./config/normalize-config.js";
import { Connector } from "./connector/connector.js";
import type { ConnectorDefinition } from "./connector/connector-definition.js";
import { ComponentRegistry, ComponentRegistryToken } from "./di/component-registry.js";
import { ServiceContainer } from "./di/service-container.js";
import { DEFAULT_HTTP_OPTIONS, HttpOptionsToken, type HttpOptions } from "./http/http-options.js";
import { selectTransport } from "./http/select-transport.js";
import { checkHttpLimits } from "./http/http-limits.js";
import { RequestSlots, RequestSlotsToken } from "./scheduler/request-slots.js";
import { DEFAULT_CONCURRENCY } from "./connector/read-all.js";
import { RetryingHttpClient } from "./http/retrying-http-client.js";
import { createInterpolator } from "../templates/index.js";
import { createCustomCodeLoader, resolveCustomCodeTrust } from "./loader/index.js";
import { createPythonRuntime } from "./python-bridge/index.js";
import { ComponentBuilder } from "./manifest/build-components.js";
import { defineConnector, definitionOf, inspectManifest, type ManifestInspection } from "./connector/define-connector.js";
export type { ManifestInspection } from "./connector/define-connector.js";
import type { ManifestInput } from "./manifest/load-manifest.js";

import { StreamLogger, type LogLevel } from "./services/stream-logger.js";
import { combineObservers, LogObserver } from "./services/log-observer.js";
import { systemClock } from "./services/system-clock.js";
import { valueAt } from "./sources/config-paths.js";
import type { SourceStoreOptions } from "./sources/default-source-store.js";
import { DeferredSourceStore } from "./sources/deferred-source-store.js";
import { SourceCatalog } from "./sources/source-catalog.js";
import { SourceConfigStore } from "./sources/source-config-store.js";
import { SourceStore } from "./sources/source-store.js";

/**
 * How a host sets Sluice up.
 *
 * @example
 * const sluice = createSluice({ plugins: [myPlugin], trustCustomCode: false, readLimits: { maxPages: 10_000 } });
 */
export interface SluiceOptions {
  /** Plugins registered after the built-ins (a plugin may replace a built-in type with `{ replace: true }`). */
  plugins?: readonly SluicePlugin[];
  /** Whether code named by manifests may run; default from `SLUICE_DISABLE_CUSTOM_CODE`, else true. */
  trustCustomCode?: boolean;
  readLimits?: Partial<ReadLimits>;
  http?: Partial<HttpOptions>;
  /** Log level of the default logger (stderr); ignored when a Logger service is registered. */
  logLevel?: LogLevel;
  /** Where the default source store lives (ignored when a SourceStore service is registered). */
  sources?: SourceStoreOptions;
}

/**
 * What a connector is made from: a manifest (path, object or search) and the end user's config, or
 * the name of a stored source (its manifest and config come from the source store, and tokens an
 * authenticator writes back are committed there, encrypted).
 */
export interface ConnectInput extends ManifestInput {
  /** A stored source (`sluice.sources.add`); excludes the manifest and config fields. */
  source?: string;
  config?: ConnectorConfig;
  /** The config file, for error messages. */
  configFile?: string;
  /** Where rotated tokens are persisted; default: in memory. */
  configStore?: ConfigStore;
  /** Services for this connector only (override the host's). */
  services?: ReadonlyArray<readonly [ServiceToken<unknown>, unknown]>;
}

/**
 * Sluice for a host: a container of services and a registry of component types (built-ins first,
 * then the host's plugins). Each connector gets child containers, so per-connector overrides never
 * leak into another connector.
 *
 * @example
 * const sluice = createSluice();
 * const connector = await sluice.connect({ path: "examples/demo/manifest.yaml", config: { api_key: "..." } });
 * for await (const record of connector.read("users")) console.log(record);
 */
export class Sluice {
  readonly services = ServiceContainer.root();
  readonly registry = new ComponentRegistry();
  /** Stored sources: `sluice.sources.add/list/get/update/remove/rotateKey`. */
  readonly sources: SourceCatalog = new SourceCatalog(() => this.services.get(SourceStore), (input) => this.define(input));
  private defaultStore?: { close(): Promise<void> };
  /** True once the host registered its own Fetch: a config file's `transport:` then does not replace it. */
  private hostFetch = false;

  constructor(private readonly options: SluiceOptions = {}) {
    const secrets = new SecretRegistry();
    this.services.register(Secrets, secrets);
    this.services.register(Clock, systemClock);
    this.services.register(Logger, new StreamLogger(secrets, { level: options.logLevel ?? "info" }));
    checkHttpLimits(options.http ?? {});
    const http: HttpOptions = { ...DEFAULT_HTTP_OPTIONS, ...options.http };
    this.services.register(HttpOptionsToken, http);
    this.services.register(ReadLimits, { ...DEFAULT_READ_LIMITS, ...options.readLimits });
    this.services.registerLazy(Fetch, () => selectTransport(http.transport, { maxSockets: http.maxSockets }));
    this.services.register(CustomCodeLoader, createCustomCodeLoader({ trusted: resolveCustomCodeTrust({ option: options.trustCustomCode }) }));
    // Python components: the child process starts at the first Python class built, not before.
    this.services.registerLazy(PythonRuntime, (s) => createPythonRuntime({ logger: s.get(Logger), secrets: s.get(Secrets) }));
    // The store's code (database drivers, keyring) is imported at its first call: most runs never make one.
    this.services.registerLazy(SourceStore, () => (this.defaultStore = new DeferredSourceStore(() => import("./sources/default-source-store.js").then((m) => m.createDefaultSourceStore(options.sources)))));
    for (const plugin of [...builtinPlugins, ...(options.plugins ?? [])]) this.use(plugin);
  }

  /** Registers a plugin's component types and services. */
  use(plugin: SluicePlugin): this {
    plugin.register({
      registerComponent: (factory, registerOptions) => this.registry.register(factory, registerOptions),
      registerService: (token, value) => this.services.register(token, value),
    });
    return this;
  }

  /** Provides a service for every connector of this host (a fetch implementation, a clock, a logger). */
  register<T>(token: ServiceToken<T>, value: T): this {
    if (token === Fetch) this.hostFetch = true;
    this.services.register(token, value);
    return this;
  }

  /**
   * Loads and resolves a manifest and lists its problems and warnings, without throwing on them
   * (what `sluice validate` reports). The registry includes the config file's plugins.
   */
  inspect(input: ManifestInput, options: { maxProblems?: number } = {}): Promise<ManifestInspection> {
    return inspectManifest(input, { registry: this.registry, trusted: this.services.get(CustomCodeLoader).trusted, maxProblems: options.maxProblems });
  }

  /**
   * Loads, resolves and validates a manifest, without a config and without building it (see
   * {@link defineConnector}); its warnings (unknown fields, overridden linked authenticators) are logged
   * once, with their line and column, unless `warn: false`.
   */
  define(input: ManifestInput, options: { warn?: boolean } = {}): Promise<ConnectorDefinition> {
    return defineConnector(input, { registry: this.registry, trusted: this.services.get(CustomCodeLoader).trusted, logger: options.warn === false ? undefined : this.services.get(Logger) });
  }

  /** The definition of an inspected manifest (its schema problems throw one error listing them all). */
  definitionOf(inspection: ManifestInspection, options: { warn?: boolean } = {}): Promise<ConnectorDefinition> {
    return definitionOf(inspection, options.warn === false ? undefined : this.services.get(Logger));
  }

  /** Builds a connector for one config: validates the config against the spec first, before any request. */
  async connect(input: ConnectInput | (ConnectInput & { definition: ConnectorDefinition })): Promise<Connector> {
    if (input.source !== undefined) return this.connectSource(input);
    const definition = "definition" in input ? input.definition : await this.define(input);
    const raw = input.config ?? {};
    const services = this.services.child();
    const configStore = input.configStore ?? new MemoryConfigStore(raw);
    const secrets = this.services.get(Secrets);
    const secretNames = secretFieldNames(definition.spec?.connectionSpecification);
    for (const value of secretValues(raw, secretNames)) secrets.add(value);
    this.connectorServices(services, { ...input, configStore }, definition);
    for (const plugin of definition.plugins) plugin.register({ registerComponent: () => undefined, registerService: (token, value) => services.register(token, value) });
    const environment = { registry: definition.registry, services, file: definition.source.file, connectorDir: definition.source.dir };
    // The spec's config_normalization_rules come before anything else (see normalizeConfig).
    const rules = (definition.manifest.spec as Record<string, unknown> | undefined)?.config_normalization_rules;
    const checkSpec = (config: ConnectorConfig) => checkConfig(config, definition.spec?.connectionSpecification, input.configFile);
    const config = rules
      ? await normalizeConfig({ config: raw, rules: await new ComponentBuilder({ ...environment, config: {} }).build<ConfigNormalizer>(rules, "spec.config_normalization_rules"), store: configStore, checkSpec })
      : (await checkSpec(raw), raw);
    if (config !== raw) for (const value of secretValues(config, secretNames)) secrets.add(value);
    const builder = new ComponentBuilder({ ...environment, config });
    // The budget is built first: every request of the connector, from its first one, takes a turn from it.
    const budget = definition.manifest.api_budget;
    const hostBudget = input.services?.some(([token]) => token === ApiBudget);
    if (budget && !hostBudget) services.register(ApiBudget, await builder.build<ApiBudget>(budget, "api_budget"));
    const source = await builder.build<Source>(definition.manifest, "");
    return new Connector(definition, source, config, {
      concurrencyLevel: source.concurrencyLevel,
      slots: services.get(RequestSlotsToken),
      apiBudget: services.has(ApiBudget) ? services.get(ApiBudget) : undefined,
      secrets: services.get(Secrets),
    });
  }

  /** Closes what the host opened (the default source store's database connections). */
  async close(): Promise<void> {
    await this.defaultStore?.close();
  }

  /** A connector for a stored source: its manifest and decrypted config, write-backs committed to the store. */
  private async connectSource(input: ConnectInput): Promise<Connector> {
    const name = input.source!;
    if (input.config || input.path || input.manifest) {
      throw new ConfigError("SOURCE_CONFLICT", `A stored source brings its own manifest and config; '${name}' was given with ${input.config ? "a config" : "a manifest"} too`, {
        expected: "{ source } alone, or a manifest and a config without a source",
        found: `source plus ${[input.config && "config", input.path && "path", input.manifest && "manifest"].filter(Boolean).join(" and ")}`,
      });
    }
    const { record, manifest } = await this.sources.open(name);
    const secrets = this.services.get(Secrets);
    const addLeaves = (value: unknown): void => (value !== null && typeof value === "object" ? Object.values(value).forEach(addLeaves) : secrets.add(value));
    for (const path of record.secretPaths) addLeaves(valueAt(record.config, path));
    const configStore = input.configStore ?? new SourceConfigStore(this.services.get(SourceStore), name, record.config);
    return this.connect({ ...input, ...manifest, source: undefined, config: record.config, configFile: `source ${name}`, configStore });
  }

  private connectorServices(services: ServiceContainer, input: ConnectInput & { configStore: ConfigStore }, definition: ConnectorDefinition): void {
    services.register(ConfigStore, input.configStore);
    // The config file's `http:` limits apply where the host (a CLI flag, `createSluice({ http })`) set none.
    const fileLimits = Object.entries(definition.source.http ?? {}).filter(([name]) => this.options.http?.[name as keyof HttpOptions] === undefined);
    if (fileLimits.length) services.register(HttpOptionsToken, { ...services.get(HttpOptionsToken), ...Object.fromEntries(fileLimits) });
    services.register(ComponentRegistryToken, definition.registry);
    services.registerLazy(Interpolator, (s) => createInterpolator({ clock: () => s.get(Clock).now(), clockMicroseconds: () => clockMicroseconds(s.get(Clock)) }));
    services.register(RequestSlotsToken, new RequestSlots(DEFAULT_CONCURRENCY));
    // Report jobs at once: one, as in the kit, until the manifest's max_concurrent_async_job_count says more
    // (a connector written for the kit never starts more jobs on its API under Sluice).
    services.register(AsyncJobSlots, new RequestSlots(1));
    services.registerLazy(HttpClient, (s) =>
      new RetryingHttpClient({
        fetch: s.get(Fetch),
        clock: s.get(Clock),
        secrets: s.get(Secrets),
        logger: s.get(Logger),
        options: s.get(HttpOptionsToken),
        followCrossOrigin: s.get(ReadLimits).followCrossOriginPages,
        slots: s.get(RequestSlotsToken),
        budget: s.has(ApiBudget) ? s.get(ApiBudget) : undefined,
        observer: s.has(ReadObserver) ? s.get(ReadObserver) : undefined,
      }),
    );
    // The config file's `transport:` applies unless the host chose a transport (an option or a Fetch service).
    const transport = definition.source.transport;
    if (transport && !this.options.http?.transport && !this.hostFetch) {
      services.register(Fetch, selectTransport(transport, { maxSockets: services.get(HttpOptionsToken).maxSockets }));
    }
    for (const [token, value] of input.services ?? []) services.register(token, value);
    // `--log-level debug` traces every request and pagination decision through the read-observer hook.
    if (this.options.logLevel === "debug") {
      const observer = combineObservers(new LogObserver(services.get(Logger)), services.has(ReadObserver) ? services.get(ReadObserver) : undefined);
      if (observer) services.register(ReadObserver, observer);
    }
  }
}

/** Creates a {@link Sluice} host. */
export function createSluice(options: SluiceOptions = {}): Sluice {
  return new Sluice(options);
}
