// Preloaded into a benchmarked process (NODE_OPTIONS="--import=<this file's URL>"): when the process exits,
// appends one line to the file SLUICE_BENCH_EXIT_USAGE names: its peak resident memory
// (`process.resourceUsage().maxRSS`, in KiB) and the CPU time it used, all threads (`process.cpuUsage()`,
// user + system, in µs), separated by a space. Plain JavaScript, so the built CLI (no tsx) and `node -e 0`
// load it alike.
import { appendFileSync } from "node:fs";

const file = process.env.SLUICE_BENCH_EXIT_USAGE;
if (file) {
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    appendFileSync(file, `${process.resourceUsage().maxRSS} ${cpu.user + cpu.system}\n`);
  });
}
