import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { stringify } from "yaml";
import { commandHelp } from "../../../core/cli/command-flags.js";
import { commands } from "../../../core/cli/commands/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { protocolProblems } from "../../support/protocol-schema.js";
import { runCli } from "../../support/run-cli.js";
import { runSluice } from "../../support/run-sluice.js";

const PAGES = [[{ id: 1 }, { id: 2 }], [{ id: 3 }, { id: 4 }], [{ id: 5 }]];

const PAGINATOR = {
  type: "DefaultPaginator",
  pagination_strategy: { type: "PageIncrement", page_size: 2, start_from_page: 0 },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
};

function manifest(url: string, retriever: Record<string, unknown> = {}): Record<string, unknown> {
  return oneStreamManifest({ urlBase: url, paginator: PAGINATOR, retriever });
}

describe("CLI flags: declared, documented, validated", () => {
  it("every command's --help lists every flag it takes, each with a description", async () => {
    for (const entry of commands) {
      const command = await entry.load();
      const help = commandHelp(entry, command);
      for (const [name, option] of Object.entries(command.options)) {
        assert.ok(option.description.trim().length > 10, `sluice ${entry.name} --${name} has no description`);
        assert.match(help, new RegExp(`--${name}\\b.*${option.description.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`), `sluice ${entry.name} --help misses --${name}`);
      }
    }
  });

  it("sluice read --help prints the generated list, with the choices of --log-level", async () => {
    const run = await runSluice(["read", "--help"], tmpdir());
    assert.equal(run.code, 0);
    for (const flag of ["--config FILE", "--catalog FILE", "--state FILE", "--max-pages N", "--timeout SECONDS", "--max-retries N", "--request-deadline SECONDS", "--log-format FORMAT"]) assert.ok(run.stdout.includes(flag), flag);
    assert.match(run.stdout, /--log-level LEVEL .*\(debug \| info \| warn \| error\)/);
  });

  for (const [args, reason] of [
    [["--log-level", "loud"], /--log-level expects one of debug, info, warn, error, got "loud"/],
    [["--max-pages", "ten"], /--max-pages expects a whole number of at least 1, got "ten"/],
    [["--max-pages", "2.5"], /--max-pages expects a whole number/],
    [["--timeout", "soon"], /--timeout expects a number of at least 0.001, got "soon"/],
    [["--max-retries=-1"], /--max-retries expects a whole number of at least 0/],
    [["--log-format", "json"], /--log-format expects one of auto, airbyte, text/],
  ] as const) {
    it(`refuses ${args.join(" ")} before doing anything (exit 2)`, async () => {
      const run = await runSluice(["read", ...args], tmpdir());
      assert.equal(run.code, 2);
      assert.match(run.stderr, reason);
      assert.equal(run.stdout, "");
    });
  }
});

describe("sluice read: logs, estimates, --max-pages, time limits", () => {
  let api: Loopback;
  let silent: Server;
  let silentUrl: string;
  let dir: string;
  before(async () => {
    api = await startLoopback((req) => {
      const page = Number(req.url.searchParams.get("page") ?? 0);
      return { headers: { "X-Total-Count": "5" }, body: { data: PAGES[page] ?? [], meta: { total: 5 } } };
    });
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), "sluice-flags-"));
    writeFileSync(join(dir, "manifest.yaml"), stringify(manifest(api.url)));
    writeFileSync(join(dir, "estimate.yaml"), stringify(manifest(api.url, { total_records: "{{ headers['x-total-count'] }}" })));
    writeFileSync(join(dir, "silent.yaml"), stringify(manifest(silentUrl)));
  });
  after(async () => {
    await api.close();
    silent.closeAllConnections();
    silent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("in a terminal's place (text format), logs and the summary go to stderr; stdout has no LOG message", async () => {
    const run = await runSluice(["read", "--manifest", "manifest.yaml"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /sluice: read 1 stream, 5 records, 3 pages in/);
    assert.equal(run.messages.filter((m) => m.type === "LOG").length, 0);
  });

  it("--log-format airbyte puts every log on stdout as LOG messages and leaves stderr empty", async () => {
    const run = await runSluice(["read", "--manifest", "manifest.yaml", "--log-format", "airbyte", "--max-pages", "1"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, "");
    const logs = run.messages.filter((m) => m.type === "LOG").map((m) => `${m.log.level} ${m.log.message}`);
    assert.ok(logs.some((l) => /^WARN stream 'items': stopped after 1 page as --max-pages asks/.test(l)), logs.join("\n"));
    assert.ok(logs.some((l) => /^INFO read 1 stream, 2 records, 1 page in/.test(l)), logs.join("\n"));
  });

  it("AIRBYTE_ENTRYPOINT switches to LOG messages; --log-format text switches back", async () => {
    const platform = await runSluice(["read", "--manifest", "manifest.yaml"], dir, { env: { AIRBYTE_ENTRYPOINT: "sluice" } });
    assert.ok(platform.messages.some((m) => m.type === "LOG"));
    assert.equal(platform.stderr, "");
    const text = await runSluice(["read", "--manifest", "manifest.yaml", "--log-format", "text"], dir, { env: { AIRBYTE_ENTRYPOINT: "sluice" } });
    assert.equal(text.messages.filter((m) => m.type === "LOG").length, 0);
    assert.match(text.stderr, /read 1 stream/);
  });

  it("--max-pages N ends the stream gracefully: the first N pages' records, a warning, COMPLETE, exit 0", async () => {
    const run = await runSluice(["read", "--manifest", "manifest.yaml", "--max-pages", "2"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(run.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id), [1, 2, 3, 4]);
    assert.match(run.stderr, /warn: stream 'items': stopped after 2 pages as --max-pages asks/);
    assert.deepEqual(run.messages.filter((m) => m.trace?.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status), ["STARTED", "RUNNING", "COMPLETE"]);
    assert.equal(run.messages.filter((m) => m.trace?.type === "ERROR").length, 0);
  });

  it("a retriever's total_records becomes an ESTIMATE trace before the records of later pages", async () => {
    const run = await runSluice(["read", "--manifest", "estimate.yaml"], dir);
    assert.equal(run.code, 0, run.stderr);
    const estimates = run.messages.filter((m) => m.trace?.type === "ESTIMATE").map((m) => m.trace.estimate);
    assert.deepEqual(estimates, [{ name: "items", type: "STREAM", row_estimate: 5 }]);
    const index = run.messages.findIndex((m) => m.trace?.type === "ESTIMATE");
    assert.ok(index < run.messages.findIndex((m) => m.type === "RECORD" && m.record.data.id === 3));
  });

  it("test-read shows the API's announced total beside the records it read (--json: the stream's estimate)", async () => {
    const json = await runCli(["test-read", "--manifest", "estimate.yaml", "--stream", "items", "--json"], dir);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(JSON.parse(json.stdout).streams[0].estimate, 5);
    const text = await runCli(["test-read", "--manifest", "estimate.yaml", "--stream", "items"], dir);
    assert.match(text.stdout, /5 records in \d+ pages? \(the API announces ~5 in all\)/);
  });

  it("a server that never answers fails within --request-deadline, with a TRACE error, exit 1", async () => {
    const run = await runSluice(["read", "--manifest", "silent.yaml", "--timeout", "0.2", "--request-deadline", "0.7"], dir);
    assert.equal(run.code, 1);
    const error = run.messages.find((m) => m.trace?.type === "ERROR")!.trace.error;
    assert.equal(error.failure_type, "transient_error");
    assert.equal(error.stream_descriptor.name, "items");
    assert.match(error.message, /deadline of 0\.7 s/);
  });
});

describe("the protocol check itself", () => {
  it("rejects messages the Airbyte schema rejects, and a message without its payload", () => {
    assert.deepEqual(protocolProblems({ type: "RECORD", record: { stream: "s", data: {}, emitted_at: 1 } }), []);
    assert.notDeepEqual(protocolProblems({ type: "RECORD", record: { stream: "s", data: {} } }), []);
    assert.notDeepEqual(protocolProblems({ type: "LOG", log: { level: "NOTICE", message: "x" } }), []);
    assert.notDeepEqual(protocolProblems({ type: "TRACE", trace: { type: "STREAM_STATUS", emitted_at: 1, stream_status: { stream_descriptor: { name: "s" }, status: "DONE" } } }), []);
    assert.notDeepEqual(protocolProblems({ type: "TRACE", trace: { type: "ESTIMATE", emitted_at: 1 } }), []);
    assert.notDeepEqual(protocolProblems({ type: "STATE" }), []);
    assert.notDeepEqual(protocolProblems({ type: "RECORDS", record: {} }), []);
  });
});
