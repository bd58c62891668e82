import { test, after } from "node:test";
import assert from "node:assert/strict";
import { CustomPaginationStrategyComponent } from "../../../plugins/custom/custom-pagination-strategy.js";
import { CustomCodeError, PaginationStrategy, jsonDocuments, type ComponentDefinition, type HttpResponse } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "../../core/loader/temp-connector.js";
import { customBuildContext } from "./build-context.js";
import { facts } from "../pagination/helpers.js";

let folder: TempConnector;
after(() => folder?.remove());

const FILES: Record<string, string> = {
  "source_reports/components.ts": `
import { PaginationStrategy, type HttpResponse, type PageFacts } from "sluice/sdk";
export class TotalPagesFromZero extends PaginationStrategy {
  seen: Record<string, unknown>;
  constructor(options: Record<string, unknown>) { super(); this.seen = options; }
  override get initialToken() { return 0; }
  nextPageToken(response: HttpResponse, _size: number, _last: unknown, lastToken: unknown) {
    const next = Number(lastToken ?? 0) + 1;
    return next < (response.json() as { total_pages: number }).total_pages ? next : undefined;
  }
  override getPageSize() { return this.seen.page_size as number; }
}
export class CountOnly extends PaginationStrategy {
  override get readsRecords() { return false; }
  nextPageToken() { return undefined; }
}
export class Throws extends PaginationStrategy {
  nextPageToken(_r: HttpResponse, _s: number, _l: unknown, lastToken: unknown): unknown {
    if (lastToken === 1) throw new RangeError("page 2 has no total_pages");
    return 1;
  }
}
export class Async extends PaginationStrategy { async nextPageToken() { return 1; } }
export class BadConstructor extends PaginationStrategy {
  constructor() { super(); throw new Error("missing option step"); }
  nextPageToken() { return undefined; }
}
export class FactsForm extends PaginationStrategy {
  seenFacts: unknown[] = [];
  nextPageToken(page: PageFacts) {
    this.seenFacts.push({ count: page.count, rawCount: page.rawCount, lastToken: page.lastToken, records: page.records?.length });
    return page.lastToken === 2 ? undefined : Number(page.lastToken ?? 0) + 1;
  }
}
export class ResponseOnly extends PaginationStrategy {
  nextPageToken(response: HttpResponse) { return (response.json() as { next?: string }).next ?? (response.headers.get("x-next") ?? undefined); }
}
export class NoMethod extends PaginationStrategy {}
export class Plain { nextPageToken() { return 1; } }
class PaginationStrategyCopy {}
Object.defineProperty(PaginationStrategyCopy, "name", { value: "PaginationStrategy" });
export class OtherCopy extends PaginationStrategyCopy { nextPageToken() { return 1; } }
`,
  "source_reports/python_port.js": `
export class SnakePages {
  constructor(options) { this.options = options; this.calls = []; }
  get initial_token() { return this.options.start; }
  next_page_token(response, last_page_size, last_record, last_page_token_value) {
    this.calls.push([last_page_size, last_record, last_page_token_value]);
    return response.json().next ?? null;
  }
  get_page_size() { return this.options.page_size; }
}
import { PaginationStrategy } from "sluice/sdk";
export class SnakeOnBase extends PaginationStrategy {
  next_page_token() { return "t"; }
}
`,
};

function response(body: unknown): HttpResponse {
  const text = JSON.stringify(body);
  return { status: 200, url: "http://127.0.0.1/x", headers: { get: () => null, entries: () => [] }, links: {}, json: () => JSON.parse(text), text: () => text, bytes: () => Buffer.from(text), documents: () => jsonDocuments(JSON.parse(text)) };
}

async function build(def: Partial<ComponentDefinition> & { class_name: string }, overrides = {}): Promise<PaginationStrategy> {
  folder ??= await tempConnector(FILES);
  return CustomPaginationStrategyComponent.build({ type: "CustomPaginationStrategy", ...def }, customBuildContext(folder.dir, overrides)) as Promise<PaginationStrategy>;
}

test("the factory is marked as running custom code", () => {
  assert.equal(CustomPaginationStrategyComponent.runsCustomCode, true);
  assert.equal(CustomPaginationStrategyComponent.kind, "pagination_strategy");
});

test("a TypeScript strategy is built with its fields, config and parameters, and pages from 0 to total_pages", async () => {
  const strategy = await build({ class_name: "source_reports.components.TotalPagesFromZero", page_size: 2, $parameters: { name: "reports" } });
  assert.ok(strategy instanceof PaginationStrategy);
  const inner = (strategy as unknown as { inner: { seen: Record<string, unknown> } }).inner;
  assert.deepEqual(inner.seen, { page_size: 2, config: { api_key: "k" }, parameters: { name: "reports" } });
  assert.equal(strategy.initialToken, 0);
  assert.equal(strategy.getPageSize(), 2);
  assert.equal(strategy.nextPageToken(facts(response({ total_pages: 3 }), 2, undefined, 0)), 1);
  assert.equal(strategy.nextPageToken(facts(response({ total_pages: 3 }), 2, undefined, 2)), undefined);
});

test("a TypeScript strategy written for the facts object gets one PageFacts", async () => {
  const strategy = await build({ class_name: "source_reports.components.FactsForm" });
  const page = facts(response({}), 1, { id: 9 }, 1, { rawCount: 4, records: [{ id: 9 }] });
  assert.equal(strategy.nextPageToken(page), 2);
  assert.equal(strategy.nextPageToken({ ...page, lastToken: 2 }), undefined);
  const inner = (strategy as unknown as { inner: { seenFacts: unknown[] } }).inner;
  assert.deepEqual(inner.seenFacts[0], { count: 1, rawCount: 4, lastToken: 1, records: 1 });
});

test("a positional strategy that declares only response still reads the response (the facts answer as it)", async () => {
  const strategy = await build({ class_name: "source_reports.components.ResponseOnly" });
  assert.equal(strategy.nextPageToken(facts(response({ next: "n2" }), 1)), "n2");
  assert.equal(strategy.nextPageToken(facts(response({}), 1)), undefined);
});

test("a Python-style strategy (initial_token, next_page_token, get_page_size) is adapted", async () => {
  const strategy = await build({ class_name: "source_reports.python_port.SnakePages", start: "a", page_size: 50 });
  assert.equal(strategy.initialToken, "a");
  assert.equal(strategy.getPageSize(), 50);
  assert.equal(strategy.nextPageToken(facts(response({ next: "b" }), 50, { id: 1 }, "a")), "b");
  assert.equal(strategy.nextPageToken(facts(response({}), 3, undefined, "b")), null);
  const inner = (strategy as unknown as { inner: { calls: unknown[] } }).inner;
  assert.deepEqual(inner.calls, [[50, { id: 1 }, "a"], [3, null, "b"]]);
});

test("a class extending PaginationStrategy with only next_page_token is treated as Python style", async () => {
  const strategy = await build({ class_name: "source_reports.python_port.SnakeOnBase" });
  assert.equal(strategy.nextPageToken(facts(response({}), 0, undefined, undefined)), "t");
  assert.equal(strategy.initialToken, undefined);
});

test("a class that does not extend PaginationStrategy is refused, saying what it extends", async () => {
  await assert.rejects(build({ class_name: "source_reports.components.Plain" }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CLASS_WRONG_BASE");
    assert.equal(error.found, "Plain (extends nothing)");
    return true;
  });
});

test("a class extending another copy of PaginationStrategy is told to import sluice/sdk", async () => {
  await assert.rejects(build({ class_name: "source_reports.components.OtherCopy" }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CLASS_WRONG_BASE");
    assert.match(error.found ?? "", /OtherCopy extends PaginationStrategy; its PaginationStrategy is another copy of the SDK: import it from "sluice\/sdk"/);
    return true;
  });
});

test("a class extending PaginationStrategy without nextPageToken is refused as incomplete", async () => {
  await assert.rejects(build({ class_name: "source_reports.components.NoMethod" }), { code: "CUSTOM_CLASS_INCOMPLETE" });
});

test("an error thrown by nextPageToken names the class, the stream and the page, with the original as cause", async () => {
  const strategy = await build({ class_name: "source_reports.components.Throws" });
  void strategy.initialToken;
  assert.equal(strategy.nextPageToken(facts(response({}), 1, undefined, undefined)), 1);
  assert.throws(() => strategy.nextPageToken(facts(response({}), 1, undefined, 1)), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CODE_FAILED");
    assert.match(error.message, /source_reports\.components\.Throws\.nextPageToken threw: page 2 has no total_pages/);
    assert.equal(error.where.component, "source_reports.components.Throws");
    assert.equal(error.where.stream, "reports");
    assert.equal(error.where.page, 2);
    assert.ok(error.cause instanceof RangeError);
    assert.match(error.describe(), /stream reports, page 2/);
    return true;
  });
});

test("reading the initial token starts the page count again", async () => {
  const strategy = await build({ class_name: "source_reports.components.Throws" });
  strategy.nextPageToken(facts(response({}), 1, undefined, undefined));
  void strategy.initialToken;
  assert.throws(() => strategy.nextPageToken(facts(response({}), 1, undefined, 1)), (error: unknown) => (error as CustomCodeError).where.page === 1);
});

test("an async nextPageToken's promise is passed on, for the read to await", async () => {
  const strategy = await build({ class_name: "source_reports.components.Async" });
  assert.equal(await strategy.nextPageToken(facts(response({}), 0, undefined, undefined)), 1);
});

test("a throwing constructor is reported with the class name and the original error", async () => {
  await assert.rejects(build({ class_name: "source_reports.components.BadConstructor" }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CODE_FAILED");
    assert.match(error.message, /BadConstructor\.constructor threw: missing option step/);
    return true;
  });
});

test("a nested component definition among the fields is built first, as the kit does", async () => {
  const option = { type: "RequestOption", inject_into: "request_parameter", field_name: "page" };
  const strategy = await build({ class_name: "source_reports.components.TotalPagesFromZero", token_option: option });
  const inner = (strategy as unknown as { inner: { seen: Record<string, unknown> } }).inner;
  assert.deepEqual(inner.seen.token_option, { built: option, path: "streams[0].retriever.paginator.pagination_strategy.token_option" });
});

test("a manifest without a folder cannot name custom classes", async () => {
  await assert.rejects(
    CustomPaginationStrategyComponent.build({ type: "CustomPaginationStrategy", class_name: "components.X" }, customBuildContext(undefined)) as Promise<unknown>,
    { code: "CUSTOM_CODE_NO_FOLDER" },
  );
});

test("an untrusting host refuses at build time too", async () => {
  await assert.rejects(build({ class_name: "source_reports.components.TotalPagesFromZero" }, { trusted: false }), { code: "CUSTOM_CODE_REFUSED" });
});

test("a TypeScript strategy says whether it reads records' content (default: it does); a Python-style one always may", async () => {
  assert.equal((await build({ class_name: "source_reports.components.CountOnly" })).readsRecords, false);
  assert.equal((await build({ class_name: "source_reports.components.TotalPagesFromZero" })).readsRecords, true);
  assert.equal((await build({ class_name: "source_reports.python_port.SnakePages", start: 1 })).readsRecords, true);
});
