import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it, test } from "node:test";
import { runCli } from "../../support/run-cli.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const MAIN = join(ROOT, "core", "cli", "main.ts");
// Resolved here, since the child runs in a temporary folder where `tsx` cannot be found by name.
const TSX = import.meta.resolve("tsx");

interface Run { code: number; stdout: string; stderr: string }

function sluiceEval(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", TSX, MAIN, "eval", ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

describe("sluice eval", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "sluice-eval-"));
    writeFileSync(join(dir, "config.json"), JSON.stringify({ start_date: "2024-01-01T00:00:00Z", page_size: "25", client_id: "id", client_secret: "secret" }));
    writeFileSync(join(dir, "page.json"), JSON.stringify({
      response: { data: [{ id: 1 }, { id: 2 }], has_more: false },
      headers: { link: { next: { url: "https://api.example.com/items?page=2" } } },
      last_record: { id: 2 },
    }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("prints the typed result as JSON (a rendered number becomes a number)", async () => {
    const run = await sluiceEval(["{{ response['data'][-1]['id'] }}", "--context", "page.json"], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, "2\n");
  });

  it("reads the config file and applies the kit's macros", async () => {
    const run = await sluiceEval(["{{ format_datetime(config['start_date'], '%s') }}", "--config", "config.json"], dir);
    assert.equal(run.stdout, "1704067200\n");
    const basic = await sluiceEval(["{{ [config['client_id'], config['client_secret']] | join(':') | base64encode }}", "--config", "config.json"], dir);
    assert.equal(basic.stdout, `${JSON.stringify(Buffer.from("id:secret").toString("base64"))}\n`);
  });

  it("with --boolean prints true/false by the stop-condition rule", async () => {
    const stop = await sluiceEval(["{{ response.get('has_more') is false }}", "--context", "page.json", "--boolean"], dir);
    assert.equal(stop.stdout, "true\n");
    const missing = await sluiceEval(["{{ response.missing.deeper }}", "--context", "page.json", "--boolean"], dir);
    assert.equal(missing.stdout, "false\n");
  });

  it("uses --now as the clock of now_utc()", async () => {
    const run = await sluiceEval(["{{ day_delta(-1, format='%Y-%m-%d') }}", "--now", "2024-03-15T12:34:56Z"], dir);
    assert.equal(run.stdout, "\"2024-03-14\"\n");
  });

  it("fails with a non-zero exit and the error when a name is not in the context", async () => {
    const run = await sluiceEval(["{{ last_records[-1]['id'] }}", "--context", "page.json"], dir);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, "");
    assert.match(run.stderr, /TEMPLATE_UNDEFINED_NAME/);
    assert.match(run.stderr, /last_records/);
  });

  it("fails with a non-zero exit on a syntax error and on a missing template", async () => {
    const syntax = await sluiceEval(["{{ config['a' }}"], dir);
    assert.equal(syntax.code, 1);
    assert.match(syntax.stderr, /TEMPLATE_SYNTAX/);
    const none = await sluiceEval([], dir);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /usage: sluice eval/);
  });
});

test("eval parses a Link header in the context's headers the way a read does", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-eval-link-"));
  try {
    writeFileSync(join(dir, "page.json"), JSON.stringify({ headers: { Link: '<https://api.github.com/repos?page=3>; rel="next", <https://api.github.com/repos?page=9>; rel="last"', "X-Total-Count": "90" } }));
    const next = await runCli(["eval", "{{ headers.link.next.url }}", "--context", "page.json"], dir);
    assert.equal(next.stdout, '"https://api.github.com/repos?page=3"\n', next.stderr);
    const stop = await runCli(["eval", "{{ 'next' not in headers['link'] }}", "--context", "page.json", "--boolean"], dir);
    assert.equal(stop.stdout, "false\n");
    const lower = await runCli(["eval", "{{ headers['x-total-count'] }}", "--context", "page.json"], dir);
    assert.equal(lower.stdout, "90\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
