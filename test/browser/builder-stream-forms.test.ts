import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import { runSluice } from "../support/run-sluice.js";
import { assertSettledValue, openPage, withBuilderPage, yamlText } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";
import { RECORDS, startPagedApi, type PagedApi, type Target } from "./support/paged-api.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
const TOKEN = "tok-5be71d0c93";
const TARGETS: readonly Target[] = ["request_parameter", "header", "body_json", "body_data"];

/** A connector with one stream `items` at `path` of the loopback API, no pagination, no authentication. */
const oneStream = (url: string, path: string) => `version: 6.0.0
type: DeclarativeSource
streams:
  - type: DeclarativeStream
    name: items
    primary_key: id
    retriever:
      type: SimpleRetriever
      requester:
        type: HttpRequester
        url_base: ${url}
        path: ${path}
        http_method: GET
      record_selector:
        type: RecordSelector
        extractor:
          type: DpathExtractor
          field_path: [data]
    schema_loader: { type: InlineSchemaLoader, schema: {} }
check: { type: CheckStream, stream_names: [items] }
spec:
  type: Spec
  connection_specification: { type: object, properties: {} }
`;

describe("the Builder's stream and pagination forms in a real browser", () => {
  let browser: Browser;
  let api: PagedApi;
  before(async () => {
    browser = await launchChromium();
    api = await startPagedApi(TOKEN);
  });
  after(async () => {
    await browser.close();
    await api.loopback.close();
  });

  it("goes from an empty folder to a working `sluice read` through the page alone: a new stream with its path, selector, primary key and a query parameter", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sluice-builder-streams-"));
    const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    const page = await browser.newPage();
    try {
      await openPage(page, builder.url);
      await page.getByLabel("API Base URL", { exact: true }).fill(api.url);
      // The scaffold's placeholder key cleared: the testing values fail the spec until the key is given below.
      await nav(page, "Testing values").click();
      await page.getByLabel("API key", { exact: true }).fill("");
      await nav(page, "+ Add stream").click();
      const dialog = page.getByRole("dialog", { name: "Add stream" });
      await dialog.getByLabel("Name").fill("items");
      await dialog.getByText("A stream named items exists already.").waitFor();
      await dialog.getByLabel("Name").fill("customers");
      await dialog.getByLabel("URL Path").fill("/customers");
      await dialog.getByRole("button", { name: "Create" }).click();
      await page.getByRole("heading", { name: "Stream: customers" }).waitFor();
      assert.equal(await nav(page, "customers").getAttribute("aria-current"), "page");

      await page.getByLabel("Field Path", { exact: true }).fill("results");
      await page.getByLabel("Primary Key", { exact: true }).fill("id");
      const params = page.getByRole("group", { name: "Query Parameters" });
      await params.getByRole("button", { name: "Add query parameter" }).click();
      await params.getByLabel("Key 1").fill("status");
      await params.getByLabel("Value 1").fill("{{ config['status' }}");
      // The engine's template compiler, through the server, while the testing values are not complete yet (no API key).
      await params.getByText("is not valid Jinja").waitFor();
      await params.getByLabel("Value 1").fill("active");
      await params.getByText("is not valid Jinja").waitFor({ state: "detached" });
      assert.equal(await page.getByRole("checkbox", { name: "Pagination", exact: true }).isChecked(), false, "a new stream does not paginate");

      // The scaffold's stream goes; check.stream_names follows.
      await nav(page, "items").click();
      await page.getByRole("button", { name: "Remove stream items" }).click();
      await page.getByRole("heading", { name: "Stream: customers" }).waitFor();
      assert.deepEqual(await navStreams(page), ["customers"]);

      await nav(page, "Testing values").click();
      await page.getByLabel("API key", { exact: true }).fill(TOKEN);
      await save(page);
      const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
      assert.match(manifest, /field_path:\s*\n?\s*- results|field_path: \[results\]/);
      assert.match(manifest, /status: "?active"?\n/);
      assert.match(manifest, /stream_names:\s*\n\s*- customers|stream_names: \[customers\]/);
      assert.ok(!manifest.includes(TOKEN));
      const read = await runSluice(["read", "--config", "secrets/config.json"], dir);
      assert.equal(read.code, 0, read.stderr);
      const records = read.messages.filter((m) => m.type === "RECORD").map((m) => `${m.record.stream}:${m.record.data.id}`);
      assert.deepEqual(records, ["customers:1", "customers:2", "customers:3"]);
    } finally {
      await page.close();
      await builder.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Offset Increment: Limit and both injections into each target read every page; with the injections off, next_page_token in a query parameter or a free-form JSON body does it", async () => {
    await withBuilderPage(browser, oneStream(api.url, "/offset"), async ({ page, dir }) => {
      await openStream(page, "items");
      await turnOnPagination(page, "Offset Increment");
      // No Limit yet (the product gives none): the engine's rule shows in the group it concerns.
      const limitGroup = page.getByRole("group", { name: "Inject limit into outgoing HTTP request", exact: true });
      await limitGroup.getByText("page_size_option is set but the pagination strategy has no page_size").waitFor();
      await page.getByLabel("Limit", { exact: true }).fill("2");
      await limitGroup.getByText("page_size_option is set but the pagination strategy has no page_size").waitFor({ state: "detached" });
      assert.equal(await page.getByLabel("Inject Offset on First Request", { exact: true }).isChecked(), false);
      for (const target of TARGETS) {
        await inject(page, "Inject limit into outgoing HTTP request", target);
        await inject(page, "Inject offset into outgoing HTTP request", target);
        await readsEveryPage(page, api, dir, target, "/offset", "offset", [undefined, "2", "4"]);
      }
      // The product's custom parameter injection: the offset's injection off, the stream's query parameter carries next_page_token.
      await inject(page, "Inject limit into outgoing HTTP request", "request_parameter");
      await page.getByRole("checkbox", { name: "Inject offset into outgoing HTTP request", exact: true }).click();
      const params = page.getByRole("group", { name: "Query Parameters" });
      await params.getByRole("button", { name: "Add query parameter" }).click();
      await params.getByLabel("Key 1").fill("offset");
      await params.getByLabel("Value 1").fill("{{ next_page_token['next_page_token'] or 0 }}");
      await readsEveryPage(page, api, dir, "request_parameter", "/offset", "offset", ["0", "2", "4"]);
      assert.doesNotMatch(await yamlText(page), /page_token_option/);
      // The same in a free-form JSON body, the limit too, by POST.
      await params.getByRole("button", { name: "Remove offset" }).click();
      await page.getByRole("checkbox", { name: "Inject limit into outgoing HTTP request", exact: true }).click();
      await page.getByLabel("HTTP Method", { exact: true }).selectOption("POST");
      await page.getByLabel("Body Type", { exact: true }).selectOption({ label: "JSON (free form)" });
      await page.getByLabel("JSON Body", { exact: true }).fill(`{"limit": 2, "offset": {{ next_page_token['next_page_token'] or 0 }}}`);
      await readsEveryPage(page, api, dir, "body_json", "/offset", "offset", ["0", "2", "4"]);
      // Off: no paginator in the stream.
      await page.getByRole("checkbox", { name: "Pagination", exact: true }).click();
      await page.getByLabel("Pagination Method", { exact: true }).waitFor({ state: "detached" });
      assert.doesNotMatch(await yamlText(page), /paginator/);
    });
  });

  it("Page Increment: Page size, Start From Page and both injections into each target read every page; the first page injected when asked", async () => {
    await withBuilderPage(browser, oneStream(api.url, "/page"), async ({ page, dir }) => {
      await openStream(page, "items");
      await turnOnPagination(page, "Page Increment");
      await page.getByLabel("Page size", { exact: true }).fill("2");
      await page.getByLabel("Start From Page", { exact: true }).fill("1");
      for (const target of TARGETS) {
        await inject(page, "Inject page size into outgoing HTTP request", target, "per_page");
        await inject(page, "Inject page number into outgoing HTTP request", target);
        await readsEveryPage(page, api, dir, target, "/page", "page", [undefined, "2", "3"]);
      }
      await page.getByLabel("Inject Page Number on First Request", { exact: true }).check();
      await readsEveryPage(page, api, dir, "body_data", "/page", "page", ["1", "2", "3"]);
    });
  });

  it("Cursor Pagination: a cursor from the response body into each target, and the Link header's next URL into the path, read every page", async () => {
    await withBuilderPage(browser, oneStream(api.url, "/cursor"), async ({ page, dir }) => {
      await openStream(page, "items");
      await turnOnPagination(page, "Cursor Pagination");
      await valueIs(page, "Next page cursor", "response");
      await page.getByLabel("Cursor property path", { exact: true }).fill("next_cursor");
      for (const target of TARGETS) {
        await inject(page, "Inject cursor into outgoing HTTP request", target);
        await readsEveryPage(page, api, dir, target, "/cursor", "cursor", [undefined, "c2", "c4"]);
      }
      // The same stream on the Link header: the whole next URL replaces the request's.
      await page.getByLabel("URL Path", { exact: true }).fill("/cursor-link");
      await page.getByLabel("Next page cursor", { exact: true }).selectOption("headers");
      await valueIs(page, "Cursor property path", "link, next, url");
      await inject(page, "Inject cursor into outgoing HTTP request", "path");
      await readsEveryPage(page, api, dir, "request_parameter", "/cursor-link", "cursor", [undefined, "c2", "c4"]);
      const yaml = await yamlText(page);
      assert.match(yaml, /cursor_value: "\{\{ headers\.link\.next\.url \}\}"/);
      assert.match(yaml, /page_token_option:\s*\n\s*type: RequestPath/);

      // Custom: the template fields, each listing its variables, with the engine's syntax check as the author types.
      await page.getByLabel("Next page cursor", { exact: true }).selectOption("custom");
      const stop = page.getByLabel("Stop condition", { exact: true });
      await stop.fill("{{ 'next' not in headers['link'] ");
      await page.getByText("is not valid Jinja").first().waitFor();
      await stop.fill("{{ 'next' not in headers['link'] }}");
      await page.getByText("is not valid Jinja").first().waitFor({ state: "detached" });
      await page.getByText("Variables: config, headers (the parsed Link header as headers.link").first().waitFor();
      await readsEveryPage(page, api, dir, "request_parameter", "/cursor-link", "cursor", [undefined, "c2", "c4"]);
    });
  });

  it("Custom Pagination Strategy: names a class, says whether its file is in the folder, and reads every page with it", async () => {
    await withBuilderPage(browser, oneStream(api.url, "/reports"), async ({ page, dir }) => {
      await openStream(page, "items");
      await turnOnPagination(page, "Custom Pagination Strategy");
      const className = page.getByLabel("Class Name", { exact: true });
      await className.fill("source_reports.components.TotalPagesFromZero");
      await page.getByText("No file for this class in the connector folder yet: write source_reports/components.ts").waitFor();
      mkdirSync(join(dir, "source_reports"));
      writeFileSync(join(dir, "source_reports", "components.ts"), TOTAL_PAGES_CLASS);
      await className.fill("source_reports.components.TotalPagesFromZero "); // any edit asks the server again
      await className.fill("source_reports.components.TotalPagesFromZero");
      await page.getByText("Found source_reports/components.ts in the connector folder.").waitFor();
      await inject(page, "Inject page token into outgoing HTTP request", "request_parameter");
      await readsEveryPage(page, api, dir, "request_parameter", "/reports", "page", [undefined, "1", "2"]);
    });
  });
});

/** A custom strategy as an author writes it: pages from 0 until `total_pages` (examples/custom-strategy). */
const TOTAL_PAGES_CLASS = `import { PaginationStrategy } from "sluice/sdk";
export class TotalPagesFromZero extends PaginationStrategy {
  nextPageToken({ response, lastToken }) {
    const next = Number(lastToken ?? 0) + 1;
    return next < Number(response.json().total_pages) ? next : undefined;
  }
}
`;

/** Waits for the control named `label` to show `expected` (the form redraws from the server's analysis). */
async function valueIs(page: Page, label: string, expected: string): Promise<void> {
  await assertSettledValue(page.getByLabel(label, { exact: true }), expected, label);
}

function nav(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name, exact: true });
}

async function navStreams(page: Page): Promise<string[]> {
  return page.getByRole("navigation", { name: "Pages" }).getByRole("listitem").allInnerTexts();
}

async function openStream(page: Page, name: string): Promise<void> {
  await nav(page, name).click();
  await page.getByRole("heading", { name: `Stream: ${name}` }).waitFor();
}

async function turnOnPagination(page: Page, method: string): Promise<void> {
  await page.getByRole("checkbox", { name: "Pagination", exact: true }).check(); // the toggle follows the click at once
  await page.getByLabel("Pagination Method", { exact: true }).selectOption({ label: method });
}

/** Chooses where an injection group puts its value (a body needs POST: the HTTP Method follows). */
async function inject(page: Page, group: string, target: Target | "path", fieldName?: string): Promise<void> {
  const injection = page.getByRole("group", { name: group, exact: true });
  await injection.getByLabel("Inject into", { exact: true }).selectOption(target);
  if (fieldName !== undefined) await injection.getByRole("textbox").fill(fieldName);
  const method = target === "body_json" || target === "body_data" ? "POST" : "GET";
  await page.getByLabel("HTTP Method", { exact: true }).selectOption(method);
}

async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
}

/** Saves, reads with `sluice read`, and checks the API saw `values` of `name` (one per page) at `target` and the read got every record. */
async function readsEveryPage(page: Page, api: PagedApi, dir: string, target: Target, path: string, name: string, values: Array<string | undefined>): Promise<void> {
  await save(page);
  api.expect.target = target;
  api.clear();
  const config = join(dir, "config.json");
  writeFileSync(config, "{}");
  const read = await runSluice(["read", "--config", config], dir);
  assert.equal(read.code, 0, `${target}: ${read.stderr}\n${await yamlText(page)}`);
  assert.deepEqual(api.valuesSeen(path, name), values, `${target}: the pages the API saw`);
  const ids = read.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id);
  assert.deepEqual(ids, RECORDS.map((r) => r.id), `${target}: the records read`);
}
