import { serviceToken } from "./service-token.js";

/**
 * Bounds on one stream's read, enforced by the progress guard. No setting turns the guard off:
 * the caps are finite.
 *
 * @example
 * createSluice({ readLimits: { maxPages: 1_000 } });
 */
export interface ReadLimits {
  /** Most pages read for one stream (default 1,000,000). */
  maxPages: number;
  /** Whether a next-page URL or a redirect to another origin may be followed (without credentials). Default false. */
  followCrossOriginPages: boolean;
}

/**
 * The defaults of {@link ReadLimits}.
 *
 * @example
 * createSluice({ readLimits: { ...DEFAULT_READ_LIMITS, maxPages: 500 } });
 */
export const DEFAULT_READ_LIMITS: ReadLimits = { maxPages: 1_000_000, followCrossOriginPages: false };

/** The DI token of the {@link ReadLimits}. */
export const ReadLimits = serviceToken<ReadLimits>("sluice.ReadLimits");
