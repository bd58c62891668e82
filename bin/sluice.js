#!/usr/bin/env node
// The `sluice` command. It runs the built JavaScript in dist/ (made by `npm install`'s prepare step,
// or `npm run build`); without it, one line says what to do instead of a module-not-found stack.
import { existsSync } from "node:fs";

const main = new URL("../dist/core/cli/main.js", import.meta.url);
if (!existsSync(main)) {
  process.stderr.write("sluice: the built files (dist/) are missing; run `npm run build` in the Sluice folder first\n");
  process.exit(1);
}
const { runProcess } = await import(main.href);
await runProcess();
