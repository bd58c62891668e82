// Preloaded into a benchmarked process (NODE_OPTIONS="--import=<this file's URL>"): when the process exits,
// appends its peak resident memory (`process.resourceUsage().maxRSS`, in KiB) as one line to the file
// SLUICE_BENCH_PEAK_RSS names. Plain JavaScript, so the built CLI (no tsx) and `node -e 0` load it alike.
import { appendFileSync } from "node:fs";

const file = process.env.SLUICE_BENCH_PEAK_RSS;
if (file) process.on("exit", () => appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));
