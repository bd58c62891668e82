/**
 * Interpolation benchmark: the cost of evaluating compiled templates, per evaluation.
 * The benchmark runner calls `run()`; `node --import tsx test/bench/interpolation.bench.ts` prints the results.
 */
import { createInterpolator } from "../../templates/index.js";

interface Measurement { name: string; value: number; unit: string }

function measure(name: string, fn: () => unknown, iterations = 200_000): Measurement {
  for (let i = 0; i < 20_000; i++) fn();
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn();
    const ns = Number(process.hrtime.bigint() - start) / iterations;
    best = Math.min(best, ns);
  }
  return { name, value: Math.round(best * 10) / 10, unit: "ns/eval" };
}

/** Measures a simple expression, a complex one, a condition and a static string, in nanoseconds per evaluation. */
export async function run(): Promise<Measurement[]> {
  const interpolator = createInterpolator({ clock: () => Date.parse("2024-03-15T12:34:56Z") });
  const names = ["response", "headers", "last_record", "last_page_size"];
  const site = { path: "bench", names };
  const context = {
    config: { page_size: 100, start_date: "2024-01-01T00:00:00Z" },
    parameters: {},
    response: { next: "https://api.example.com/items?cursor=abc", has_more: true, data: [{ id: 1 }, { id: 2 }] },
    headers: { link: { next: { url: "https://api.example.com/items?page=2" } } },
    last_record: { id: 2, updated_at: "2024-03-01T10:00:00Z" },
    last_page_size: 2,
  };
  const simple = interpolator.compile("{{ response.next }}", site);
  const complex = interpolator.compile("{{ response['data'][-1]['id'] if response.get('has_more') and 'next' in headers['link'] else (last_record['id'] | string) ~ '-' ~ config['page_size'] }}", site);
  const condition = interpolator.compile("{{ response.get('has_more') is false }}", site);
  const dates = interpolator.compile("{{ format_datetime(config['start_date'], '%Y-%m-%dT%H:%M:%SZ') }}", site);
  const staticText = interpolator.compile("https://api.example.com/v1/items", site);
  return [
    measure("interpolation.response_next.eval", () => simple.eval(context)),
    measure("interpolation.complex_expression.eval", () => complex.eval(context)),
    measure("interpolation.stop_condition.test", () => condition.test(context)),
    measure("interpolation.format_datetime.eval", () => dates.eval(context), 50_000),
    measure("interpolation.static_string.eval", () => staticText.eval(context)),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const m of await run()) console.log(`${m.name}: ${m.value} ${m.unit}`);
}
