// Records the URL of every module a Node process loads, one per line, in the file named by
// SLUICE_TEST_LOAD_LOG: through the ESM loader (ESM files, and the entry file of each CommonJS package
// imported from ESM) and through `require` (a CommonJS file, from `createRequire` or another CommonJS file);
// and, when the process exits, each of Node's own modules it loaded as `builtin:<id>` (`builtin:https`,
// `builtin:internal/webstreams/readablestream`), however it was reached. Preload it:
// NODE_OPTIONS="--import=<this file's URL>". Plain JavaScript, so a process without tsx (the built CLI) can
// load it. This one file is both the preload, on the main thread
// (it registers itself), and the loader hooks, on Node's hooks thread.
import { appendFileSync } from "node:fs";
import Module, { register } from "node:module";
import { isAbsolute } from "node:path";
import { pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";

if (isMainThread) {
  register(import.meta.url, { data: process.env.SLUICE_TEST_LOAD_LOG });
  logRequires(process.env.SLUICE_TEST_LOAD_LOG);
  logBuiltins(process.env.SLUICE_TEST_LOAD_LOG);
}

/** Main thread: at exit, notes every built-in module the process loaded (Node's own list). */
function logBuiltins(file) {
  if (!file) return;
  process.on("exit", () => {
    const builtins = process.moduleLoadList.filter((entry) => entry.startsWith("NativeModule ")).map((entry) => `builtin:${entry.slice("NativeModule ".length)}\n`);
    appendFileSync(file, builtins.join(""));
  });
}

/** Main thread: notes each file `require` loads (Node's built-ins have no path and are left out). */
function logRequires(file) {
  if (!file) return;
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    try {
      const path = Module._resolveFilename(request, parent, isMain);
      if (isAbsolute(path)) appendFileSync(file, `${pathToFileURL(path).href}\n`);
    } catch {
      // Not found: the real load below throws the error its caller expects.
    }
    return load.apply(this, arguments);
  };
}

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
