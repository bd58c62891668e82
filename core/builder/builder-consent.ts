import { SecretRegistry, SluiceError } from "../../sdk/index.js";
import { applyConsentValues } from "../../oauth-consent/apply-consent-values.js";
import { runLoopbackConsent } from "../../oauth-consent/run-loopback-consent.js";
import { resolveReferences } from "../manifest/resolve-references.js";
import { parseManifestText } from "../manifest/parse-manifest-text.js";
import type { ConsentStart, ConsentStatus } from "./builder-api-types.js";
import type { BuilderFolder } from "./builder-folder.js";

/**
 * The declarative OAuth consent, run from the page: `sluice oauth`'s loopback flow
 * (`oauth-consent/run-loopback-consent.ts`) on the page's manifest with the saved testing values. The
 * page opens the consent URL; after the provider's redirect the tokens are written into the testing
 * values (`secrets/config.json`) at their `path_in_connector_config`, never anywhere else, and never
 * sent to the page by this call (the page reads the testing values as it always does).
 *
 * @example
 * const consent = new BuilderConsent(folder);
 * const { url } = await consent.start(manifestText); // open url; then poll consent.status()
 */
export class BuilderConsent {
  private current: ConsentStatus = { state: "idle" };
  /** Set from the first moment a start is accepted (before any await), so two starts at once cannot both pass. */
  private running?: AbortController;
  /** The running flow to its end (its status written), which {@link close} waits for. */
  private flow: Promise<void> = Promise.resolve();

  constructor(
    private readonly folder: BuilderFolder,
    private readonly timeoutMs = 180_000,
  ) {}

  status(): ConsentStatus {
    return this.current;
  }

  /**
   * Stops a consent that waits for its redirect: its callback server closes at once and its status says
   * it was stopped (`sluice builder` calls this on Ctrl-C, through the running Builder's `close()`).
   */
  async close(): Promise<void> {
    this.running?.abort(new SluiceError("OAUTH_CONSENT_TIMEOUT", "The Builder stopped while the consent waited for its redirect", { failureType: "config_error", expected: "the provider's redirect before the Builder stops", found: "the Builder stopped" }));
    this.running = undefined;
    await this.flow;
  }

  /** Starts a consent; resolves with the URL to open once the callback server listens. One at a time: a second start while one is starting or waiting is refused. */
  async start(text: string): Promise<ConsentStart> {
    if (this.running || this.current.state === "waiting") {
      throw new SluiceError("BUILDER_BAD_REQUEST", "A consent is already waiting for its redirect; finish it or wait for it to time out", { failureType: "config_error" });
    }
    const running = new AbortController();
    this.running = running;
    const done = () => {
      if (this.running === running) this.running = undefined;
    };
    try {
      return await this.run(text, running.signal, done);
    } catch (error) {
      done();
      throw error;
    }
  }

  private async run(text: string, signal: AbortSignal, done: () => void): Promise<ConsentStart> {
    const file = this.folder.manifestFile;
    const manifest = resolveReferences((await parseManifestText(text, file)) as Record<string, unknown>, file);
    const config = await this.folder.readTestingValues();
    // Every string of the testing values, in every form it could take (raw, URL-encoded, base64...).
    const registry = new SecretRegistry();
    (function add(value: unknown): void {
      if (typeof value === "string") registry.add(value);
      else if (value && typeof value === "object") Object.values(value).forEach(add);
    })(config);
    const fail = (error: unknown): ConsentStatus => ({ state: "failed", code: error instanceof SluiceError ? error.code : "SYSTEM_ERROR", message: registry.redact(error instanceof Error ? error.message : String(error)) });
    return new Promise((resolve, reject) => {
      this.current = { state: "waiting" };
      this.flow = runLoopbackConsent({ manifest, manifestFile: file, config, consentTimeoutMs: this.timeoutMs, signal, onConsentUrl: (url, redirectUri) => resolve({ url, redirectUri }) }).finally(done).then(
        async (result) => {
          try {
            await this.folder.writeTestingValues(applyConsentValues(await this.folder.readTestingValues(), result.values));
            this.current = { state: "done", written: result.values.map((v) => v.path.join(".")) };
          } catch (error) {
            // The testing values could not be read or written: the page says so (the consent is over either way).
            this.current = fail(error);
          }
        },
        (error: unknown) => {
          this.current = fail(error);
          reject(error); // before the URL: the page gets the error; after it, a no-op
        },
      );
    });
  }
}
