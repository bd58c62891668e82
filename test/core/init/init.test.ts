import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, before, describe, it } from "node:test";
import { Ajv } from "ajv";
import { parse } from "yaml";
import { createSluice } from "../../../core/index.js";
import { AUTH_METHODS, authScaffold } from "../../../core/init/auth-methods.js";
import { PAGINATION_METHODS } from "../../../core/init/pagination-methods.js";
import { validateConnector } from "../../../core/validate/validate-connector.js";
import { main } from "../../../core/cli/main.js";
import { runCli } from "../../support/run-cli.js";
import { CREDENTIALS, SECRETS, startScaffoldApi, type ScaffoldApi } from "./scaffold-api.js";

describe("sluice init", () => {
  let dir: string;
  let api: ScaffoldApi;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-init-"));
    api = await startScaffoldApi();
  });
  after(async () => {
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Scaffolds with flags and fills secrets/config.json with the API's testing values. */
  async function scaffold(name: string, auth: string, pagination: string): Promise<string> {
    const { code, stderr } = await runCli(["init", name, "--auth", auth, "--pagination", pagination, "--url", `${api.url}/v1`], dir);
    assert.equal(code, 0, stderr);
    const folder = join(dir, name);
    const placeholders = JSON.parse(readFileSync(join(folder, "secrets/config.json"), "utf8")) as Record<string, string>;
    const filled = Object.fromEntries(Object.keys(placeholders).map((key) => [key, CREDENTIALS[key as keyof typeof CREDENTIALS]]));
    writeFileSync(join(folder, "secrets/config.json"), JSON.stringify(filled));
    return folder;
  }

  it("scaffolds every authentication × pagination combination into a manifest that validates, with no warning", async () => {
    let validate: ((data: unknown) => boolean) | undefined;
    let schemaText: string | undefined;
    for (const auth of AUTH_METHODS) {
      for (const pagination of PAGINATION_METHODS) {
        const folder = await scaffold(`c-${auth}-${pagination}`, auth, pagination);
        const config = JSON.parse(readFileSync(join(folder, "secrets/config.json"), "utf8"));
        const report = await validateConnector(createSluice(), { path: join(folder, "manifest.yaml"), config });
        assert.deepEqual(report.findings, [], `${auth} × ${pagination}`);
        // Every folder gets the same editor schema: it is compiled once.
        const text = readFileSync(join(folder, "manifest.schema.json"), "utf8");
        assert.ok(schemaText === undefined || text === schemaText);
        schemaText = text;
        validate ??= new Ajv({ strict: false, allowUnionTypes: true }).compile(JSON.parse(text));
        assert.ok(validate(parse(readFileSync(join(folder, "manifest.yaml"), "utf8"))), `${auth} × ${pagination} against its editor schema`);
      }
    }
  });

  it("writes a spec requiring exactly the method's credentials, secrets marked, and a git-ignored secrets folder", async () => {
    const folder = await scaffold("spec-check", "oauth", "none");
    const manifest = parse(readFileSync(join(folder, "manifest.yaml"), "utf8"));
    const spec = manifest.spec.connection_specification;
    assert.deepEqual(spec.required, ["client_id", "client_secret", "refresh_token"]);
    assert.deepEqual(Object.keys(spec.properties).filter((k) => spec.properties[k].airbyte_secret), ["client_secret", "refresh_token"]);
    assert.match(readFileSync(join(folder, "manifest.yaml"), "utf8"), /^# yaml-language-server: \$schema=manifest\.schema\.json\n/);
    assert.match(readFileSync(join(folder, ".gitignore"), "utf8"), /^secrets\/$/m);
    assert.equal(statSync(join(folder, "secrets/config.json")).mode & 0o077, 0, "only its owner reads the testing values");
    assert.match(readFileSync(join(folder, "README.md"), "utf8"), /sluice test-read --config secrets\/config\.json --stream items/);
    for (const method of AUTH_METHODS) {
      const fields = authScaffold(method, "https://x").fields;
      assert.equal(new Set(fields.map((f) => f.name)).size, fields.length);
    }
    assert.deepEqual(authScaffold("none", "https://x").fields, []);
  });

  it("test-reads a scaffolded connector against a loopback API, for every authentication method", async () => {
    for (const auth of AUTH_METHODS) {
      api.expect = { auth, pagination: "offset" };
      const folder = await scaffold(`read-${auth}-offset`, auth, "offset");
      const { code, stdout, stderr } = await runCli(["test-read", "--config", "secrets/config.json", "--stream", "items", "--records", "1000", "--json"], folder);
      assert.equal(code, 0, `${auth}: ${stderr}${stdout.slice(0, 400)}`);
      const pages = JSON.parse(stdout).streams[0].slices[0].pages;
      assert.deepEqual(pages.map((p: { records: unknown[] }) => p.records.length), [100, 100, 30], auth);
      for (const value of SECRETS) assert.ok(!stdout.includes(value), `${auth}: a credential in the output`);
    }
  });

  it("test-reads a scaffolded connector against a loopback API, for every pagination method", async () => {
    const expected: Record<string, number[]> = { offset: [100, 100, 30], page: [100, 100, 30], cursor: [100, 100, 30], link: [100, 100, 30], none: [10] };
    for (const pagination of PAGINATION_METHODS) {
      api.expect = { auth: "bearer", pagination };
      const folder = await scaffold(`paged-${pagination}`, "bearer", pagination);
      const { code, stdout } = await runCli(["test-read", "--config", "secrets/config.json", "--stream", "items", "--records", "1000", "--json"], folder);
      assert.equal(code, 0, pagination);
      const pages = JSON.parse(stdout).streams[0].slices[0].pages;
      assert.deepEqual(pages.map((p: { records: unknown[] }) => p.records.length), expected[pagination], pagination);
      assert.equal(pages.at(-1).next_page_token, null);
    }
  });

  it("asks in a terminal what the flags leave open", async () => {
    const stdin = new PassThrough();
    let stdout = "";
    const running = main(["init", "asked"], { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true }, env: {}, cwd: dir, interactive: true, stdin });
    stdin.write("5\nlink\n\n/repos\n");
    assert.equal(await running, 0);
    assert.match(stdout, /Authentication:\n {2}1\) bearer/);
    const manifest = parse(readFileSync(join(dir, "asked", "manifest.yaml"), "utf8"));
    assert.equal(manifest.definitions.authenticator.type, "SessionTokenAuthenticator");
    assert.deepEqual(manifest.definitions.authenticator.session_token_path, ["token"]);
    assert.equal(manifest.streams[0].name, "repos");
    assert.deepEqual(manifest.streams[0].retriever.paginator.page_token_option, { type: "RequestPath" });
  });

  it("never overwrites a folder, and names the choices of a wrong flag", async () => {
    await scaffold("taken", "none", "none");
    const exists = await runCli(["init", "taken"], dir);
    assert.equal(exists.code, 1);
    assert.match(exists.stderr, /INIT_TARGET_EXISTS/);
    const wrong = await runCli(["init", "wrong", "--auth", "oauth2"], dir);
    assert.match(wrong.stderr, /--auth must be one of bearer, basic, api-key, oauth, session, jwt, none/);
    assert.ok(!existsSync(join(dir, "wrong")));
  });
});
