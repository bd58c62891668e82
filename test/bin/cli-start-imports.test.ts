/**
 * What the built `sluice` command imports (docs/performance.md, "CLI start"): a read of a Bearer JSON
 * manifest must not import the packages only some runs need, so a future top-level import of one of them
 * fails here instead of silently slowing every command. A read that does need them (a YAML manifest, a
 * JWT, an XML decoder, `--transport undici`) imports them, and works: that also shows the load log sees
 * these packages at all, so the first test cannot pass by seeing nothing.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { runSluice } from "../support/run-sluice.js";
import { startLoopback, type Loopback } from "../support/loopback.js";
import { oneStreamManifest, sourceDef, streamDef } from "../support/manifest-builder.js";

const TOKEN = "start-test-token";
const HOOK = pathToFileURL(join(import.meta.dirname, "..", "support", "record-loads.mjs")).href;

/** Node's modules a run loads only when it needs them, as the load log names them. */
const LAZY_BUILTINS = ["builtin:https", "builtin:tls", "builtin:zlib", "builtin:crypto", "builtin:internal/webstreams/readablestream"];

/** Packages a run imports only when it needs them, as they appear in a module URL. */
const OPTIONAL = ["/node_modules/undici/", "/node_modules/yaml/", "/node_modules/js-yaml/", "/node_modules/jsonwebtoken/", "/node_modules/fast-xml-parser/", "/node_modules/csv-parse/", "/node_modules/fflate/", "/node_modules/@streamparser/json/", "/node_modules/cosmiconfig/", "/node_modules/any-ascii/"];

let api: Loopback;
let dir: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "sluice-start-"));
  api = await startLoopback((req) => {
    if (req.url.pathname === "/items") {
      return req.headers.authorization === `Bearer ${TOKEN}` ? { body: { data: [{ id: 1 }, { id: 2 }] } } : { status: 401, body: { error: "no token" } };
    }
    // A JWT is three base64url parts: what JwtAuthenticator sends.
    if (!/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(String(req.headers.authorization))) return { status: 401, body: { error: "no JWT" } };
    return { headers: { "Content-Type": "application/xml" }, body: "<List><Item><id>7</id></Item><Item><id>8</id></Item></List>" };
  });
  writeFileSync(join(dir, "config.json"), JSON.stringify({ token: TOKEN, secret: "jwt-secret" }));
});
after(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs `sluice` with the load log; returns the run and the modules it imported: each URL, and for a chunk of
 * the bundle (dist/bundle/) the packages and source files bundled into it too, as `bundled:/node_modules/<name>/`
 * and `bundled:core/sources/sql-source-store.ts` (esbuild writes each bundled file's path as a comment:
 * `// node_modules/yaml/dist/index.js`).
 */
async function runLogged(args: string[], name: string, env: Record<string, string> = {}) {
  const log = join(dir, `${name}.loads`);
  writeFileSync(log, "");
  const run = await runSluice(args, dir, { env: { ...env, NODE_OPTIONS: `--import=${HOOK}`, SLUICE_TEST_LOAD_LOG: log } });
  const urls = readFileSync(log, "utf8").split("\n").filter(Boolean);
  const bundled = urls
    .filter((url) => url.includes("/dist/bundle/"))
    .flatMap((url) => [...readFileSync(fileURLToPath(url), "utf8").matchAll(/^\/\/ (?:(?:\S*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/|((?:core|plugins|sdk|python|templates|pure)\/\S+\.ts)$)/gm)].map((m) => (m[1] ? `bundled:/node_modules/${m[1]}/` : `bundled:${m[2]}`)));
  return { run, loaded: [...urls, ...new Set(bundled)] };
}

describe("sluice start imports", () => {
  it("`sluice read` of a Bearer JSON manifest imports none of the optional packages, nor TypeBox's or ajv's own files", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url, requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } } });
    writeFileSync(join(dir, "bearer.json"), JSON.stringify(manifest, null, 2));
    const { run, loaded } = await runLogged(["read", "--manifest", "bearer.json", "--config", "config.json"], "bearer");
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id), [1, 2]);
    assert.ok(loaded.some((url) => url.includes("/dist/core/")), "the load log saw the engine's own modules");
    assert.deepEqual(loaded.filter((url) => OPTIONAL.some((p) => url.includes(p))), []);
    // The source store's code (database drivers, keyring, PGlite template) waits for a stored source; fetch-blob's
    // web streams polyfill is never bundled (Node 20 has web streams).
    assert.ok(loaded.includes("bundled:core/sluice.ts"), "the load log sees the bundle's own files");
    assert.deepEqual(loaded.filter((url) => /^bundled:core\/sources\/(sql-source-store|pglite-database|pg-database|secret-keyring|pglite-template)\.ts$/.test(url) || url.includes("web-streams-polyfill")), []);
    // The built dist/ is one bundle (scripts/bundle-library.mjs) with TypeBox and ajv inside, not their many modules.
    assert.deepEqual(loaded.filter((url) => url.startsWith("file:") && (url.includes("/node_modules/@sinclair/typebox/") || url.includes("/node_modules/ajv/"))), []);
    assert.ok(loaded.some((url) => url.endsWith("/dist/bundle/cli.js")));
    const own = loaded.filter((url) => url.includes("/dist/"));
    assert.ok(own.length < 60, `the CLI loaded ${own.length} of its own module files, expected a few dozen chunks: ${own.join(", ")}`);
    // A plain-http API with an uncompressed body: Node's https (and tls), zlib, crypto and web streams wait for a
    // run that needs them (scripts/bundle-library.mjs, LAZY_BUILTINS and LAZY_OWN_BUILTINS).
    assert.ok(loaded.includes("builtin:http"), "the load log sees Node's own modules");
    assert.deepEqual(loaded.filter((url) => LAZY_BUILTINS.includes(url)), []);
  });

  it("an https API with a gzip body loads https and zlib at the first request, and reads", async () => {
    const tls = join(import.meta.dirname, "..", "fixtures", "tls");
    const body = gzipSync(JSON.stringify({ data: [{ id: 3 }, { id: 4 }] }));
    const server = createHttpsServer({ key: readFileSync(join(tls, "loopback-key.pem")), cert: readFileSync(join(tls, "loopback-cert.pem")) }, (req, res) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401).end();
      res.writeHead(200, { "Content-Type": "application/json", "Content-Encoding": "gzip", "Content-Length": body.length }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const urlBase = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      writeFileSync(join(dir, "https.json"), JSON.stringify(oneStreamManifest({ urlBase, requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } } })));
      const { run, loaded } = await runLogged(["read", "--manifest", "https.json", "--config", "config.json"], "https", { NODE_EXTRA_CA_CERTS: join(tls, "loopback-cert.pem") });
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id), [3, 4]);
      assert.deepEqual(["builtin:https", "builtin:tls", "builtin:zlib"].filter((id) => !loaded.includes(id)), [], "the https request and the gzip body loaded their modules");
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });

  it("`sluice check` builds an HS256 JwtAuthenticator of a stream it does not read without loading Node's crypto", async () => {
    const bearer = { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } };
    const jwt = { authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['secret'] }}", algorithm: "HS256", header_prefix: "Bearer" } };
    const manifest = sourceDef([
      streamDef({ urlBase: api.url, name: "items", path: "/items", fieldPath: ["data"], requester: bearer }),
      streamDef({ urlBase: api.url, name: "signed", path: "/xml", fieldPath: ["List", "Item"], requester: jwt, retriever: { decoder: { type: "XmlDecoder" } } }),
    ]);
    writeFileSync(join(dir, "unused-jwt.json"), JSON.stringify(manifest));
    const { run, loaded } = await runLogged(["check", "--manifest", "unused-jwt.json", "--config", "config.json"], "unused-jwt");
    assert.deepEqual(run.messages.filter((m) => m.type === "CONNECTION_STATUS").map((m) => m.connectionStatus.status), ["SUCCEEDED"], run.stderr);
    // An HMAC secret is kept as bytes until the first signature (plugins/auth/jwt-signer.ts).
    assert.ok(loaded.includes("builtin:http"), "the load log sees Node's own modules");
    assert.equal(loaded.includes("builtin:crypto"), false, "crypto was loaded");
  });

  it("a YAML manifest with a JWT, an XML decoder and --transport undici imports those packages, and reads", async () => {
    const manifest = oneStreamManifest({
      urlBase: api.url,
      path: "/xml",
      fieldPath: ["List", "Item"],
      requester: { authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['secret'] }}", algorithm: "HS256", header_prefix: "Bearer", jwt_payload: { iss: "sluice" } } },
      retriever: { decoder: { type: "XmlDecoder" } },
    });
    writeFileSync(join(dir, "jwt-xml.yaml"), stringify(manifest));
    const { run, loaded } = await runLogged(["read", "--manifest", "jwt-xml.yaml", "--config", "config.json", "--transport", "undici"], "jwt-xml");
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stderr, /ExperimentalWarning|DecompressInterceptor/, "undici's experimental warning is not shown");
    assert.deepEqual(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id), ["7", "8"]);
    for (const used of ["/node_modules/js-yaml/", "/node_modules/jsonwebtoken/", "/node_modules/fast-xml-parser/", "/node_modules/undici/"]) {
      assert.ok(loaded.some((url) => url.includes(used)), `${used} was imported`);
    }
    // The manifest's values are read by js-yaml (core/manifest/quick-yaml.ts); the yaml package only places errors at their lines.
    assert.deepEqual(loaded.filter((url) => url.includes("/node_modules/yaml/")), []);
  });

  it("`sluice spec` of a JWT manifest imports neither ajv nor jsonwebtoken; `check` of a valid config signs without ajv", async () => {
    const manifest = oneStreamManifest({
      urlBase: api.url,
      path: "/xml",
      fieldPath: ["List", "Item"],
      requester: { authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['secret'] }}", algorithm: "HS256", header_prefix: "Bearer" } },
      retriever: { decoder: { type: "XmlDecoder" } },
      source: { spec: { type: "Spec", connection_specification: { type: "object", required: ["secret"], properties: { secret: { type: "string", airbyte_secret: true } } } } },
    });
    writeFileSync(join(dir, "jwt-spec.json"), JSON.stringify(manifest, null, 2));
    const spec = await runLogged(["spec", "--manifest", "jwt-spec.json"], "jwt-spec");
    assert.equal(spec.run.code, 0, spec.run.stderr);
    assert.deepEqual(spec.run.messages.filter((m) => m.type === "SPEC").map((m) => m.spec.connectionSpecification.required), [["secret"]]);
    assert.deepEqual(spec.loaded.filter((url) => url.includes("/node_modules/ajv/") || url.includes("/node_modules/jsonwebtoken/")), []);
    const check = await runLogged(["check", "--manifest", "jwt-spec.json", "--config", "config.json"], "jwt-check");
    assert.equal(check.run.code, 0, check.run.stderr);
    assert.deepEqual(check.run.messages.filter((m) => m.type === "CONNECTION_STATUS").map((m) => m.connectionStatus.status), ["SUCCEEDED"]);
    assert.ok(check.loaded.includes("bundled:/node_modules/@cfworker/json-schema/"), "the config was checked by the quick check");
    assert.deepEqual(check.loaded.filter((url) => url.includes("/node_modules/ajv/")), [], "a valid config needs no ajv");
    assert.ok(check.loaded.some((url) => url.includes("/node_modules/jsonwebtoken/")), "the check's request signed a JWT");
  });

  it("`sluice check` of a config the spec refuses loads the bundle's ajv, which names the problem", async () => {
    const manifest = oneStreamManifest({
      urlBase: api.url,
      requester: { authenticator: { type: "BearerAuthenticator", api_token: "{{ config['token'] }}" } },
      source: { spec: { type: "Spec", connection_specification: { type: "object", required: ["token", "region"], properties: { token: { type: "string", airbyte_secret: true }, region: { type: "string" } } } } },
    });
    writeFileSync(join(dir, "region-spec.json"), JSON.stringify(manifest, null, 2));
    const check = await runLogged(["check", "--manifest", "region-spec.json", "--config", "config.json"], "region-check");
    const status = check.run.messages.find((m) => m.type === "CONNECTION_STATUS")?.connectionStatus;
    assert.equal(status?.status, "FAILED", check.run.stdout);
    assert.match(String(status?.message), /config\.region: a required field is missing/);
    assert.ok(check.loaded.includes("bundled:/node_modules/ajv/"), "check loaded the bundle's ajv");
    assert.deepEqual(check.loaded.filter((url) => url.startsWith("file:") && url.includes("/node_modules/ajv/")), [], "not node_modules' copy (a dynamic import of CommonJS in the bundle has only a default export)");
  });
});
