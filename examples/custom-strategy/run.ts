/**
 * Reads the custom-strategy connector against the demo API and prints each page's request and the
 * records. Run from the repository root:
 *
 *   node --import tsx examples/custom-strategy/run.ts
 *
 * It starts the demo API on a free loopback port and stops it at the end.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSluice } from "../../core/index.js";
import { startDemoApi } from "../demo-api/server.js";
import { demoConfig } from "../demo/demo-config.js";

const here = dirname(fileURLToPath(import.meta.url));
const api = await startDemoApi();
try {
  const sluice = createSluice({ logLevel: "error" });
  const connector = await sluice.connect({ path: join(here, "manifest.yaml"), config: demoConfig(api.url) });
  let count = 0;
  const onPage = (page: { page: number; records: number; url: string }) => console.log(`page ${page.page}: ${page.records} records from ${page.url}`);
  for await (const record of connector.read("reports", { onPage })) {
    count += 1;
    console.log(`  ${JSON.stringify(record)}`);
  }
  console.log(`Done: ${count} reports.`);
} finally {
  await api.close();
}
