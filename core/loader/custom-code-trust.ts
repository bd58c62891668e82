/** Where the trust decision comes from. */
export interface CustomCodeTrustInput {
  /** The host's explicit choice (library `trustCustomCode`, or the CLI's `--no-custom-code` as false). It wins. */
  option?: boolean;
  /** The environment (default `process.env`). */
  env?: Record<string, string | undefined>;
}

const TRUTHY = new Set(["1", "true", "yes", "on"]);

/**
 * Decides whether code named by a manifest (`CustomPaginationStrategy`, `CustomAuthenticator`,
 * connector-level plugins) may run. Default: trusted, like the Python kit running a local
 * connector. An explicit option wins; otherwise `SLUICE_DISABLE_CUSTOM_CODE=1` (or `true`) refuses
 * it, for hosts that run manifests they did not write. `AIRBYTE_ENABLE_UNSAFE_CODE` is the kit's
 * switch for its untrusted mode; Sluice's default is already the kit's trusted mode, so that
 * variable never loosens a refusal made here.
 *
 * @example
 * resolveCustomCodeTrust({ env: { SLUICE_DISABLE_CUSTOM_CODE: "1" } }); // false
 * resolveCustomCodeTrust({ option: false });                               // false
 * resolveCustomCodeTrust({});                                              // true
 */
export function resolveCustomCodeTrust(input: CustomCodeTrustInput = {}): boolean {
  if (input.option !== undefined) return input.option;
  const env = input.env ?? process.env;
  const disabled = env.SLUICE_DISABLE_CUSTOM_CODE?.trim().toLowerCase();
  return !(disabled !== undefined && TRUTHY.has(disabled));
}
