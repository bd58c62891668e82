/**
 * Attacks on the files the Builder reads and writes (issue 36, items 2, 4, 5 and 9), through its real
 * server on loopback with real symlinks in a temp folder: schema files through a symlink, a `secrets`
 * that is a symlink, concurrent saves from the same base, testing values too deep to read back.
 */
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { basePath, send, SHARED_MANIFEST } from "./builder-support.js";

/** The shared manifest with its `users` stream's schema read from `file`. */
const withSchemaFile = (file: string) => SHARED_MANIFEST.replace("    name: users\n", `    name: users\n    schema_loader: { type: JsonFileSchemaLoader, file_path: ${file} }\n`);

describe("the Builder's files under attack", () => {
  const roots: string[] = [];
  const builders: RunningBuilder[] = [];
  after(async () => {
    for (const builder of builders) await builder.close();
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** A root with `connector/` (the Builder's folder, with the shared manifest) and `outside/`. */
  async function open(prepare: (dir: string, root: string) => void = () => undefined) {
    const root = mkdtempSync(join(tmpdir(), "sluice-builder-attack-"));
    roots.push(root);
    const dir = join(root, "connector");
    mkdirSync(dir);
    mkdirSync(join(root, "outside"));
    writeFileSync(join(dir, "manifest.yaml"), SHARED_MANIFEST);
    prepare(dir, root);
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    builders.push(builder);
    const base = basePath(builder.url);
    return { root, dir, call: (method: string, path: string, body?: unknown) => send(builder.port, method, `${base}api/${path}`, { body }) };
  }

  for (const [link, target, file] of [
    ["sch", "secrets", "sch/config.json"],
    ["out", "../outside", "out/users.json"],
  ] as const) {
    it(`PUT api/schema-file through a symlink ${link} -> ${target} is refused and writes nothing`, async () => {
      const { root, dir, call } = await open((dir) => {
        mkdirSync(join(dir, "secrets"), { mode: 0o700 });
        writeFileSync(join(dir, "secrets", "config.json"), '{"api_key": "sk-live-1"}');
        symlinkSync(target, join(dir, link));
      });
      const answer = await call("PUT", "schema-file", { text: withSchemaFile(file), stream: "users", schema: { type: "object" } });
      assert.equal(answer.status, 400, answer.body);
      assert.match(answer.json<{ error: { message: string } }>().error.message, /leads (outside the connector folder|into secrets\/)/);
      assert.equal(readFileSync(join(dir, "secrets", "config.json"), "utf8"), '{"api_key": "sk-live-1"}');
      assert.ok(!existsSync(join(root, "outside", "users.json")));
      writeFileSync(join(root, "outside", "users.json"), '{"title": "outside"}');
      const read = await call("POST", "detect-schema", { text: withSchemaFile(file), stream: "users", records: [{ id: 1 }] });
      assert.equal(read.status, 400, "the schema file is not read through the symlink either");
      assert.doesNotMatch(read.body, /outside"|sk-live-1/);
    });
  }

  it("PUT api/schema-file replaces a final symlink inside the folder instead of writing through it", async () => {
    const { root, dir, call } = await open((dir, root) => {
      mkdirSync(join(dir, "schemas"));
      writeFileSync(join(root, "outside", "victim.json"), "kept");
      symlinkSync(join(root, "outside", "victim.json"), join(dir, "schemas", "users.json"));
    });
    const answer = await call("PUT", "schema-file", { text: withSchemaFile("schemas/users.json"), stream: "users", schema: { type: "object" } });
    assert.equal(answer.status, 200, answer.body);
    assert.equal(readFileSync(join(root, "outside", "victim.json"), "utf8"), "kept");
    assert.ok(statSync(join(dir, "schemas", "users.json")).isFile());
  });

  it("testing values are not saved through a secrets that is a symlink (to docs/), and docs/ keeps its mode", async () => {
    const { dir, call } = await open((dir) => {
      mkdirSync(join(dir, "docs"), { mode: 0o755 });
      symlinkSync("docs", join(dir, "secrets"));
    });
    const answer = await call("PUT", "testing-values", { values: { api_key: "sk-live-2" } });
    assert.equal(answer.status, 422, answer.body);
    const { error } = answer.json<{ error: { code: string; found: string } }>();
    assert.equal(error.code, "BUILDER_SECRETS_UNSAFE");
    assert.equal(error.found, "a symlink");
    assert.ok(!existsSync(join(dir, "docs", "config.json")));
    assert.equal(statSync(join(dir, "docs")).mode & 0o777, 0o755);
  });

  it("testing values are not read through a secrets/config.json that is a symlink", async () => {
    const { call } = await open((dir, root) => {
      writeFileSync(join(root, "outside", "creds.json"), '{"aws": "AKIA-outside"}');
      mkdirSync(join(dir, "secrets"), { mode: 0o700 });
      symlinkSync(join(root, "outside", "creds.json"), join(dir, "secrets", "config.json"));
    });
    const answer = await call("GET", "session");
    assert.equal(answer.status, 422);
    assert.doesNotMatch(answer.body, /AKIA-outside/);
  });

  it("of 8 concurrent saves from the same base exactly one is saved and 7 get the conflict", async () => {
    const { dir, call } = await open();
    const { hash } = (await call("GET", "manifest")).json<{ hash: string }>();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => call("PUT", "manifest", { text: `${SHARED_MANIFEST}# edit ${i}\n`, baseHash: hash })));
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.findIndex((a) => a.status === 200);
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), `${SHARED_MANIFEST}# edit ${winner}\n`);
  });

  it("testing values nested 1,500 levels are refused with the limit, and the page still opens", async () => {
    const { call } = await open();
    let deep: unknown = "x";
    for (let i = 0; i < 1_500; i++) deep = { d: deep };
    const answer = await call("PUT", "testing-values", { values: { api_key: "k", deep } });
    assert.equal(answer.status, 422, answer.body);
    const { error } = answer.json<{ error: { code: string; expected: string } }>();
    assert.equal(error.code, "BUILDER_TESTING_VALUES_TOO_DEEP");
    assert.match(error.expected, /1000 levels/);
    assert.equal((await call("GET", "session")).status, 200);
  });

  for (const [link, target] of [["tests", "../outside"], ["secrets", "docs"]] as const) {
    it(`a folder without a manifest whose ${link} is a symlink to ${target} is not scaffolded through it`, async () => {
      const root = mkdtempSync(join(tmpdir(), "sluice-builder-attack-"));
      roots.push(root);
      const dir = join(root, "connector");
      mkdirSync(join(root, "outside"));
      mkdirSync(join(dir, "docs"), { recursive: true });
      symlinkSync(target, join(dir, link));
      // A Builder that started anyway is closed (by `after`) so that the failure is reported, not a hang.
      const refusal = await startBuilder(createSluice({ logLevel: "error" }), { dir }).then((builder) => void builders.push(builder), (error: Error & { code?: string }) => error);
      assert.ok(refusal && ["BUILDER_BAD_REQUEST", "BUILDER_SECRETS_UNSAFE"].includes(refusal.code ?? ""), `refused: ${refusal?.message}`);
      assert.deepEqual(readdirSync(join(root, "outside")), []);
      assert.deepEqual(readdirSync(join(dir, "docs")), []);
      assert.ok(!existsSync(join(dir, "manifest.yaml")), "nothing is scaffolded");
    });
  }
});
