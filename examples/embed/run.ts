/**
 * Runs the embedding example against the demo API. From the repository root:
 *
 *   node --import tsx examples/embed/run.ts [limit]
 */
import { startDemoApi } from "../demo-api/server.js";
import { demoConfig } from "../demo/demo-config.js";
import { readReports } from "./embed.js";

const limit = Number(process.argv[2] ?? 4);
const api = await startDemoApi();
try {
  const { records, fetched } = await readReports(demoConfig(api.url), limit);
  for (const record of records) console.log(JSON.stringify(record));
  console.log(`Stopped after ${records.length} records; the host's fetch was called ${fetched.length} times:`);
  for (const url of fetched) console.log(`  ${url}`);
} finally {
  await api.close();
}
