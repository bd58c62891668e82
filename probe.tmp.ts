import { mkdtempSync, writeFileSync } from "node:fs";
import { createSluice } from "./core/index.js";
import { startBuilder } from "./core/builder/builder-server.js";
import { openPage, yamlText } from "./test/browser/support/builder-fixture.js";
import { launchChromium } from "./test/browser/support/chromium.js";
import { startPagedApi } from "./test/browser/support/paged-api.js";
import { runSluice } from "./test/support/run-sluice.js";
const api = await startPagedApi("x");
api.expect.target = "body_json";
const dir = mkdtempSync("/tmp/fs/ui-");
writeFileSync(dir + "/manifest.yaml", `version: 6.0.0
type: DeclarativeSource
streams:
  - type: DeclarativeStream
    name: items
    retriever:
      type: SimpleRetriever
      requester: { type: HttpRequester, url_base: "${api.url}", path: /offset, http_method: POST }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [data] } }
      paginator:
        type: DefaultPaginator
        pagination_strategy: { type: OffsetIncrement, page_size: 2 }
check: { type: CheckStream, stream_names: [items] }
spec: { type: Spec, connection_specification: { type: object, properties: {} } }
`);
const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await openPage(page, builder.url);
await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "items", exact: true }).click();
await page.getByLabel("Body Type").selectOption({ label: "JSON (free form)" });
await page.getByLabel("JSON Body", { exact: true }).fill(`{"limit": 2, "offset": {{ next_page_token['next_page_token'] or 0 }}}`);
await page.waitForTimeout(1500);
await page.getByRole("button", { name: "Save" }).click();
await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
console.log((await yamlText(page)).split("requester:")[1]!.split("record_selector")[0]);
writeFileSync(dir + "/c.json", "{}");
const read = await runSluice(["read", "--config", "c.json"], dir);
console.log(read.code, read.stderr.slice(0, 500), read.messages.filter((m) => m.type === "RECORD").length, api.valuesSeen("/offset", "offset"));
await page.screenshot({ path: "/tmp/fs/shot2.png" });
await browser.close(); await builder.close(); await api.loopback.close();
