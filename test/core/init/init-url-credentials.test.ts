import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { parse } from "yaml";
import { useLoopback } from "../../support/loopback.js";
import { runCli } from "../../support/run-cli.js";

// The attack of issue 22: `sluice init --url https://user:PASS@host/v1?api_key=KEY` wrote the password
// and the key into manifest.yaml and README.md. URL credentials become spec inputs, their values in
// secrets/config.json, or the command refuses.
const PASS = "pw-Secret-93a1";
const KEY = "key-Live-5c7e";
const dir = mkdtempSync(join(tmpdir(), "sluice-init-url-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("sluice init --url with credentials in the URL", () => {
  const api = useLoopback((req) => ({ body: { data: [{ id: 1, auth: req.headers.authorization ?? null, key: req.url.searchParams.get("api_key"), format: req.url.searchParams.get("format") }] } }));

  it("keeps the password and key out of manifest.yaml, README.md and stdout, and the connector sends them from secrets/config.json", async () => {
    const url = `${api.url.replace("http://", `http://ana:${PASS}@`)}/v1?api_key=${KEY}&format=json`;
    const init = await runCli(["init", "acme", "--pagination", "none", "--url", url, "--path", "/items"], dir);
    assert.equal(init.code, 0, init.stderr);
    const folder = join(dir, "acme");
    const manifestText = readFileSync(join(folder, "manifest.yaml"), "utf8");
    for (const [name, text] of [["manifest.yaml", manifestText], ["README.md", readFileSync(join(folder, "README.md"), "utf8")], ["stdout", init.stdout + init.stderr]]) {
      for (const secret of [PASS, KEY, "ana:"]) assert.ok(!text!.includes(secret), `${secret} is in ${name}`);
    }
    const config = JSON.parse(readFileSync(join(folder, "secrets/config.json"), "utf8")) as Record<string, string>;
    assert.deepEqual(config, { username: "ana", password: PASS, api_key: KEY });
    const manifest = parse(manifestText) as { definitions: { requester: Record<string, unknown>; authenticator: Record<string, unknown> }; spec: { connection_specification: { properties: Record<string, { airbyte_secret?: boolean }> } } };
    assert.equal(manifest.definitions.requester.url_base, `${api.url}/v1`);
    assert.deepEqual(manifest.definitions.requester.request_parameters, { api_key: "{{ config['api_key'] }}", format: "json" });
    assert.equal(manifest.definitions.authenticator.type, "BasicHttpAuthenticator");
    assert.equal(manifest.spec.connection_specification.properties.api_key!.airbyte_secret, true);
    assert.equal(manifest.spec.connection_specification.properties.password!.airbyte_secret, true);

    const read = await runCli(["read", "--config", "secrets/config.json"], folder);
    assert.equal(read.code, 0, read.stderr);
    const record = (JSON.parse(read.stdout.split("\n").find((line) => line.includes('"RECORD"'))!) as { record: { data: Record<string, unknown> } }).record.data;
    assert.equal(record.auth, `Basic ${Buffer.from(`ana:${PASS}`).toString("base64")}`);
    assert.equal(record.key, KEY);
    assert.equal(record.format, "json");
  });

  it("refuses user:password@ with another authentication method, writing nothing and showing no value", async () => {
    const url = `https://ana:${PASS}@api.example.com/v1`;
    const run = await runCli(["init", "refused", "--auth", "bearer", "--pagination", "none", "--url", url], dir);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /INIT_URL_CREDENTIALS/);
    assert.ok(!(run.stdout + run.stderr).includes(PASS));
    assert.equal(existsSync(join(dir, "refused")), false);
  });

  // Names judged on their words: a substring match refused or hid `author`, `country_code`, `keyword`.
  const ORDINARY = ["userid", "donkey", "author", "country_code", "authority", "keyword", "monkey", "authorName", "secretary", "passenger", "signup", "design", "tokenizer", "sort", "zipcode"];
  const CREDENTIALS = ["api_key", "apikey", "apiKey", "X-API-Key", "access_token", "accessToken2", "token", "client_secret", "secret", "password", "passwd", "pwd", "sig", "signature", "X-Amz-Signature", "auth", "auth_token", "key", "session", "sessionId", "code", "sign", "hapikey", "appid", "appsecret", "usertoken", "appkey", "licensekey"];

  it("keeps ordinary parameters whose names only contain a credential word as literals in the manifest", async () => {
    const url = `https://api.example.com/v1?${ORDINARY.map((name, i) => `${name}=v${i}`).join("&")}`;
    const init = await runCli(["init", "ordinary", "--pagination", "none", "--url", url, "--path", "/items"], dir);
    assert.equal(init.code, 0, init.stderr);
    const manifest = parse(readFileSync(join(dir, "ordinary", "manifest.yaml"), "utf8")) as { definitions: { requester: { request_parameters: Record<string, string> } } };
    assert.deepEqual(manifest.definitions.requester.request_parameters, Object.fromEntries(ORDINARY.map((name, i) => [name, `v${i}`])));
  });

  it("makes every credential-named parameter a secret input, its value in secrets/config.json only", async () => {
    const url = `https://api.example.com/v1?${CREDENTIALS.map((name, i) => `${name}=secret-value-${i}`).join("&")}`;
    const init = await runCli(["init", "credentials", "--pagination", "none", "--url", url, "--path", "/items"], dir);
    assert.equal(init.code, 0, init.stderr);
    const manifestText = readFileSync(join(dir, "credentials", "manifest.yaml"), "utf8");
    const parameters = (parse(manifestText) as { definitions: { requester: { request_parameters: Record<string, string> } } }).definitions.requester.request_parameters;
    for (const name of CREDENTIALS) assert.match(parameters[name] ?? "", /^\{\{ config\['\w+'\] \}\}$/, `${name} is not a config input: ${parameters[name]}`);
    for (let i = 0; i < CREDENTIALS.length; i++) assert.ok(!manifestText.includes(`secret-value-${i}`), CREDENTIALS[i]);
  });
});
