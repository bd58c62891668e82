/**
 * Authentication cost: for each built-in authenticator, the time `apply()` takes to put its
 * credentials on a fresh request once its token is cached (microseconds per request). Token-based
 * methods get their first token from a loopback server during warm-up. For comparison it also
 * measures signing a fresh RS256 / HS256 JWT for every request, which is what the Python kit does and
 * what Sluice's token cache avoids (JWT signing must not dominate the cost of a request).
 *
 * @example
 * node --import tsx test/bench/auth.bench.ts
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { generateKeyPairSync } from "node:crypto";
import { pathToFileURL } from "node:url";
import { Clock, ConfigStore, Fetch, HttpClient, Interpolator, Logger, Secrets, createNodeFetchTransport, createSluice, MemoryConfigStore, type Authenticator, type OutgoingRequest } from "../../core/index.js";
import { ComponentBuilder } from "../../core/manifest/build-components.js";
import { RetryingHttpClient } from "../../core/http/retrying-http-client.js";
import { DEFAULT_HTTP_OPTIONS } from "../../core/http/http-options.js";
import { createInterpolator } from "../../templates/index.js";
import { SecretRegistry } from "../../sdk/services/secret-registry.js";
import { systemClock } from "../../core/services/system-clock.js";
import { createJwtSigner } from "../../plugins/auth/jwt-signer.js";

interface Metric { name: string; value: number; unit: string }

async function startTokenServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const text = req.url?.startsWith("/login") ? JSON.stringify({ id: "session-token-123456" }) : JSON.stringify({ access_token: "access-token-123456", expires_in: 3600 });
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function buildAuthenticator(definition: Record<string, unknown>, config: Record<string, unknown>): Promise<Authenticator> {
  const sluice = createSluice({ logLevel: "error" });
  const services = sluice.services.child();
  const secrets = new SecretRegistry();
  services.register(Secrets, secrets);
  services.register(Clock, systemClock);
  services.register(Logger, { debug() {}, info() {}, warn() {}, error() {} });
  services.register(ConfigStore, new MemoryConfigStore(config));
  services.register(Interpolator, createInterpolator());
  const fetch: Fetch = createNodeFetchTransport({ maxSockets: 4 });
  services.register(HttpClient, new RetryingHttpClient({ fetch, clock: systemClock, secrets, logger: services.get(Logger), options: DEFAULT_HTTP_OPTIONS }));
  return new ComponentBuilder({ registry: sluice.registry, services, config }).build<Authenticator>(definition, "authenticator");
}

const fresh = (): OutgoingRequest => ({ method: "GET", url: "http://127.0.0.1/items", params: { limit: 100 }, headers: { Accept: "application/json" } });

async function perRequest(apply: () => void | Promise<void>, iterations: number): Promise<number> {
  for (let i = 0; i < Math.min(200, iterations); i++) await apply();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await apply();
  return Number(process.hrtime.bigint() - started) / 1000 / iterations;
}

export async function run(): Promise<Metric[]> {
  const server = await startTokenServer();
  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
  const methods: Array<[string, Record<string, unknown>]> = [
    ["no_auth", { type: "NoAuth" }],
    ["basic", { type: "BasicHttpAuthenticator", username: "{{ config['user'] }}", password: "{{ config['password'] }}" }],
    ["bearer", { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" }],
    ["api_key_query", { type: "ApiKeyAuthenticator", api_token: "{{ config['token'] }}", inject_into: { type: "RequestOption", inject_into: "request_parameter", field_name: "api_key" } }],
    ["jwt_hs256", { type: "JwtAuthenticator", secret_key: "{{ config['secret'] }}", algorithm: "HS256", jwt_payload: { iss: "bench" } }],
    ["jwt_rs256", { type: "JwtAuthenticator", secret_key: "{{ config['pem'] }}", algorithm: "RS256", jwt_payload: { iss: "bench" } }],
    ["oauth", { type: "OAuthAuthenticator", token_refresh_endpoint: `${server.url}/token`, client_id: "cid", client_secret: "{{ config['secret'] }}", refresh_token: "{{ config['token'] }}" }],
    ["session_token", {
      type: "SessionTokenAuthenticator",
      login_requester: { type: "HttpRequester", url_base: server.url, path: "/login", http_method: "POST" },
      session_token_path: ["id"],
      expiration_duration: "PT1H",
      request_authentication: { type: "ApiKey", inject_into: { type: "RequestOption", inject_into: "header", field_name: "X-Session" } },
    }],
  ];
  const config = { user: "bench-user", password: "bench-password", token: "bench-token-123456", secret: "bench-secret-123456", pem: rsa.privateKey };
  const metrics: Metric[] = [];
  try {
    for (const [name, definition] of methods) {
      const authenticator = await buildAuthenticator(definition, config);
      const micros = await perRequest(() => authenticator.apply(fresh()), 20_000);
      metrics.push({ name: `auth.${name}.apply`, value: round(micros), unit: "µs/request" });
    }
    const hs = await createJwtSigner({ algorithm: "HS256", key: "bench-secret-123456", where: "bench" });
    const rs = await createJwtSigner({ algorithm: "RS256", key: rsa.privateKey, where: "bench" });
    const claims = () => { const now = Math.floor(Date.now() / 1000); return { iss: "bench", iat: now, exp: now + 1200, nbf: now }; };
    metrics.push({ name: "auth.jwt_hs256.sign_every_request", value: round(await perRequest(async () => void (await hs({ typ: "JWT" }, claims())), 5_000)), unit: "µs/request" });
    metrics.push({ name: "auth.jwt_rs256.sign_every_request", value: round(await perRequest(async () => void (await rs({ typ: "JWT" }, claims())), 300)), unit: "µs/request" });
  } finally {
    await server.close();
  }
  return metrics;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const metric of await run()) console.log(`${metric.name.padEnd(36)} ${String(metric.value).padStart(10)} ${metric.unit}`);
}
