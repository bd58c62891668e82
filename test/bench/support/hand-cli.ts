/**
 * The hand-written counterpart of `sluice read` for the CLI throughput benchmark: the loop a developer
 * writes to dump an offset-paginated API as Airbyte RECORD lines on stdout. node-fetch with a keep-alive
 * agent, the Bearer header, a status check, `JSON.parse`, one line per record (the page's lines written
 * at once, waiting when stdout is full), then the next offset.
 *
 * @example
 * node --import tsx test/bench/support/hand-cli.ts http://127.0.0.1:4010 TOKEN > out.jsonl
 */
import { Agent } from "node:http";
import nodeFetch from "node-fetch";

const [base, token] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
const headers = { Authorization: `Bearer ${token}` };
const limit = 100;

for (let offset = 0, more = true; more; offset += limit) {
  const url = `${base}/offset?limit=${limit}${offset ? `&offset=${offset}` : ""}`;
  const response = await nodeFetch(url, { headers, agent, compress: true });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  const records = (JSON.parse(await response.text()) as { data: unknown[] }).data;
  const emittedAt = Date.now();
  let lines = "";
  for (const data of records) lines += `${JSON.stringify({ type: "RECORD", record: { stream: "items", data, emitted_at: emittedAt } })}\n`;
  if (!process.stdout.write(lines)) await new Promise((resolve) => process.stdout.once("drain", resolve));
  more = records.length === limit;
}
agent.destroy();
