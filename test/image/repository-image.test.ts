/**
 * The repository's Dockerfile, unchanged, built with podman and run the way the Airbyte platform runs a
 * source (scripts/test-image.sh; not part of `npm test`).
 */
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startDemoApi, type DemoApi } from "../../examples/demo-api/server.js";
import { demoConfig } from "../../examples/demo/demo-config.js";
import { BUILD_OPTIONS, NODE_IMAGE, platformRun, podman, shellIn } from "./podman.js";

const ROOT = join(import.meta.dirname, "..", "..");
const IMAGE = `localhost/sluice-test-demo:${process.pid}`;

describe("the repository's Dockerfile, built with podman and run as the platform runs it", () => {
  let api: DemoApi;
  let source: string;
  before(() => {
    assert.ok(NODE_IMAGE, "SLUICE_TEST_NODE_IMAGE names the base image (run through scripts/test-image.sh)");
    const started = Date.now();
    podman(["build", ...BUILD_OPTIONS, "--build-arg", `NODE_IMAGE=${NODE_IMAGE}`, "--build-arg", "CONNECTOR=examples/demo", "-t", IMAGE, ROOT]);
    console.log(`# built ${IMAGE} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  before(async () => {
    api = await startDemoApi();
    source = mkdtempSync(join(tmpdir(), "sluice-image-source-"));
    chmodSync(source, 0o755); // the platform's files are readable by the container's user
    writeFileSync(join(source, "connectorConfig.json"), JSON.stringify(demoConfig(api.url)));
  });
  after(async () => {
    await api?.close();
    if (source) rmSync(source, { recursive: true, force: true });
    podman(["rmi", "-f", IMAGE], { allowFailure: true });
  });

  function catalog(names: string[], file = "catalog.json"): void {
    const streams = names.map((name) => ({ stream: { name, json_schema: {}, supported_sync_modes: ["full_refresh"] }, sync_mode: "full_refresh", destination_sync_mode: "overwrite" }));
    writeFileSync(join(source, file), JSON.stringify({ streams }));
  }

  it("spec prints one SPEC message and nothing on stderr", async () => {
    const run = await platformRun({ image: IMAGE, command: "spec", source });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.map((m) => m.type), ["SPEC"]);
    assert.ok(run.messages[0]!.spec.connectionSpecification.properties.base_url);
  });

  it("check --config /source/connectorConfig.json succeeds against the demo API", async () => {
    const run = await platformRun({ image: IMAGE, command: "check --config /source/connectorConfig.json", source });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.find((m) => m.type === "CONNECTION_STATUS")?.connectionStatus, { status: "SUCCEEDED" });
  });

  let streamNames: string[] = [];
  it("discover lists the demo connector's 11 streams", async () => {
    const run = await platformRun({ image: IMAGE, command: "discover --config /source/connectorConfig.json", source });
    assert.equal(run.code, 0, run.stderr);
    streamNames = run.messages.find((m) => m.type === "CATALOG")!.catalog.streams.map((s: { name: string }) => s.name);
    assert.equal(streamNames.length, 11, streamNames.join(", "));
  });

  it("read of every stream delivers the demo's 248 records, every stream COMPLETE, every message valid", async () => {
    catalog(streamNames);
    const run = await platformRun({ image: IMAGE, command: "read --config /source/connectorConfig.json --catalog /source/catalog.json", source });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, "", "logs go to stdout as LOG messages when run by the platform");
    assert.equal(run.messages.filter((m) => m.type === "RECORD").length, 248);
    const complete = run.messages.filter((m) => m.trace?.stream_status?.status === "COMPLETE").map((m) => m.trace.stream_status.stream_descriptor.name);
    assert.deepEqual(complete.sort(), [...streamNames].sort());
  });

  it("read --state resumes from the platform's state file", async () => {
    catalog(["plans"]);
    const state = [{ type: "STREAM", stream: { stream_descriptor: { name: "plans" }, stream_state: { __ab_no_cursor_state_message: true } } }];
    writeFileSync(join(source, "inputState.json"), JSON.stringify(state));
    const run = await platformRun({ image: IMAGE, command: "read --config /source/connectorConfig.json --catalog /source/catalog.json --state /source/inputState.json", source });
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.messages.some((m) => m.type === "RECORD" && m.record.stream === "plans"));
    assert.ok(run.messages.some((m) => m.type === "STATE"));
  });

  it("runs as the unprivileged node user (uid 1000), who cannot write the connector folder or Sluice", () => {
    const run = shellIn(IMAGE, 'id -u; for d in /airbyte/connector /airbyte/sluice /airbyte/sluice/dist; do if [ -w "$d" ]; then echo "writable $d"; fi; done');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), "1000");
  });

  it("carries python-kit/ and no dev dependencies, tests, TypeScript sources, bytecode caches or secrets", () => {
    const top = shellIn(IMAGE, "ls -A /airbyte/sluice").stdout.trim().split("\n");
    assert.deepEqual(top, ["LICENSE", "bin", "dist", "node_modules", "package.json", "python-kit"]);
    const modules = shellIn(IMAGE, "ls -A /airbyte/sluice/node_modules").stdout.trim().split("\n");
    // esbuild is also tsx's own dependency (custom .ts components are loaded through tsx at run time).
    const dev = Object.keys(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).devDependencies).filter((name) => name !== "esbuild");
    for (const name of dev) assert.ok(!modules.includes(name.split("/")[0]!) || shellIn(IMAGE, `test -e /airbyte/sluice/node_modules/${name}`).code !== 0, `${name} (a dev dependency) is in the image`);
    // Sluice's own files: no tests, TypeScript sources or tsconfig (what third-party packages ship in node_modules is theirs);
    // no secrets, .env or Python bytecode caches anywhere.
    const found = shellIn(IMAGE, "find /airbyte -path /airbyte/sluice/node_modules -prune -o \\( -name '*.test.ts' -o -name tsconfig.json -o \\( -name '*.ts' ! -name '*.d.ts' -path '*/sluice/dist/*' \\) \\) -print; find /airbyte \\( -name secrets -o -name .env -o -name __pycache__ \\) -print");
    assert.equal(found.code, 0, found.stderr);
    assert.equal(found.stdout.trim(), "");
  });

  it("reports the size of Sluice's own layers and the start time of spec (for docs/deploy.md)", () => {
    const base = Number(podman(["image", "inspect", NODE_IMAGE, "--format", "{{.Size}}"]).stdout.trim());
    const total = Number(podman(["image", "inspect", IMAGE, "--format", "{{.Size}}"]).stdout.trim());
    const own = total - base;
    const du = shellIn(IMAGE, "du -sk /airbyte/sluice/dist /airbyte/sluice/node_modules /airbyte/connector").stdout.trim().replace(/\s+/g, " ");
    const timing = shellIn(IMAGE, 'for c in "sluice spec" "node -e 0"; do for i in 1 2 3 4 5; do s=$(date +%s%N); $c >/dev/null; e=$(date +%s%N); printf "%s " $(( (e - s) / 1000000 )); done; echo; done');
    const [spec = [], bare = []] = timing.stdout.trim().split("\n").map((line) => line.trim().split(" ").map(Number).sort((a, b) => a - b));
    const times = spec;
    console.log(`# Sluice's layers: ${(own / 1024 / 1024).toFixed(1)} MiB over the base (${(base / 1024 / 1024).toFixed(0)} MiB); du KiB: ${du}; ms, 5 runs sorted: sluice spec ${spec.join(", ")}; node -e 0 ${bare.join(", ")}`);
    assert.ok(own > 0 && own < 160 * 1024 * 1024, `Sluice's layers are ${own} bytes`);
    assert.equal(times.length, 5, timing.stderr);
  });
});
