/**
 * How fast the machine runs right now: the CPU time of a fixed piece of work in a fresh `node` (a page of 100
 * records parsed from JSON and written back 3,000 times: the kind of work a read does). On a shared VM the
 * same work takes up to half as long again while a neighbour on the host is busy, and nothing inside the VM
 * shows it (no steal time is counted). A CPU figure measured next to this one says whether the host was slow
 * then; docs/performance.md gives both.
 *
 * @example
 * const seconds = await referenceCpuSeconds(); // 0.55 on a quiet 2-core VM, 0.8 while its host is busy
 */
import { measuredRun } from "./measured-run.js";

/** The fixed work: `node -e` of this text. */
export const REFERENCE_WORK =
  'const page = JSON.stringify({ data: Array.from({ length: 100 }, (_, i) => ({ id: i, name: "item " + i, value: i * 1.5, tags: ["a", "b"], nested: { x: i } })) });' +
  "let bytes = 0; for (let i = 0; i < 3000; i++) bytes += JSON.stringify(JSON.parse(page)).length; if (bytes === 0) process.exit(1);";

/** CPU seconds (user + system) of {@link REFERENCE_WORK} in a fresh `node`, its start included. */
export async function referenceCpuSeconds(): Promise<number> {
  return (await measuredRun(process.execPath, ["-e", REFERENCE_WORK])).cpuSeconds;
}
