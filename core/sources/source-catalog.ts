import { resolve } from "node:path";
import type { ConnectorConfig } from "../../sdk/index.js";
import { checkConfig } from "../config/validate-config.js";
import type { ConnectorDefinition } from "../connector/connector-definition.js";
import { loadManifest, type ManifestInput } from "../manifest/load-manifest.js";
import { resolveReferences } from "../manifest/resolve-references.js";
import { describePath, type ConfigPath } from "./config-paths.js";
import { secretPathsOf, specSecretPaths } from "./secret-paths.js";
import { maskSecrets } from "./secret-split.js";
import { checkSourceName, sourceNotFound, type ManifestRef, type SourceRecord, type SourceSummary } from "./source-model.js";
import type { KeyRotationReport, SourceStore } from "./source-store.js";

/** A source as `get` and `sluice sources show` present it: secrets masked as `****`. */
export interface SourceView {
  name: string;
  manifest: ManifestRef;
  config: ConnectorConfig;
  /** The secret fields, as `credentials.refresh_token`. */
  secrets: string[];
}

/** What a new source is made of; `manifest` is a file path or a {@link ManifestRef}. */
export interface NewSource {
  name: string;
  manifest: string | ManifestRef;
  config: ConnectorConfig;
}

/**
 * `sluice.sources`: named connector instances with their end users' configs, secrets encrypted.
 * A config is checked against the connector's spec before it is stored.
 *
 * @example
 * await sluice.sources.add({ name: "acme-prod", manifest: "connectors/acme/manifest.yaml", config });
 * const connector = await sluice.connect({ source: "acme-prod" });
 * await sluice.sources.update("acme-prod", { config: { ...config, api_key: "new" } });
 */
export class SourceCatalog {
  constructor(
    private readonly store: () => SourceStore,
    private readonly define: (input: ManifestInput) => Promise<ConnectorDefinition>,
  ) {}

  /** Stores a new source after checking its name and its config against the connector's spec. */
  async add(source: NewSource): Promise<SourceView> {
    checkSourceName(source.name);
    const manifest = manifestRef(source.manifest);
    const secretPaths = await this.secretPathsFor(manifest, source.config, source.name);
    const record: SourceRecord = { name: source.name, manifest, config: source.config, secretPaths };
    await this.store().create(record);
    return this.get(source.name);
  }

  /** Replaces a source's config and/or manifest (the config is checked against the spec again). */
  async update(name: string, changes: { config?: ConnectorConfig; manifest?: string | ManifestRef }): Promise<SourceView> {
    const current = await this.store().load(name);
    const manifest = changes.manifest === undefined ? current.manifest : manifestRef(changes.manifest);
    const config = changes.config ?? current.config;
    const secretPaths = await this.secretPathsFor(manifest, config, name, current);
    await this.store().replace(name, { manifest: changes.manifest === undefined ? undefined : manifest, config: changes.config, secretPaths });
    return this.get(name);
  }

  /**
   * Changes a source's config under its lock, starting from the freshest committed config (a token
   * another process rotated meanwhile is kept); every value the change writes is stored encrypted, as
   * a secret, from then on. For write-backs (tokens from an OAuth consent), so the config is not checked
   * against the spec again.
   *
   * @example
   * await sluice.sources.updateConfig("acme", (config) => applyConsentValues(config, consent.values));
   */
  async updateConfig(name: string, change: (config: ConnectorConfig) => ConnectorConfig): Promise<SourceView> {
    await this.store().updateConfig(name, (config) => {
      const next = change(config);
      for (const key of Object.keys(config)) if (!(key in next)) delete config[key];
      Object.assign(config, next);
    });
    return this.get(name);
  }

  list(): Promise<SourceSummary[]> {
    return this.store().list();
  }

  /**
   * A source with its secrets masked: every credential, and every value the spec marks secret. An
   * identifier an authenticator reads (an OAuth client id, a username) is stored encrypted like the rest
   * but shown, unless the spec marks it secret; when the manifest cannot be loaded, everything is masked.
   */
  async get(name: string): Promise<SourceView> {
    const record = await this.store().load(name);
    return view(record, await specSecretsOf(record));
  }

  async remove(name: string): Promise<void> {
    if (!(await this.store().remove(name))) throw sourceNotFound(name);
  }

  /** Replaces the secret key and re-encrypts every secret; every source stays readable. */
  rotateKey(): Promise<KeyRotationReport> {
    return this.store().rotateKey();
  }

  /** A source with its secrets decrypted, and the manifest input it names (what `connect` needs). */
  async open(name: string): Promise<{ record: SourceRecord; manifest: ManifestInput }> {
    const record = await this.store().load(name);
    return { record, manifest: "path" in record.manifest ? { path: record.manifest.path } : { manifest: record.manifest.manifest } };
  }

  private async secretPathsFor(manifest: ManifestRef, config: ConnectorConfig, name: string, current?: SourceRecord) {
    const definition = await this.define("path" in manifest ? { path: manifest.path } : { manifest: manifest.manifest });
    await checkConfig(config, definition.spec?.connectionSpecification, `source ${name}`);
    return secretPathsOf(config, { schema: definition.spec?.connectionSpecification, manifest: definition.manifest, known: current?.secretPaths });
  }
}

function manifestRef(manifest: string | ManifestRef): ManifestRef {
  if (typeof manifest === "string") return { path: resolve(manifest) };
  return "path" in manifest ? { path: resolve(manifest.path) } : manifest;
}

/**
 * The config paths the source's spec marks secret, read from the manifest without the engine (parsed and
 * `$ref`s resolved: `sources show` stays fast); undefined when the manifest cannot be read.
 */
async function specSecretsOf(record: SourceRecord): Promise<ConfigPath[] | undefined> {
  try {
    const loaded = "path" in record.manifest ? await loadManifest({ path: record.manifest.path }) : { manifest: record.manifest.manifest, file: undefined };
    const spec = resolveReferences(loaded.manifest, loaded.file).spec as { connection_specification?: unknown } | undefined;
    return specSecretPaths(spec?.connection_specification, record.config);
  } catch {
    return undefined;
  }
}

/** The last key of a path that names who, not what proves it: shown unless the spec marks it secret. */
const IDENTIFIER = /^(client_id|username|user_name|user|email|login|account_id|account|tenant_id|tenant|subdomain|domain|region|org_id|organization_id|workspace_id|app_id|application_id)$/i;

function view(record: SourceRecord, specSecrets: readonly ConfigPath[] | undefined): SourceView {
  const marked = new Set((specSecrets ?? []).map((path) => JSON.stringify(path)));
  const masked = specSecrets === undefined ? record.secretPaths : record.secretPaths.filter((path) => marked.has(JSON.stringify(path)) || !IDENTIFIER.test(String(path.at(-1))));
  return {
    name: record.name,
    manifest: record.manifest,
    config: maskSecrets(record.config, masked),
    secrets: record.secretPaths.map(describePath),
  };
}
