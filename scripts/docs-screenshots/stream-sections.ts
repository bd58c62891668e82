/**
 * The screenshots of the Builder's stream sections and testing with state for docs/builder.md
 * (`npm run docs:screenshots` runs it after the others): a parent stream `projects` and its incremental
 * child `events` (a Parent Stream router, a datetime cursor whose window goes into the query), read
 * from the loopback API of the browser suite's stream-sections scenarios.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import { openPage } from "../../test/browser/support/builder-fixture.js";
import { startSectionsApi } from "../../test/browser/support/sections-api.js";

/** `projects` and its incremental child `events` on the API at `url`. */
function projectsManifest(url: string): string {
  return `version: 6.0.0
type: DeclarativeSource
definitions:
  requester: { type: HttpRequester, url_base: "${url}", http_method: GET }
streams:
  - type: DeclarativeStream
    name: projects
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: /projects }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
    schema_loader: { type: InlineSchemaLoader, schema: { type: object, properties: { id: {} } } }
  - type: DeclarativeStream
    name: events
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester: { $ref: "#/definitions/requester", path: "/projects/{{ stream_partition.project_id }}/events" }
      record_selector: { type: RecordSelector, extractor: { type: DpathExtractor, field_path: [] } }
      partition_router:
        type: SubstreamPartitionRouter
        parent_stream_configs:
          - type: ParentStreamConfig
            stream: { $ref: "#/streams/0" }
            parent_key: id
            partition_field: project_id
    incremental_sync:
      type: DatetimeBasedCursor
      cursor_field: updated_at
      cursor_datetime_formats: ["%Y-%m-%dT%H:%M:%SZ"]
      datetime_format: "%Y-%m-%dT%H:%M:%SZ"
      start_datetime: { type: MinMaxDatetime, datetime: "{{ config['start_datetime'] }}", datetime_format: "%Y-%m-%dT%H:%M:%SZ" }
      start_time_option: { type: RequestOption, inject_into: request_parameter, field_name: since }
      end_time_option: { type: RequestOption, inject_into: request_parameter, field_name: until }
    schema_loader: { type: InlineSchemaLoader, schema: { type: object, properties: { id: {}, updated_at: {} } } }
check: { type: CheckStream, stream_names: [projects] }
spec:
  type: Spec
  connection_specification:
    type: object
    required: [start_datetime]
    properties:
      start_datetime: { type: string, title: Start Datetime, format: date-time }
`;
}

/** Writes `stream-sections.png` and `testing-with-state.png` into `out`. */
export async function screenshotStreamSections(browser: Browser, out: string): Promise<string[]> {
  const api = await startSectionsApi();
  const dir = join(mkdtempSync(join(tmpdir(), "sluice-docs-sections-")), "projects");
  mkdirSync(join(dir, "secrets"), { recursive: true, mode: 0o700 });
  writeFileSync(join(dir, "manifest.yaml"), projectsManifest(api.url));
  writeFileSync(join(dir, "secrets/config.json"), JSON.stringify({ start_datetime: "2024-01-01T00:00:00Z" }), { mode: 0o600 });
  const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 860 }, deviceScaleFactor: 1 });
    await openPage(page, builder.url);
    await page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: "events", exact: true }).click();
    await page.getByRole("button", { name: "Fold Pagination" }).click();
    await page.getByRole("group", { name: "Partitioning", exact: true }).evaluate((e) => e.scrollIntoView({ block: "start" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, "stream-sections.png") });

    await page.setViewportSize({ width: 1680, height: 900 });
    await page.getByRole("button", { name: "Test", exact: true }).click();
    const panel = page.getByRole("region", { name: "Test read: events" });
    await panel.getByRole("status").filter({ hasText: "events: 3 records" }).waitFor();
    await panel.getByText(/^Read settings/).click();
    await panel.getByLabel("Partition", { exact: true }).selectOption({ label: "Partition 2" });
    await panel.getByRole("region", { name: "State after partition 2" }).evaluate((e) => e.scrollIntoView({ block: "center" }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, "testing-with-state.png") });
    return ["stream-sections", "testing-with-state"];
  } finally {
    await builder.close();
    await api.close();
    rmSync(dirname(dir), { recursive: true, force: true });
  }
}
