import { SluiceError } from "../../../sdk/errors/index.js";
import { resolveCustomCodeTrust } from "../../loader/custom-code-trust.js";
import { loadManifest } from "../../manifest/load-manifest.js";
import { resolveReferences } from "../../manifest/resolve-references.js";
import { openBrowser } from "../../../oauth-consent/open-browser.js";
import { runLoopbackConsent } from "../../../oauth-consent/run-loopback-consent.js";
import type { CliCommand, CliIO, ParsedArgs } from "../command.js";
import { CONNECTOR_OPTIONS } from "../cli-session.js";
import { configFileTarget, storedSourceTarget, type ConsentTarget } from "../consent-target.js";

function numberFlag(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    throw new SluiceError("OAUTH_CLI_USAGE", `--${name} must be a whole number`, { failureType: "config_error", expected: "e.g. 8765", found: String(value) });
  }
  return n;
}

function report(io: CliIO, error: unknown, redact: (text: string) => string): number {
  io.stderr.write(`${redact(error instanceof SluiceError ? error.describe() : `Unexpected error: ${(error as Error)?.message ?? String(error)}`)}\n`);
  return 1;
}

async function run(args: ParsedArgs, io: CliIO): Promise<number> {
  const v = args.values;
  let target: ConsentTarget | undefined;
  try {
    target = typeof v.source === "string" ? await storedSourceTarget(v.source, args, io) : await configFileTarget(args, io);
    const trustCustomCode = resolveCustomCodeTrust({ option: v["no-custom-code"] ? false : undefined });
    const loaded = await loadManifest(target.manifest ?? { searchFrom: io.cwd, trustCustomCode });
    const manifest = resolveReferences(loaded.manifest, loaded.file);
    const result = await runLoopbackConsent({
      manifest,
      manifestFile: loaded.file,
      config: target.config,
      clientId: typeof v["client-id"] === "string" ? v["client-id"] : undefined,
      clientSecret: typeof v["client-secret"] === "string" ? v["client-secret"] : undefined,
      port: numberFlag(v.port, "port", 0),
      consentTimeoutMs: numberFlag(v.timeout, "timeout", 300) * 1000,
      onIgnoredCallback: (error) => io.stderr.write(`Refused a callback that is not this consent's (${error instanceof SluiceError ? error.code : error.message}); still waiting for the redirect.\n`),
      onConsentUrl: async (url, redirectUri) => {
        io.stderr.write(`Waiting for the OAuth redirect on ${redirectUri}. Open this URL to grant access:\n`);
        io.stderr.write(`${url}\n`);
        if (v.open === true && !(await openBrowser(url))) io.stderr.write("Could not open a browser; open the URL above yourself.\n");
      },
    });
    const where = await target.save(result.values);
    const written = result.values.map((value) => value.path.join(".")).join(", ");
    io.stderr.write(`Consent granted. Wrote ${written || "nothing"} to ${where}.\n`);
    return 0;
  } catch (error) {
    return report(io, error, (text) => target?.redact(text) ?? text);
  } finally {
    await target?.close();
  }
}

/**
 * `sluice oauth`: runs a manifest's declarative OAuth consent (`spec.advanced_auth`) on this machine
 * and writes the tokens into the config file, or, with `--source NAME`, into a stored source's
 * encrypted secrets (its manifest and client credentials are used; with `--manifest` and `--config` a
 * new source is created with the tokens, and the config file is not written). A callback server listens on 127.0.0.1 (a free port,
 * or `--port` when the provider needs a registered redirect URI `http://127.0.0.1:<port>/callback`);
 * the consent URL is printed alone on one line of stderr (and opened with `--open`); after the
 * redirect the code is exchanged, and the outputs are written atomically at their
 * `path_in_connector_config`, nothing else in the file changing. No token or secret is printed.
 *
 * @example
 * sluice oauth --manifest manifest.yaml --config secrets/config.json --port 8765 --open
 * sluice oauth --source acme --open
 */
export const command: CliCommand = {
  usage: "sluice oauth (--config C [--manifest M] | --source NAME [--manifest M --config C]) [--port P] [--open] [--timeout S] [--client-id ID] [--client-secret SECRET] [--no-custom-code]",
  options: {
    manifest: { type: "string", value: "FILE", description: "the manifest (default: sluice.config.*, .sluicerc* or manifest.yaml in this folder)" },
    config: { type: "string", value: "FILE", description: "the config file the tokens are written to (required without --source)" },
    source: { type: "string", short: "s", value: "NAME", description: "a stored source: its manifest and client credentials are used and the tokens go into its encrypted secrets (with --manifest and --config: a new source is created)" },
    port: { type: "string", value: "PORT", number: { integer: true, min: 0 }, description: "the callback port, for a provider that needs a registered redirect URI (default: a free port)" },
    open: { type: "boolean", description: "open the consent URL in a browser" },
    timeout: { type: "string", value: "SECONDS", number: { integer: true, min: 0 }, description: "how long to wait for the consent (default 300)" },
    "client-id": { type: "string", value: "ID", description: "the OAuth client id (default: from the config)" },
    "client-secret": { type: "string", value: "SECRET", description: "the OAuth client secret (default: from the config)" },
    "no-custom-code": CONNECTOR_OPTIONS["no-custom-code"],
  },
  run,
};
