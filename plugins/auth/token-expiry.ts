import { AuthenticationError } from "../../sdk/index.js";
import { parseExpiryDate } from "./expiry-date.js";
import type { TokenResult } from "./oauth-refresh.js";

const ONE_HOUR = 3600_000;

/**
 * When a new access token expires: `expires_in` seconds from now (a number or a numeric string), or
 * the date it names when `token_expiry_date_format` is set; without either, the previous expiry if it
 * is still ahead, else one hour.
 */
export function tokenExpiry(result: TokenResult, options: { absolute: boolean; now: number; previous?: number; where: string }): number {
  const { absolute, now, previous } = options;
  if (result.expiresIn === undefined || result.expiresIn === null || result.expiresIn === "") {
    return previous !== undefined && previous > now ? previous : now + ONE_HOUR;
  }
  try {
    if (absolute) return parseExpiryDate(result.expiresIn);
    const seconds = Math.trunc(Number(String(result.expiresIn).trim()));
    if (Number.isFinite(seconds)) return now + seconds * 1000;
    throw new RangeError("not a number");
  } catch (error) {
    throw new AuthenticationError("AUTH_TOKEN_EXPIRY_INVALID", `The token response's expiry cannot be read: ${(error as Error).message}`, {
      failureType: "system_error",
      where: { manifestPath: options.where },
      expected: absolute ? "a date (token_expiry_date_format is set)" : "a number of seconds (set token_expiry_date_format if the API returns a date)",
      found: JSON.stringify(result.expiresIn),
    });
  }
}
