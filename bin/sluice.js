#!/usr/bin/env -S node --max-semi-space-size=2 --heap-growing-percent=10
// The `sluice` command. It runs the built JavaScript in dist/ (made by `npm install`'s prepare step,
// or `npm run build`); without it, one line says what to do instead of a module-not-found stack.
// The two V8 flags bound a long read's memory (docs/performance.md, "Start and memory, round four"): a read allocates every page's
// records and lines and drops them. `--max-semi-space-size=2` (MiB) caps the young generation, whose default
// 16 MiB semi-spaces alone held about 25 MiB of a 100,000-record read's peak; `--heap-growing-percent=10` starts
// a full collection when the old generation grew by 10% instead of letting it double first, so the peak of a
// 1,000,000-record read stays within a few MiB of a 100,000-record one. Neither cost measurable CPU on those
// reads. `node bin/sluice.js` runs without them.
import { existsSync } from "node:fs";

const main = new URL("../dist/core/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  process.stderr.write("sluice: the built files (dist/) are missing; run `npm run build` in the Sluice folder first\n");
  process.exit(1);
}
const { runProcess } = await import(main.href);
await runProcess();
