import assert from "node:assert/strict";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { after, before, describe, it } from "node:test";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { demoConfig } from "../../examples/demo/demo-config.js";
import { runShell, runSluice, type CliRun } from "../support/run-sluice.js";
import { readDockerfile, readDockerignore } from "./docker-context.js";
import { PLATFORM_ENV } from "../support/platform-env.js";

const ROOT = join(import.meta.dirname, "..", "..");
const CONNECTOR = "examples/demo";
const dockerfile = readDockerfile(ROOT);
const ignored = readDockerignore(ROOT);

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" }).map((f) => join(dir, f)).filter((f) => statSync(join(ROOT, f)).isFile());
}

describe("the Airbyte source image's build context (Dockerfile, .dockerignore)", () => {
  it("every COPY source exists in the context and is not excluded by .dockerignore", () => {
    assert.ok(dockerfile.copies.length >= 8, `${dockerfile.copies.length} COPY sources`);
    for (const source of dockerfile.copies.map((s) => s.replace("${CONNECTOR}", CONNECTOR))) {
      assert.ok(existsSync(join(ROOT, source)), `COPY ${source}: missing from the context`);
      assert.equal(ignored(source), false, `COPY ${source}: excluded by .dockerignore`);
    }
  });

  it("the build stage copies every folder scripts/build.mjs bundles, and the context keeps all their files", () => {
    const folders = JSON.parse(/SOURCE_FOLDERS = (\[[^\]]*\])/.exec(readFileSync(join(ROOT, "scripts", "bundle-library.mjs"), "utf8"))![1]!) as string[];
    assert.ok(folders.includes("core") && folders.includes("sdk"), folders.join(", "));
    for (const folder of folders) assert.ok(dockerfile.copies.includes(folder), `the Dockerfile does not COPY ${folder}/`);
    for (const file of [...folders.flatMap(filesUnder), ...filesUnder(CONNECTOR)]) assert.equal(ignored(file), false, `${file} is excluded`);
  });

  it("the context leaves out credentials, dependencies, build output, git and tests", () => {
    for (const path of ["examples/demo/secrets/config.json", "secrets/config.json", "node_modules/tsx/package.json", "examples/demo/node_modules/x.js", "dist/core/index.js", ".git/HEAD", "test/e2e/auth-demo.test.ts", "examples/demo/config.json.lock", "sluice-0.1.0.tgz"]) {
      assert.equal(ignored(path), true, `${path} would be sent to the Docker daemon`);
    }
  });

  it("the image runs `sluice`, sets AIRBYTE_ENTRYPOINT and carries the Airbyte connector labels", () => {
    assert.deepEqual(dockerfile.entrypoint, ["sluice"]);
    assert.equal(dockerfile.env.get("AIRBYTE_ENTRYPOINT"), "sluice");
    assert.equal(dockerfile.env.get("SLUICE_MANIFEST"), "/airbyte/connector");
    assert.ok(dockerfile.labels.includes("io.airbyte.name") && dockerfile.labels.includes("io.airbyte.version"), dockerfile.labels.join(", "));
    assert.ok(dockerfile.args.has("CONNECTOR"));
  });

  it("bin/sluice.js, which the image links as /usr/local/bin/sluice, is executable", () => {
    assert.ok((statSync(join(ROOT, "bin", "sluice.js")).mode & 0o111) !== 0);
  });
});

describe("the image's entrypoint, run with the platform's command shapes", () => {
  let api: DemoApi;
  let image: string;
  let source: string;
  let env: Record<string, string>;
  before(async () => {
    api = await startDemoApi();
    // The image's file system, as far as the entrypoint sees it: `sluice` on the PATH, the connector folder
    // (what COPY ${CONNECTOR} puts there, .dockerignore applied), the platform's /source folder.
    image = mkdtempSync(join(tmpdir(), "sluice-image-"));
    const connectorDir = join(image, "airbyte", "connector");
    cpSync(join(ROOT, CONNECTOR), connectorDir, { recursive: true, filter: (from) => !ignored(relative(ROOT, from)) });
    mkdirSync(join(image, "usr", "local", "bin"), { recursive: true });
    const shim = join(image, "usr", "local", "bin", "sluice");
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, "bin", "sluice.js")}" "$@"\n`);
    chmodSync(shim, 0o755);
    source = join(image, "source");
    mkdirSync(source);
    writeFileSync(join(source, "connectorConfig.json"), JSON.stringify(demoConfig(api.url)));
    const imageEnv = Object.fromEntries([...dockerfile.env].map(([k, v]) => [k, v.replace("/airbyte/connector", connectorDir)]));
    env = { ...imageEnv, ...PLATFORM_ENV, PATH: `${join(image, "usr", "local", "bin")}:${process.env.PATH}`, SOURCE_DIR: source };
  });
  after(async () => {
    await api.close();
    rmSync(image, { recursive: true, force: true });
  });

  /** `eval "$AIRBYTE_ENTRYPOINT <args>"` in /source, as the launcher's container command runs it. */
  function platform(args: string): Promise<CliRun> {
    return runShell(`eval "$AIRBYTE_ENTRYPOINT ${args}"`, source, env);
  }

  function catalog(streams: Array<{ name: string; sync_mode?: string }>): string {
    const file = join(source, "catalog.json");
    const entries = streams.map(({ name, sync_mode = "full_refresh" }) => ({
      stream: { name, json_schema: {}, supported_sync_modes: ["full_refresh"] },
      sync_mode,
      destination_sync_mode: "overwrite",
    }));
    writeFileSync(file, JSON.stringify({ streams: entries }));
    return file;
  }

  it("spec prints the SPEC message, logs go to stdout as LOG messages, stderr stays empty", async () => {
    const run = await platform("spec");
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.map((m) => m.type), ["SPEC"]);
    assert.ok(run.messages[0]!.spec.connectionSpecification.properties.base_url);
    assert.equal(run.stderr, "");
  });

  it("check --config /source/connectorConfig.json succeeds", async () => {
    const run = await platform("check --config $SOURCE_DIR/connectorConfig.json");
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.find((m) => m.type === "CONNECTION_STATUS")?.connectionStatus, { status: "SUCCEEDED" });
  });

  it("discover --config lists every stream with its sync modes and keys", async () => {
    const run = await platform("discover --config $SOURCE_DIR/connectorConfig.json");
    assert.equal(run.code, 0, run.stderr);
    const streams = run.messages.find((m) => m.type === "CATALOG")!.catalog.streams as Array<Record<string, any>>;
    assert.ok(streams.some((s) => s.name === "users"));
    for (const stream of streams) assert.deepEqual(stream.supported_sync_modes, ["full_refresh"]);
  });

  it("read --config --catalog reads the catalog's streams: statuses, records, a summary LOG, exit 0", async () => {
    catalog([{ name: "users" }, { name: "plans" }]);
    const run = await platform("read --config $SOURCE_DIR/connectorConfig.json --catalog $SOURCE_DIR/catalog.json");
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, "");
    const streams = new Set(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.stream));
    assert.deepEqual([...streams].sort(), ["plans", "users"]);
    for (const name of ["users", "plans"]) {
      const statuses = run.messages.filter((m) => m.trace?.type === "STREAM_STATUS" && m.trace.stream_status.stream_descriptor.name === name).map((m) => m.trace.stream_status.status);
      assert.deepEqual(statuses, ["STARTED", "RUNNING", "COMPLETE"]);
    }
    assert.ok(run.messages.some((m) => m.type === "LOG" && /read 2 streams/.test(m.log.message)));
  });

  it("read --config --catalog --state accepts the platform's state file", async () => {
    catalog([{ name: "plans" }]);
    writeFileSync(join(source, "inputState.json"), JSON.stringify([{ type: "STREAM", stream: { stream_descriptor: { name: "plans" }, stream_state: { __ab_no_cursor_state_message: true } } }]));
    const run = await platform("read --config $SOURCE_DIR/connectorConfig.json --catalog $SOURCE_DIR/catalog.json --state $SOURCE_DIR/inputState.json");
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.messages.some((m) => m.type === "RECORD" && m.record.stream === "plans"));
    assert.ok(run.messages.some((m) => m.type === "STATE"));
  });

  it("an empty catalog (every stream deselected) reads nothing and succeeds", async () => {
    catalog([]);
    const run = await platform("read --config $SOURCE_DIR/connectorConfig.json --catalog $SOURCE_DIR/catalog.json");
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.filter((m) => m.type !== "LOG"), []);
  });

  it("sync_mode incremental on a stream without a cursor is a config error naming the stream", async () => {
    catalog([{ name: "plans" }, { name: "users", sync_mode: "incremental" }]);
    const run = await platform("read --config $SOURCE_DIR/connectorConfig.json --catalog $SOURCE_DIR/catalog.json");
    assert.equal(run.code, 1);
    const error = run.messages.find((m) => m.trace?.type === "ERROR")!.trace.error;
    assert.equal(error.failure_type, "config_error");
    assert.match(error.message, /Stream 'users'.*incremental.*no cursor/);
    assert.equal(run.messages.filter((m) => m.type === "RECORD").length, 0);
  });
});
