/**
 * `npm start`: starts the demo API on a free loopback port, reads every stream of the demo connector
 * with the `sluice` CLI (exactly as Airbyte would run it), shows the records, and ends with a summary.
 * It leaves no process behind.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { startDemoApi } from "../demo-api/server.js";
import { demoConfig } from "./demo-config.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const started = performance.now();
const api = await startDemoApi();
const folder = mkdtempSync(join(tmpdir(), "sluice-demo-"));
const configFile = join(folder, "config.json");
writeFileSync(configFile, JSON.stringify(demoConfig(api.url), null, 2));

let exitCode = 1;
try {
  exitCode = await readAll(configFile);
} finally {
  await api.close();
  rmSync(folder, { recursive: true, force: true });
}
process.exitCode = exitCode;

async function readAll(config: string): Promise<number> {
  const child = spawn(process.execPath, [join(root, "bin", "sluice.js"), "read", "--manifest", join(here, "manifest.yaml"), "--config", config], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const perStream = new Map<string, number>();
  let pages = 0;
  let failures = 0;
  child.stderr.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    const summary = /(\d+) pages in/.exec(text);
    if (summary) pages = Number(summary[1]);
    else process.stderr.write(text);
  });
  for await (const line of createInterface({ input: child.stdout })) {
    const message = JSON.parse(line) as { type: string; record?: { stream: string; data: Record<string, unknown> }; trace?: { type: string; error?: { message: string } } };
    if (message.type === "RECORD" && message.record) {
      const count = (perStream.get(message.record.stream) ?? 0) + 1;
      perStream.set(message.record.stream, count);
      if (count <= 3) console.log(`${message.record.stream.padEnd(16)} ${JSON.stringify(message.record.data)}`);
      else if (count === 4) console.log(`${message.record.stream.padEnd(16)} ...`);
    } else if (message.type === "TRACE" && message.trace?.type === "ERROR") {
      failures++;
      console.log(`error: ${message.trace.error?.message}`);
    }
  }
  const code = await new Promise<number>((resolve) => child.on("close", (c) => resolve(c ?? 1)));
  const records = [...perStream.values()].reduce((a, b) => a + b, 0);
  console.log("");
  for (const [stream, count] of perStream) console.log(`  ${stream.padEnd(16)} ${count} records`);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`\nDone: ${perStream.size} streams, ${records} records, ${pages} pages in ${seconds} s${failures ? `, ${failures} failed` : ""}.`);
  return code;
}
