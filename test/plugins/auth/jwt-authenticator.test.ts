import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync, verify as cryptoVerify } from "node:crypto";
import jwt from "jsonwebtoken";
import { SluiceError } from "../../../sdk/index.js";
import { json, startLoopback, type Loopback } from "./support/loopback.js";
import { fakeClock, readAll, testConnector } from "./support/connector.js";

let api: Loopback;
let verifyKey: jwt.Secret | ((token: string) => unknown) = "";
let algorithms: jwt.Algorithm[] = ["HS256"];
before(async () => {
  api = await startLoopback();
  // The API verifies what a real one does: the signature with its key, the algorithm, and the time claims.
  api.route("/items", (req, res) => {
    const header = String(req.headers.authorization ?? "");
    const token = header.replace(/^Bearer /, "");
    try {
      const claims = typeof verifyKey === "function" ? verifyKey(token) : jwt.verify(token, verifyKey, { algorithms, clockTimestamp: Number(req.headers["x-now"] ?? Math.floor(Date.now() / 1000)) });
      json(res, 200, { data: [{ token: header, claims, header: jwt.decode(token, { complete: true })?.header }] });
    } catch (error) {
      json(res, 401, { error: String(error) });
    }
  });
});
after(() => api.close());

test("JwtAuthenticator signs HS256 with the claims a verifier checks: iat = nbf = now, exp = iat + 1200", async () => {
  verifyKey = "shh-its-a-secret";
  algorithms = ["HS256"];
  const connector = await testConnector({
    url: api.url,
    authenticator: {
      type: "JwtAuthenticator",
      secret_key: "{{ config['secret'] }}",
      algorithm: "HS256",
      header_prefix: "Bearer",
      jwt_headers: { kid: "{{ config['kid'] }}" },
      jwt_payload: { iss: "{{ config['issuer'] }}", sub: "svc", aud: "demo-api" },
      additional_jwt_payload: { scope: "read" },
      additional_jwt_headers: { "x-extra": "1a" },
    },
    config: { secret: "shh-its-a-secret", kid: "key-7", issuer: "sluice-tests" },
  });
  const before = Math.floor(Date.now() / 1000);
  const [record] = (await readAll(connector)) as Array<{ token: string; claims: Record<string, unknown>; header: Record<string, unknown> }>;
  const claims = record!.claims;
  assert.match(record!.token, /^Bearer ey/);
  assert.deepEqual({ iss: claims.iss, sub: claims.sub, aud: claims.aud, scope: claims.scope }, { iss: "sluice-tests", sub: "svc", aud: "demo-api", scope: "read" });
  assert.equal(claims.iat, claims.nbf);
  assert.equal(claims.exp, (claims.iat as number) + 1200);
  assert.ok((claims.iat as number) >= before && (claims.iat as number) <= before + 2);
  assert.deepEqual({ alg: record!.header.alg, typ: record!.header.typ, kid: record!.header.kid, extra: record!.header["x-extra"] }, { alg: "HS256", typ: "JWT", kid: "key-7", extra: "1a" });
});

test("JwtAuthenticator signs RS256 with a passphrase-encrypted PEM key", async () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "open sesame" },
  });
  verifyKey = publicKey;
  algorithms = ["RS256"];
  const connector = await testConnector({
    url: api.url,
    authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['private_key'] }}", passphrase: "{{ config['passphrase'] }}", algorithm: "RS256", token_duration: 300 },
    config: { private_key: privateKey, passphrase: "open sesame" },
  });
  const [record] = (await readAll(connector)) as Array<{ claims: Record<string, number> }>;
  assert.equal(record!.claims.exp - record!.claims.iat, 300);
});

test("JwtAuthenticator signs ES256 and EdDSA tokens that verify with the public key", async () => {
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256", publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  verifyKey = ec.publicKey;
  algorithms = ["ES256"];
  let connector = await testConnector({ url: api.url, authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['key'] }}", algorithm: "ES256" }, config: { key: ec.privateKey } });
  assert.equal((await readAll(connector)).length, 1);

  const ed = generateKeyPairSync("ed25519", { publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } });
  verifyKey = (token: string) => {
    const [h, p, s] = token.split(".");
    if (!cryptoVerify(null, Buffer.from(`${h}.${p}`), ed.publicKey, Buffer.from(s!, "base64url"))) throw new Error("bad EdDSA signature");
    return JSON.parse(Buffer.from(p!, "base64url").toString());
  };
  connector = await testConnector({ url: api.url, authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['key'] }}", algorithm: "EdDSA" }, config: { key: ed.privateKey } });
  const [record] = (await readAll(connector)) as Array<{ header: Record<string, unknown> }>;
  assert.equal(record!.header.alg, "EdDSA");
});

test("JwtAuthenticator reuses one signed token until shortly before it expires", async () => {
  verifyKey = (token: string) => jwt.decode(token);
  const clock = fakeClock();
  const connector = await testConnector({ url: api.url, clock, authenticator: { type: "JwtAuthenticator", secret_key: "k3y", algorithm: "HS512" }, config: {} });
  const tokens: string[] = [];
  for (const advance of [0, 60_000, 1_000_000, 1_200_000 - 1_060_000 - 61_000, 2_000]) {
    clock.advance(advance);
    const [record] = (await readAll(connector)) as Array<{ token: string }>;
    tokens.push(record!.token);
  }
  assert.equal(new Set(tokens.slice(0, 4)).size, 1, "the same token until 60 s before exp");
  assert.notEqual(tokens[4], tokens[0], "a new token within the margin");
  const claims = jwt.decode(tokens[0]!) as Record<string, number>;
  assert.equal(claims.iat, Math.floor(Date.parse("2024-05-01T00:00:00Z") / 1000), "iat comes from the injected clock");
});

test("JwtAuthenticator base64_encode_secret_key signs with the base64 text of the secret", async () => {
  verifyKey = Buffer.from("raw-secret").toString("base64");
  algorithms = ["HS256"];
  const connector = await testConnector({ url: api.url, authenticator: { type: "JwtAuthenticator", secret_key: "raw-secret", base64_encode_secret_key: true, algorithm: "HS256" }, config: {} });
  assert.equal((await readAll(connector)).length, 1);
});

test("JwtAuthenticator refuses reserved claims in additional_jwt_payload", async () => {
  await assert.rejects(
    testConnector({ url: api.url, authenticator: { type: "JwtAuthenticator", secret_key: "k", algorithm: "HS256", additional_jwt_payload: { exp: "1", team: "x" } }, config: {} }),
    (error: unknown) => error instanceof SluiceError && error.code === "AUTH_JWT_RESERVED_CLAIM" && /'exp'/.test(error.message),
  );
});

test("JwtAuthenticator reports an unusable private key without printing it", async () => {
  await assert.rejects(
    testConnector({ url: api.url, authenticator: { type: "JwtAuthenticator", secret_key: "{{ config['key'] }}", algorithm: "RS256" }, config: { key: "not-a-pem-key-value" } }),
    (error: unknown) => error instanceof SluiceError && error.code === "AUTH_JWT_KEY_INVALID" && !error.describe().includes("not-a-pem-key-value"),
  );
});
