#!/usr/bin/env node
// The `sluice` command. It runs the built JavaScript in dist/ (made by `npm install`'s prepare step).
import { runProcess } from "../dist/core/cli/main.js";
await runProcess();
