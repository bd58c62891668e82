import type { IncomingMessage } from "node:http";
import type { Json, OpenApiDocument, OpenApiOperation } from "../../core/init/openapi/read-openapi.js";

/**
 * Whether a request carries the credentials an operation's security asks for, as the API would check
 * them: any one of the requirement objects, each of whose schemes is present (an API key in its header,
 * query parameter or cookie; `Authorization: Basic` or `Bearer`; an OAuth 2 or OpenID Connect bearer
 * token). No security, or an empty requirement, lets every request in. A scheme the mock does not know
 * counts as met, so only what it can check fails.
 *
 * @example
 * unauthorized(doc, operation, request, url) // "missing the header X-API-Key (apiKey scheme 'key')" or undefined
 */
export function unauthorized(doc: OpenApiDocument, operation: OpenApiOperation, request: IncomingMessage, url: URL): string | undefined {
  const requirements = operation.security ?? doc.security;
  if (!requirements.length) return undefined;
  const failures: string[] = [];
  for (const requirement of requirements) {
    const missing = Object.keys(requirement).map((name) => missingCredential(doc.securitySchemes[name], name, request, url)).filter(Boolean);
    if (!missing.length) return undefined;
    failures.push(missing.join(" and "));
  }
  return failures.join("; or ");
}

function missingCredential(scheme: Json | undefined, name: string, request: IncomingMessage, url: URL): string | undefined {
  if (!scheme) return undefined;
  const authorization = String(request.headers.authorization ?? "");
  const type = String(scheme.type ?? "").toLowerCase();
  if (type === "apikey") {
    const key = String(scheme.name ?? "");
    const where = String(scheme.in ?? "header");
    const value = where === "query" ? url.searchParams.get(key) : where === "cookie" ? cookie(request, key) : request.headers[key.toLowerCase()];
    return value ? undefined : `the ${where} ${key} (apiKey scheme '${name}')`;
  }
  if (type === "http" || type === "basic") {
    const wanted = type === "basic" ? "basic" : String(scheme.scheme ?? "").toLowerCase();
    if (wanted !== "basic" && wanted !== "bearer") return undefined;
    return authorization.toLowerCase().startsWith(`${wanted} `) && authorization.length > wanted.length + 1 ? undefined : `Authorization: ${wanted} (scheme '${name}')`;
  }
  if (type === "oauth2" || type === "openidconnect") return /^bearer \S/i.test(authorization) ? undefined : `Authorization: Bearer, an OAuth token (scheme '${name}')`;
  return undefined;
}

function cookie(request: IncomingMessage, name: string): string | undefined {
  return String(request.headers.cookie ?? "").split(/;\s*/).map((part) => part.split("=")).find(([key]) => key === name)?.[1];
}

/** The token endpoints of the document's OAuth 2 schemes, by path (`/oauth/token`): the mock answers them too. */
export function tokenPaths(doc: OpenApiDocument): Set<string> {
  const paths = new Set<string>();
  for (const scheme of Object.values(doc.securitySchemes)) {
    for (const flow of Object.values((scheme?.flows ?? {}) as Record<string, Json>)) {
      if (typeof flow?.tokenUrl !== "string") continue;
      try {
        paths.add(new URL(flow.tokenUrl, "https://api.invalid").pathname);
      } catch {
        // an unusable token URL: the read will say so
      }
    }
    if (typeof scheme?.tokenUrl === "string") paths.add(new URL(scheme.tokenUrl, "https://api.invalid").pathname);
  }
  return paths;
}
