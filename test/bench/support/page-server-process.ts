/**
 * The page server in its own process, so that it does not share the reader's event loop: on a
 * 2-core machine each side gets a core, and the reader's CPU time is what a throughput ratio compares.
 *
 * @example
 * const server = await startPageServerProcess({ total: 100_000 });
 * // ... read `${server.url}/offset?limit=100` ...
 * await server.close();
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startPageServer, type PageServer, type PageServerOptions } from "./page-server.js";

const self = fileURLToPath(import.meta.url);

/** Forks this file as a page server and resolves when it listens. */
export function startPageServerProcess(options: PageServerOptions = {}): Promise<PageServer> {
  const child = fork(self, [JSON.stringify(options)], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the page server process exited (${code}) before listening`)));
    child.once("message", (message) => {
      const { url } = message as { url: string };
      resolve({
        url,
        close: () => new Promise<void>((done) => {
          child.removeAllListeners("exit");
          if (child.exitCode !== null) return done();
          child.once("exit", () => done());
          child.kill();
        }),
      });
    });
  });
}

if (process.argv[1] === self && process.send) {
  const server = await startPageServer(JSON.parse(process.argv[2] ?? "{}") as PageServerOptions);
  process.send({ url: server.url });
  process.on("disconnect", () => void server.close().then(() => process.exit(0)));
}
