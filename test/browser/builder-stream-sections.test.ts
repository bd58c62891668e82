import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { createSluice } from "../../core/index.js";
import { startBuilder } from "../../core/builder/builder-server.js";
import { runSluice } from "../support/run-sluice.js";
import { assertSettledValue, openPage } from "./support/builder-fixture.js";
import { launchChromium } from "./support/chromium.js";
import { startSectionsApi, type SectionsApi } from "./support/sections-api.js";

// Not part of `npm test`: scripts/test-browser.sh (CI) installs Debian's chromium and runs the browser suite.
describe("the Builder's stream sections and testing with state in a real browser", () => {
  let browser: Browser;
  let api: SectionsApi;
  before(async () => {
    browser = await launchChromium();
    api = await startSectionsApi();
  });
  after(async () => {
    await browser.close();
    await api.close();
  });

  it("from an empty folder: a parent stream and an incremental child (date window in the query), tested from a start state, its state shown, saved, and `sluice read` from the final state asks only for the next window", async () => {
    await withEmptyFolder(browser, async ({ page, dir }) => {
      await page.getByLabel("API Base URL", { exact: true }).fill(api.url);
      await addStream(page, "projects", "/projects");
      await addStream(page, "events", "/events");
      await nav(page, "items").click();
      await page.getByRole("button", { name: "Remove stream items" }).click();
      // The navigation lists the streams of the server's analysis: wait for the one without `items`.
      await nav(page, "items").waitFor({ state: "detached" });
      await openStream(page, "events");
      await assertSettledValue(page.getByLabel("Name", { exact: true }), "events");
      await page.getByLabel("URL Path", { exact: true }).fill("/projects/{{ stream_partition.project_id }}/events");

      // Partitioning: one Parent Stream router.
      await page.getByRole("switch", { name: "Partitioning" }).check();
      await page.getByLabel("Partition Router", { exact: true }).selectOption({ label: "Parent Stream" });
      await page.getByLabel("Parent Stream", { exact: true }).selectOption("projects");
      await page.getByLabel("Parent Key", { exact: true }).fill("id");
      // The child's own router: not "shared" with the parent stream because both streams are listed.
      const parentKeyNote = await page.getByLabel("Parent Key", { exact: true }).getAttribute("aria-describedby");
      assert.doesNotMatch(await page.locator(`#${parentKeyNote!.split(" ")[0]}`).innerText(), /Shared by/);
      await page.getByLabel("Current Parent Key Value Identifier", { exact: true }).fill("project_id");

      // Incremental Sync: a datetime cursor, its window injected into the query.
      await page.getByRole("switch", { name: "Incremental Sync" }).check();
      assert.equal(await page.getByLabel("Cursor Type", { exact: true }).inputValue(), "DatetimeBasedCursor");
      await page.getByLabel("Cursor Field", { exact: true }).fill("updated_at");
      await injectAs(page, "Inject Start Time Into Outgoing HTTP Request", "since");
      await injectAs(page, "Inject End Time Into Outgoing HTTP Request", "until");
      const start = page.getByRole("group", { name: "Start Datetime", exact: true });
      assert.equal(await start.getByLabel("Datetime", { exact: true }).inputValue(), "{{ config['start_datetime'] }}");

      // The Start Datetime user input the cursor added, given a testing value.
      await nav(page, "Testing values").click();
      await page.getByLabel("Start Datetime", { exact: true }).fill("2024-01-01T00:00:00Z");
      await page.getByLabel("API key", { exact: true }).fill("tok-sections-7d41c");
      await openStream(page, "events");
      await page.getByRole("button", { name: "Test", exact: true }).click();
      const panel = page.getByRole("region", { name: "Test read: events" });
      await panel.getByRole("status").filter({ hasText: /events: 3 records in 2 pages of 2 slices/ }).waitFor();
      // The limits are shown and settable; a partition picker shows each slice and the state it ended with.
      await panel.getByText("Read settings: at most 100 records, 5 pages per partition, 5 partitions").click();
      assert.equal(await panel.getByLabel("Maximum number of pages", { exact: true }).inputValue(), "5");
      await panel.getByLabel("Partition", { exact: true }).selectOption({ label: "Partition 2" });
      assert.match(await panel.getByLabel("Slice").innerText(), /project_id: p2/);
      assert.match(await panel.getByRole("region", { name: "State after partition 2" }).innerText(), /2024-01-02T10:00:00Z/);
      const finalState = JSON.parse(await panel.getByRole("region", { name: "Final state" }).locator("pre").innerText()) as Record<string, unknown>;
      assert.match(JSON.stringify(finalState), /2024-01-03T10:00:00Z/);

      // A start state that is not the stream's shape is refused, saying what it expected.
      await panel.getByLabel("Input state", { exact: true }).fill('{"since": 1}');
      await panel.getByText(/expected \{"updated_at": "<datetime>"\}/).waitFor();
      // The final state as the start state: the next read asks each partition only from its cursor on.
      await panel.getByRole("region", { name: "Final state" }).getByRole("button", { name: "Use as Input State" }).click();
      api.seen.length = 0;
      await page.getByRole("button", { name: "Test", exact: true }).click();
      await panel.getByRole("status").filter({ hasText: /events: \d+ records? in 2 pages of 2 slices/ }).waitFor();
      assert.deepEqual(sinceByProject(api), { p1: "2024-01-03T10:00:00Z", p2: "2024-01-02T10:00:00Z" });

      await save(page);
      const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
      assert.match(manifest, /type: SubstreamPartitionRouter/);
      assert.match(manifest, /type: DatetimeBasedCursor/);
      writeFileSync(join(dir, "state.json"), JSON.stringify([{ type: "STREAM", stream: { stream_descriptor: { name: "events" }, stream_state: finalState } }]));
      api.seen.length = 0;
      const read = await runSluice(["read", "--config", "secrets/config.json", "--state", "state.json", "--stream", "events"], dir);
      assert.equal(read.code, 0, read.stderr);
      assert.deepEqual(sinceByProject(api), { p1: "2024-01-03T10:00:00Z", p2: "2024-01-02T10:00:00Z" }, "sluice read resumes each partition at its cursor");
    });
  });

  it("a parameterized stream with a record filter and two transformations, and an error handler that retries a 429 and ignores a 404, each read by `sluice read` after Save", async () => {
    await withEmptyFolder(browser, async ({ page, dir }) => {
      await page.getByLabel("API Base URL", { exact: true }).fill(api.url);
      await addStream(page, "tickets", "/tickets");
      await addStream(page, "flaky", "/flaky");
      await nav(page, "items").click();
      await page.getByRole("button", { name: "Remove stream items" }).click();
      await nav(page, "items").waitFor({ state: "detached" });
      await nav(page, "Testing values").click();
      await page.getByLabel("API key", { exact: true }).fill("tok-sections-2b4d9");
      await openStream(page, "tickets");
      await page.getByRole("switch", { name: "Partitioning" }).check();
      await assertSettledValue(page.getByLabel("Partition Router", { exact: true }), "ListPartitionRouter");
      await page.getByLabel("Parameter Values", { exact: true }).fill("open, closed");
      await page.getByLabel("Current Parameter Value Identifier", { exact: true }).fill("status");
      await injectAs(page, "Inject value into outgoing HTTP Request", "status");

      await page.getByRole("switch", { name: "Record Filter" }).check();
      await page.getByLabel("Condition", { exact: true }).fill("{{ record['status'] == 'open' }}");

      await page.getByRole("switch", { name: "Transformations" }).check();
      const first = page.getByRole("group", { name: "Transformation 1" });
      await assertSettledValue(first.getByLabel("Transformation", { exact: true }), "RemoveFields");
      await first.getByLabel("Path", { exact: true }).fill("internal");
      await page.getByRole("button", { name: "Add transformation" }).click();
      const second = page.getByRole("group", { name: "Transformation 2" });
      await second.getByLabel("Transformation", { exact: true }).selectOption({ label: "Add Field" });
      // The new kind's form is drawn from its template once the page has applied it: type after that.
      await assertSettledValue(second.getByLabel("Path", { exact: true }), "new_field");
      await second.getByLabel("Path", { exact: true }).fill("source");
      await second.getByLabel("Value", { exact: true }).fill("api");
      await save(page);
      api.seen.length = 0;
      const tickets = await runSluice(["read", "--config", "secrets/config.json", "--stream", "tickets"], dir);
      assert.equal(tickets.code, 0, tickets.stderr);
      assert.deepEqual(api.seen.filter((r) => r.path === "/tickets").map((r) => r.query.get("status")), ["open", "closed"]);
      assert.deepEqual(tickets.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data), [{ id: "open-1", Title: "A open ticket", status: "open", source: "api" }]);

      await openStream(page, "flaky");
      await page.getByRole("switch", { name: "Error Handler" }).check();
      const filters = page.getByRole("group", { name: "Response Filters" });
      await filters.getByRole("button", { name: "Add response filter" }).click();
      const retry = page.getByRole("group", { name: "Response filter 1" });
      await retry.getByLabel("Action", { exact: true }).selectOption("RETRY");
      await retry.getByLabel("HTTP Codes", { exact: true }).fill("429");
      await filters.getByRole("button", { name: "Add response filter" }).click();
      const ignore = page.getByRole("group", { name: "Response filter 2" });
      await assertSettledValue(ignore.getByLabel("Action", { exact: true }), "IGNORE", "a new response filter ignores, as the product's");
      await ignore.getByLabel("HTTP Codes", { exact: true }).fill("404");
      await page.getByRole("group", { name: "Backoff Strategies" }).getByRole("button", { name: "Add backoff strategy" }).click();
      const backoff = page.getByRole("group", { name: "Backoff strategy 1" });
      await assertSettledValue(backoff.getByLabel("Strategy", { exact: true }), "ConstantBackoffStrategy");
      await backoff.getByLabel("Backoff Time", { exact: true }).fill("0");
      await page.getByLabel("Max Retry Count", { exact: true }).fill("3");
      await save(page);
      assert.match(readFileSync(join(dir, "manifest.yaml"), "utf8"), /http_codes: \[429\]/);
      api.seen.length = 0;
      api.throttle = 1;
      const flaky = await runSluice(["read", "--config", "secrets/config.json", "--stream", "flaky"], dir);
      assert.equal(flaky.code, 0, flaky.stderr);
      assert.equal(api.seen.filter((r) => r.path === "/flaky").length, 2, "the 429 was retried once");
      assert.deepEqual(flaky.messages.filter((m) => m.type === "RECORD").map((m) => m.record.data.id), [1, 2]);

      await page.getByLabel("URL Path", { exact: true }).fill("/gone");
      await save(page);
      const gone = await runSluice(["read", "--config", "secrets/config.json", "--stream", "flaky"], dir);
      assert.equal(gone.code, 0, `the 404 is ignored: ${gone.stderr}`);
      assert.equal(gone.messages.filter((m) => m.type === "RECORD").length, 0);
    });
  });
});

/** Runs `scenario` on a Builder opened on a new empty folder (the scaffold), removed after. */
async function withEmptyFolder(browser: Browser, scenario: (at: { page: Page; dir: string }) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sluice-builder-sections-"));
  const builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
  const page = await browser.newPage();
  try {
    await openPage(page, builder.url);
    await scenario({ page, dir });
  } finally {
    await page.close();
    await builder.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The `since` each project's events request carried (the last one per project). */
function sinceByProject(api: SectionsApi): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const req of api.seen) {
    const project = /^\/projects\/(\w+)\/events$/.exec(req.path)?.[1];
    if (project) out[project] = req.query.get("since");
  }
  return out;
}

function nav(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name, exact: true });
}

async function openStream(page: Page, name: string): Promise<void> {
  await nav(page, name).click();
  await page.getByRole("heading", { name: `Stream: ${name}` }).waitFor();
}

async function addStream(page: Page, name: string, path: string): Promise<void> {
  await nav(page, "+ Add stream").click();
  const dialog = page.getByRole("dialog", { name: "Add stream" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("URL Path").fill(path);
  await dialog.getByRole("button", { name: "Create" }).click();
  await page.getByRole("heading", { name: `Stream: ${name}` }).waitFor();
}

/** Turns an injection group on and names the query parameter. */
async function injectAs(page: Page, group: string, name: string): Promise<void> {
  const injection = page.getByRole("group", { name: group, exact: true });
  await injection.getByRole("checkbox", { name: group, exact: true }).check();
  await injection.getByLabel("Inject into", { exact: true }).selectOption("request_parameter");
  await injection.getByLabel("Parameter Name", { exact: true }).fill(name);
}

async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("status").filter({ hasText: "All changes saved" }).waitFor();
}
