import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createNodeFetchTransport } from "../../core/index.js";
import { benchModules } from "./run.js";
import { median, significant } from "./support/measure.js";
import { BENCH_TOKEN, benchRecord, startPageServer } from "./support/page-server.js";
import { STRATEGIES, benchConnector, nodeFetchTransport, readByHand, readWithSluice } from "./support/readers.js";
import { fileStamp, formatTable, formatValue, machineInfo, resultsDocument, type ModuleResult } from "./support/report.js";

const results: ModuleResult[] = [
  { module: "a.bench.ts", seconds: 1.234, metrics: [{ name: "read.offset.sluice", value: 123456.7, unit: "records/s" }, { name: "x", value: 0.91234, unit: "x" }] },
  { module: "b.bench.ts", seconds: 0.5, metrics: [], error: "boom" },
];

describe("benchmark runner output", () => {
  test("the table groups metrics under their module, right-aligns values with separators and shows failures", () => {
    const lines = formatTable(results).split("\n");
    assert.equal(lines[0], "a.bench.ts (1.2 s)");
    assert.match(lines[1]!, /^ {2}read\.offset\.sluice {2}123,457 {2}records\/s$/);
    assert.match(lines[2]!, /^ {2}x +0\.912 {2}x$/);
    assert.equal(lines[1]!.indexOf("123,457") + "123,457".length, lines[2]!.indexOf("0.912") + "0.912".length);
    assert.equal(lines[3], "b.bench.ts (0.5 s)  FAILED: boom");
  });

  test("values keep three significant decimals below 1, two below 100, none above", () => {
    assert.equal(formatValue(0.12345), "0.123");
    assert.equal(formatValue(12.345), "12.35");
    assert.equal(formatValue(1234.5), "1,235");
    assert.equal(significant(0.91234), 0.912);
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
  });

  test("the JSON document carries the machine, the duration and each module's metrics and error", () => {
    const machine = machineInfo();
    assert.equal(machine.node, process.version);
    assert.ok(machine.cores >= 1);
    const doc = resultsDocument(results, machine, new Date("2024-05-01T12:00:00.000Z"), new Date("2024-05-01T12:03:20.500Z"));
    assert.equal(doc.seconds, 200.5);
    assert.equal(doc.startedAt, "2024-05-01T12:00:00.000Z");
    assert.deepEqual(doc.modules[0], { module: "a.bench.ts", seconds: 1.23, metrics: results[0]!.metrics });
    assert.deepEqual(doc.modules[1], { module: "b.bench.ts", seconds: 0.5, error: "boom", metrics: [] });
    assert.deepEqual(JSON.parse(JSON.stringify(doc)), doc);
    assert.equal(fileStamp(new Date("2024-05-01T12:30:05.123Z")), "2024-05-01T12-30-05Z");
  });

  test("the runner finds every *.bench.ts module, sorted, and filters by name fragments", () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-runner-"));
    try {
      for (const name of ["z.bench.ts", "a.bench.ts", "helper.ts", "a.test.ts", "memory.bench.ts", "kit.bench.ts"]) writeFileSync(join(dir, name), "");
      assert.deepEqual(benchModules(dir, []), ["a.bench.ts", "memory.bench.ts", "z.bench.ts"]);
      assert.deepEqual(benchModules(dir, ["mem", "z"]), ["memory.bench.ts", "z.bench.ts"]);
      // The side-by-side with the Python kit runs only when asked for.
      assert.deepEqual(benchModules(dir, ["--kit"]), ["a.bench.ts", "kit.bench.ts", "memory.bench.ts", "z.bench.ts"]);
      assert.deepEqual(benchModules(dir, ["--kit", "kit"]), ["kit.bench.ts"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("benchmark page server and readers", () => {
  let server: Awaited<ReturnType<typeof startPageServer>>;
  const fetch = createNodeFetchTransport({ maxSockets: 2 });
  before(async () => {
    server = await startPageServer({ total: 250 });
  });
  after(() => server.close());

  const get = async (path: string, token = BENCH_TOKEN) => {
    const response = await fetch(`${server.url}${path}`, { method: "GET", headers: { Authorization: `Bearer ${token}` } });
    let link: string | null = null;
    response.headers.forEach((value, name) => {
      if (name === "link") link = value;
    });
    return { status: response.status, link, body: JSON.parse(await response.text()) as unknown };
  };

  test("pages follow each style's parameters, and the last page is short", async () => {
    assert.deepEqual((await get("/offset?limit=2&offset=4")).body, { data: [benchRecord(5), benchRecord(6)] });
    assert.deepEqual((await get("/page?page_size=3&page=2")).body, { data: [benchRecord(4), benchRecord(5), benchRecord(6)] });
    assert.deepEqual((await get("/cursor?limit=2&after=10")).body, { data: [benchRecord(11), benchRecord(12)], next_cursor: "12" });
    assert.deepEqual((await get("/cursor?limit=100&after=200")).body, { data: Array.from({ length: 50 }, (_, i) => benchRecord(201 + i)), next_cursor: null });
    const link = await get("/link?limit=2&after=2");
    assert.deepEqual(link.body, [benchRecord(3), benchRecord(4)]);
    assert.equal(link.link, `<${server.url}/link?limit=2&after=4>; rel="next"`);
    assert.equal((await get("/link?limit=100&after=200")).link, null);
  });

  test("a request without the Bearer token is refused with 401", async () => {
    assert.equal((await get("/offset", "wrong")).status, 401);
  });

  test("Sluice and the hand-written loop read every record once in each style", async () => {
    for (const { style } of STRATEGIES) {
      assert.equal(await readByHand(nodeFetchTransport(), server.url, style), 250, `hand-written, ${style}`);
      assert.equal(await readWithSluice(await benchConnector(server.url, style, fetch)), 250, `Sluice, ${style}`);
    }
  });
});
