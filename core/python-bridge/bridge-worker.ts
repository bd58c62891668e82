/**
 * The worker thread that owns the Python child's pipes, so the main thread can wait for a reply
 * synchronously (the SDK's component methods are synchronous). It forwards every line the child
 * writes on stdout, its stderr and its exit to the main thread through a `MessagePort`, and wakes it
 * through the shared flag; it writes what the main thread posts to the child's stdin.
 *
 * It runs as an eval'd worker (`workerSource()`), self-contained, so it needs no TypeScript loader when
 * Sluice runs from source and no extra file when it runs built.
 *
 * Messages to the main thread: `{ type: "spawned", pid }`, `{ type: "frame", line }`,
 * `{ type: "stderr", text }`, `{ type: "exit", code, signal }`, `{ type: "error", message, code }`.
 * Messages from it: `{ type: "write", line }`, `{ type: "kill" }`.
 *
 * @example
 * new Worker(workerSource(), { eval: true, workerData: { python, args, env, flag, port }, transferList: [port] });
 */
export function workerSource(): string {
  return WORKER_SOURCE;
}

// Plain JavaScript (a function's toString() would carry the TypeScript compiler's helpers).
const WORKER_SOURCE = `
const { spawn } = require("node:child_process");
const { parentPort, workerData } = require("node:worker_threads");
const flag = new Int32Array(workerData.flag);
const port = workerData.port;
function post(message) {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}
const child = spawn(workerData.python, workerData.args, { env: workerData.env, stdio: ["pipe", "pipe", "pipe"] });
child.on("spawn", () => post({ type: "spawned", pid: child.pid }));
child.on("error", (error) => post({ type: "error", message: error.message, code: error.code }));
child.on("exit", (code, signal) => post({ type: "exit", code, signal }));
child.stdin.on("error", () => undefined);
let pending = [];
child.stdout.setEncoding("utf8");
child.stdout.on("data", (chunk) => {
  let start = 0;
  for (let end = chunk.indexOf("\\n"); end >= 0; end = chunk.indexOf("\\n", start)) {
    pending.push(chunk.slice(start, end));
    post({ type: "frame", line: pending.join("") });
    pending = [];
    start = end + 1;
  }
  if (start < chunk.length) pending.push(chunk.slice(start));
});
child.stderr.setEncoding("utf8");
child.stderr.on("data", (text) => post({ type: "stderr", text }));
parentPort.on("message", (message) => {
  if (message.type === "write") child.stdin.write(message.line + "\\n");
  else if (message.type === "kill") child.kill("SIGKILL");
});
`;
