import { SecretRegistry, SluiceError } from "../../sdk/index.js";
import { applyConsentValues } from "../../oauth-consent/apply-consent-values.js";
import { runLoopbackConsent } from "../../oauth-consent/run-loopback-consent.js";
import { resolveReferences } from "../manifest/resolve-references.js";
import { parseManifestText } from "../manifest/parse-manifest-text.js";
import type { BuilderFolder } from "./builder-folder.js";

/** Where the page's consent stands. `written`: the testing values the tokens went to (paths, never values). */
interface ConsentStatus {
  state: "idle" | "waiting" | "done" | "failed";
  written?: string[];
  code?: string;
  message?: string;
}

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

  constructor(
    private readonly folder: BuilderFolder,
    private readonly timeoutMs = 180_000,
  ) {}

  status(): ConsentStatus {
    return this.current;
  }

  /** Starts a consent; resolves with the URL to open once the callback server listens. One at a time. */
  async start(text: string): Promise<{ url: string; redirectUri: string }> {
    if (this.current.state === "waiting") {
      throw new SluiceError("BUILDER_BAD_REQUEST", "A consent is already waiting for its redirect; finish it or wait for it to time out", { failureType: "config_error" });
    }
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
      runLoopbackConsent({ manifest, manifestFile: file, config, consentTimeoutMs: this.timeoutMs, onConsentUrl: (url, redirectUri) => resolve({ url, redirectUri }) }).then(
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
