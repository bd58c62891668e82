/**
 * Python components (issue 35): the bridge's cost per record. A kit-style Python extractor
 * (`response.json()["data"]`) reads 100,000 records in pages of 500, once through the bridge (each page's
 * body crosses to the Python child, its records cross back: one call per page) and once in Python alone
 * (the same class, the same page bodies, `extract_records` called in a loop inside python3). The
 * difference per record is what the bridge adds.
 *
 * @example
 * npm run bench -- python
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPythonRuntime } from "../../core/python-bridge/index.js";
import { pythonCandidates } from "../../core/python-bridge/find-python.js";
import { pythonKitPath } from "../../core/python-bridge/python-kit-path.js";
import type { Metric } from "./support/measure.js";

const RECORDS = Number(process.env.PYTHON_BENCH_RECORDS ?? 100_000);
const PAGE = 500;

const COMPONENTS = `
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


class DataExtractor(RecordExtractor):
    def __init__(self, config, parameters):
        self.field = parameters.get("field", "data")

    def extract_records(self, response):
        return response.json()[self.field]
`;

const ALONE = `
import json, sys, time
sys.path.insert(0, sys.argv[1])
from components import DataExtractor
from sluice_bridge.http import Response
pages = json.load(open(sys.argv[2]))
extractor = DataExtractor(config={}, parameters={"field": "data"})
best = None
for _ in range(3):
    start = time.perf_counter()
    count = 0
    for text in pages:
        count += len(list(extractor.extract_records(Response(200, "http://api/items", {"content-type": "application/json"}, text))))
    elapsed = time.perf_counter() - start
    best = elapsed if best is None else min(best, elapsed)
print(json.dumps({"seconds": best, "records": count}))
`;

function pages(): string[] {
  const bodies: string[] = [];
  for (let start = 0; start < RECORDS; start += PAGE) {
    const data = Array.from({ length: Math.min(PAGE, RECORDS - start) }, (_, i) => ({ id: start + i, email: `user${start + i}@example.com`, status: "active", amount: (start + i) % 977, created_at: "2024-01-01T00:00:00Z" }));
    bodies.push(JSON.stringify({ data }));
  }
  return bodies;
}

/** Runs the benchmark; each metric is a name, a value and its unit. */
export async function run(): Promise<Metric[]> {
  const dir = mkdtempSync(join(tmpdir(), "sluice-python-bench-"));
  try {
    writeFileSync(join(dir, "components.py"), COMPONENTS);
    const bodies = pages();
    writeFileSync(join(dir, "pages.json"), JSON.stringify(bodies));
    const runtime = createPythonRuntime({ logger: { debug() {}, info() {}, warn() {}, error() {} }, secrets: { add() {}, redact: (text) => text } });
    const extractor = await runtime.construct({
      file: join(dir, "components.py"), module: "components", className: "DataExtractor", fields: {}, config: {}, parameters: { field: "data" },
      callbacks: { interpolate: () => null },
    });
    let best = Infinity;
    let count = 0;
    for (let pass = 0; pass < 3; pass++) {
      count = 0;
      const start = performance.now();
      for (const text of bodies) {
        const wire = { $response: { status: 200, url: "http://api/items", headers: { "content-type": "application/json" }, text } };
        count += ((await extractor.call("extract_records", [wire])) as unknown[]).length;
      }
      best = Math.min(best, (performance.now() - start) / 1000);
    }
    if (count !== RECORDS) throw new Error(`the bridge read ${count} records, not ${RECORDS}`);
    const alone = JSON.parse(
      execFileSync(pythonCandidates()[0]!, ["-c", ALONE, dir, join(dir, "pages.json")], { env: { ...process.env, PYTHONPATH: pythonKitPath() }, encoding: "utf8" }),
    ) as { seconds: number; records: number };
    if (alone.records !== RECORDS) throw new Error(`Python alone read ${alone.records} records, not ${RECORDS}`);
    const perRecord = (seconds: number) => (seconds / RECORDS) * 1e6;
    return [
      { name: "python.extractor.bridge", value: perRecord(best), unit: `µs/record (${RECORDS} records, pages of ${PAGE})` },
      { name: "python.extractor.python_alone", value: perRecord(alone.seconds), unit: "µs/record (the same class in python3)" },
      { name: "python.extractor.bridge_cost", value: perRecord(best) - perRecord(alone.seconds), unit: "µs/record added by the bridge" },
      { name: "python.extractor.bridge_throughput", value: RECORDS / best, unit: "records/s" },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const m of await run()) console.log(m.name, m.value, m.unit);
