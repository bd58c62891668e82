/**
 * Small measuring helpers shared by the benchmark modules: the metric type, medians, and timing a
 * loop of operations.
 *
 * @example
 * const perCall = await nanosPerCall(() => template.eval(context), { iterations: 100_000 });
 * const metric: Metric = { name: "interpolation.simple", value: perCall, unit: "ns/op" };
 */

/** One measured value: what every `*.bench.ts` module's `run()` returns a list of. */
export interface Metric {
  name: string;
  value: number;
  unit: string;
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to a given number of significant digits (so a table does not show noise as precision). */
export function significant(value: number, digits = 3): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  return Number(value.toPrecision(digits));
}

/**
 * Nanoseconds per call of `op` (sync or async): a warm-up, then `rounds` timed batches of
 * `iterations` calls; the median batch counts, so one GC pause does not decide the result.
 */
export async function nanosPerCall(op: () => unknown, options: { iterations: number; rounds?: number }): Promise<number> {
  const { iterations, rounds = 5 } = options;
  const batch = async (count: number): Promise<number> => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const result = op();
      if (result instanceof Promise) await result;
    }
    return Number(process.hrtime.bigint() - start) / count;
  };
  await batch(Math.min(iterations, 2_000));
  const results: number[] = [];
  for (let r = 0; r < rounds; r++) results.push(await batch(iterations));
  return median(results);
}
