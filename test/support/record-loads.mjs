// Records the URL of every module a Node process loads through the ESM loader (ESM files, and the
// entry file of each CommonJS package imported from ESM), one per line, in the file named by
// SLUICE_TEST_LOAD_LOG. Preload it: NODE_OPTIONS="--import=<this file's URL>". Plain JavaScript, so a
// process without tsx (the built CLI) can load it. This one file is both the preload, on the main thread
// (it registers itself), and the loader hooks, on Node's hooks thread.
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

if (isMainThread) register(import.meta.url, { data: process.env.SLUICE_TEST_LOAD_LOG });

let logFile;

/** Hooks thread: the log file, from the main thread's `register`. */
export function initialize(file) {
  logFile = file;
}

/** Hooks thread: notes each module as it is loaded. */
export async function load(url, context, nextLoad) {
  if (logFile) appendFileSync(logFile, `${url}\n`);
  return nextLoad(url, context);
}
