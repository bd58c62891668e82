import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { appendFile, chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { nestsDeeperThan, SluiceError, type ConnectorConfig } from "../../sdk/index.js";
import { stringifyJson } from "../../python/exact-json.js";
import { readBoundedText } from "../config/bounded-input-file.js";
import { acquireConfigLock } from "../config/config-file-lock.js";
import { parseConfigText } from "../config/parse-config-text.js";
import { writeFileAtomic } from "../config/write-file-atomic.js";
import { scaffoldConnector } from "../init/scaffold-connector.js";
import { writeConnector } from "../init/write-connector.js";
import type { ManifestText } from "./builder-api-types.js";
import { checkSecretsFolder, confinedPath } from "./folder-path.js";
import { manifestSecretForm } from "./manifest-secret-guard.js";

/** How deep testing values may nest: what reading them back (as `--config` is read) accepts. */
const MAX_TESTING_VALUES_DEPTH = 1_000;

export type { ManifestText } from "./builder-api-types.js";

/** A manifest file's hash, as {@link BuilderFolder} compares them. */
export function textHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * The connector folder the Builder edits: `manifest.yaml`, and the testing values in
 * `secrets/config.json` (the folder owner-only, the file too, `secrets/` listed in `.gitignore`).
 * A folder without a manifest gets `sluice init`'s scaffold (only the files it lacks). Saving the
 * manifest is atomic and refuses to overwrite a file that changed on disk since the page read it,
 * unless asked to.
 *
 * @example
 * const folder = await BuilderFolder.open("connectors/acme");
 * const { text, hash } = await folder.readManifest();
 * await folder.saveManifest(text.replace("/v1", "/v2"), { baseHash: hash });
 */
export class BuilderFolder {
  readonly manifestFile: string;
  readonly configFile: string;

  private constructor(readonly dir: string) {
    this.manifestFile = join(dir, existsSync(join(dir, "manifest.yml")) && !existsSync(join(dir, "manifest.yaml")) ? "manifest.yml" : "manifest.yaml");
    this.configFile = join(dir, "secrets", "config.json");
  }

  /**
   * Opens a folder, scaffolding a connector in it when it has no manifest (with `schema`, the editor
   * schema `manifest.schema.json` too, as `sluice init` writes it). `created` lists the files written.
   */
  static async open(dir: string, options: { schema?: () => unknown } = {}): Promise<{ folder: BuilderFolder; created: string[] }> {
    const target = resolve(dir);
    const folder = new BuilderFolder(target);
    if (existsSync(folder.manifestFile)) return { folder, created: [] };
    const files = scaffoldFor(target);
    if (options.schema) files["manifest.schema.json"] = `${JSON.stringify(options.schema(), null, 2)}\n`;
    // The folder may hold anything already (symlinks included): each file is checked where it really lands.
    await checkSecretsFolder(target);
    if (existsSync(target)) for (const file of Object.keys(files)) await confinedPath(target, join(target, file), { what: "A scaffolded file", write: true, secrets: true });
    const created = await writeConnector(target, files, { addMissing: true });
    return { folder, created };
  }

  /** Whether a manifest text is the one the Builder scaffolds for this folder, untouched (a new connector). */
  isUntouchedScaffold(text: string): boolean {
    return text === scaffoldFor(this.dir)["manifest.yaml"];
  }

  async readManifest(): Promise<ManifestText> {
    await confinedPath(this.dir, this.manifestFile, { what: "The manifest" });
    const text = await readFile(this.manifestFile, "utf8");
    return { text, hash: textHash(text) };
  }

  /**
   * Writes the manifest atomically. `baseHash` is the hash of the text the page started from: when the
   * file on disk no longer has it (edited elsewhere meanwhile) the save is refused with
   * `BUILDER_MANIFEST_CHANGED` unless `overwrite`. `secretValues` are the secret testing values, none
   * of which may appear in the text (`BUILDER_TESTING_VALUE_IN_MANIFEST`).
   */
  async saveManifest(text: string, options: { baseHash: string; overwrite?: boolean; secretValues?: Iterable<unknown> }): Promise<ManifestText> {
    const form = await manifestSecretForm(text, options.secretValues ?? []);
    if (form) {
      throw new SluiceError("BUILDER_TESTING_VALUE_IN_MANIFEST", "The manifest contains a secret testing value; it was not saved", {
        failureType: "config_error",
        where: { file: this.manifestFile },
        expected: "credentials referenced as {{ config['name'] }}, their values only in secrets/config.json",
        found: `the value of a secret testing field in the manifest (${form})`,
      });
    }
    await confinedPath(this.dir, this.manifestFile, { what: "The manifest", write: true });
    // The comparison and the write are one step under the manifest's lock: of saves made from the same
    // base, concurrently or from two Builders, exactly one is written and the others get the conflict.
    const lock = await acquireConfigLock(this.manifestFile);
    try {
      const onDisk = await this.readManifest().catch(() => undefined);
      if (onDisk && onDisk.hash !== options.baseHash && !options.overwrite) {
        throw new SluiceError("BUILDER_MANIFEST_CHANGED", `${basename(this.manifestFile)} changed on disk since the page loaded it; nothing was saved`, {
          failureType: "config_error",
          where: { file: this.manifestFile },
          expected: "the file as the page loaded it",
          found: "a file edited elsewhere meanwhile",
        });
      }
      await writeFileAtomic(this.manifestFile, text, 0o644);
    } finally {
      await lock.release();
    }
    return { text, hash: textHash(text) };
  }

  /** The testing values (`{}` when there is no `secrets/config.json` yet), read as `--config` is (exact integers, bad JSON named by line and column). */
  async readTestingValues(): Promise<ConnectorConfig> {
    await checkSecretsFolder(this.dir);
    let text: string;
    try {
      text = await readBoundedText(this.configFile, "config");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
    return parseConfigText(text, this.configFile);
  }

  /**
   * Replaces the testing values: `secrets/` created owner-only and git-ignored, the file written
   * atomically, owner-only. Values nested deeper than a config file may be (1,000 levels) are refused
   * (`BUILDER_TESTING_VALUES_TOO_DEEP`): saved, they could not be read back and the page could not open.
   */
  async writeTestingValues(values: ConnectorConfig): Promise<void> {
    if (nestsDeeperThan(values, MAX_TESTING_VALUES_DEPTH)) {
      throw new SluiceError("BUILDER_TESTING_VALUES_TOO_DEEP", "The testing values nest too deep to be read back; they were not saved", {
        failureType: "config_error",
        where: { file: this.configFile },
        expected: `objects and lists nested at most ${MAX_TESTING_VALUES_DEPTH} levels deep`,
        found: "a deeper value",
      });
    }
    await this.prepareSecrets();
    await writeFileAtomic(this.configFile, `${stringifyJson(values, 2)}\n`, 0o600);
  }

  /**
   * Makes `secrets/` (0700) and lists it in `.gitignore`; returns the config file's path. A `secrets` that
   * is a symlink, not a folder or not this user's is refused (`BUILDER_SECRETS_UNSAFE`), never made 0700.
   */
  async prepareSecrets(): Promise<string> {
    await checkSecretsFolder(this.dir);
    const secrets = join(this.dir, "secrets");
    if (!existsSync(secrets)) await mkdir(secrets, { mode: 0o700 });
    else await chmod(secrets, 0o700);
    const ignore = join(this.dir, ".gitignore");
    const listed = existsSync(ignore) ? /^\/?secrets(\/|\/\*\*?)?\s*$/m.test(await readFile(ignore, "utf8")) : false;
    if (!existsSync(ignore)) await writeFile(ignore, "# Testing values (credentials): never commit them.\nsecrets/\n", { mode: 0o644 });
    else if (!listed) {
      const text = await readFile(ignore, "utf8");
      await appendFile(ignore, `${text.endsWith("\n") || text === "" ? "" : "\n"}# Testing values (credentials): never commit them.\nsecrets/\n`);
    }
    return this.configFile;
  }
}

/** The connector the Builder scaffolds in an empty folder: Bearer, offset pagination, one example stream. */
function scaffoldFor(dir: string): Record<string, string> {
  const name = basename(dir).replace(/[^\w.-]+/g, "_") || "connector";
  return scaffoldConnector({ name, auth: "bearer", pagination: "offset", url: "https://api.example.com/v1" });
}
