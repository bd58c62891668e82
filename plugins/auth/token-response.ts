/** How deep {@link findInResponse} looks (the kit's limit: the root is depth 0). */
const MAX_DEPTH = 5;

/**
 * Finds a key in a token response, depth first, as the kit does for `access_token_name`,
 * `expires_in_name` and the refresh token: the key at the top wins, then the first match in
 * document order down to depth 5. Branches deeper than that are skipped rather than fatal.
 *
 * @example
 * // Salesforce-style wrapped response
 * findInResponse({ data: { token: { access_token: "a1", expires_in: 3600 } } }, "access_token"); // "a1"
 */
export function findInResponse(body: unknown, key: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (Array.isArray(body)) {
    for (const item of body) {
      const found = findInResponse(item, key, depth + 1);
      if (found !== undefined && found !== null) return found;
    }
    return undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (key in record) return record[key];
  for (const value of Object.values(record)) {
    const found = findInResponse(value, key, depth + 1);
    if (found !== undefined && found !== null) return found;
  }
  return undefined;
}
