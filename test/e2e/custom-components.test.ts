import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createSluice, type SluiceOptions } from "../../core/index.js";
import { CustomCodeError, SluiceError } from "../../sdk/index.js";
import { startLoopback, type Loopback } from "../support/loopback.js";
import { oneStreamManifest } from "../support/manifest-builder.js";
import { tempConnector, type TempConnector } from "../core/loader/temp-connector.js";

// Reports API: ?page=0,1,2... (from 0), `total_pages` in every body, two records per page.
const REPORTS = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
const PER_PAGE = 2;

const COMPONENTS_TS = `
import { PaginationStrategy, type HttpResponse } from "sluice/sdk";

export class TotalPagesFromZero extends PaginationStrategy {
  constructor(private readonly options: { first_page?: number }) { super(); }
  override get initialToken() { return this.options.first_page ?? 0; }
  nextPageToken(response: HttpResponse, _size: number, _last: unknown, lastToken: unknown) {
    const next = Number(lastToken ?? 0) + 1;
    return next < (response.json() as { total_pages: number }).total_pages ? next : undefined;
  }
}

export class BreaksOnPage2 extends PaginationStrategy {
  override get initialToken() { return 0; }
  nextPageToken(_response: HttpResponse, _size: number, _last: unknown, lastToken: unknown) {
    if (lastToken === 1) throw new Error("no cursor in this page");
    return Number(lastToken) + 1;
  }
}
`;

const PYTHON_PORT_JS = `
export class TotalPagesPort {
  constructor(options) { this.parameters = options.parameters; }
  get initial_token() { return 0; }
  next_page_token(response, last_page_size, last_record, last_page_token_value) {
    const next = (last_page_token_value ?? 0) + 1;
    return next < response.json().total_pages ? next : null;
  }
  get_page_size() { return null; }
}
`;

const AUTH_TS = `
import { Authenticator, injectRequestValue, type OutgoingRequest } from "sluice/sdk";
export class ReportsKey extends Authenticator {
  constructor(private readonly options: { header: string; config: { api_key: string } }) { super(); }
  apply(request: OutgoingRequest) { injectRequestValue(request, "header", this.options.header, this.options.config.api_key, "ReportsKey"); }
}
export class NoKeyYet extends Authenticator {
  apply(): void { throw new Error("the key service is down"); }
}
`;

const UNTRUSTED_TS = `(globalThis as any).sluiceUntrustedE2eRan = true;
import { PaginationStrategy } from "sluice/sdk";
export class Nope extends PaginationStrategy { nextPageToken() { return undefined; } }
`;

function manifest(urlBase: string, strategy: Record<string, unknown> | undefined, authenticator?: Record<string, unknown>): Record<string, unknown> {
  const paginator = strategy
    ? { type: "DefaultPaginator", pagination_strategy: strategy, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" } }
    : undefined;
  return oneStreamManifest({ urlBase, name: "reports", path: "/reports", paginator, requester: authenticator ? { authenticator } : {} });
}

describe("custom components through the engine", () => {
  let api: Loopback;
  let folder: TempConnector;
  before(async () => {
    api = await startLoopback((req) => {
      if (req.url.pathname !== "/reports") return { status: 404, body: {} };
      const page = Number(req.url.searchParams.get("page") ?? 0);
      return { body: { data: REPORTS.slice(page * PER_PAGE, (page + 1) * PER_PAGE), page, total_pages: Math.ceil(REPORTS.length / PER_PAGE) } };
    });
    folder = await tempConnector({
      "source_reports/components.ts": COMPONENTS_TS,
      "source_reports/python_port.js": PYTHON_PORT_JS,
      "source_reports/auth.ts": AUTH_TS,
      "untrusted/components.ts": UNTRUSTED_TS,
    });
  });
  after(async () => {
    await api.close();
    await folder.remove();
  });

  async function read(def: Record<string, unknown>, options: { sluice?: SluiceOptions; dir?: string; config?: Record<string, unknown> } = {}) {
    const dir = options.dir ?? folder.dir;
    const file = join(dir, `manifest-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(def));
    const sluice = createSluice({ logLevel: "error", ...options.sluice });
    const connector = await sluice.connect({ path: file, config: options.config ?? { api_key: "secret-key" } });
    const records: Record<string, unknown>[] = [];
    try {
      for await (const record of connector.read("reports")) records.push(record);
    } catch (error) {
      return { records, error };
    }
    return { records, error: undefined };
  }

  it("a TypeScript strategy from source_<name>/components.ts pages from 0 until total_pages", async () => {
    const start = api.requests.length;
    const { records, error } = await read(manifest(api.url, { type: "CustomPaginationStrategy", class_name: "source_reports.components.TotalPagesFromZero" }));
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [1, 2, 3, 4, 5]);
    assert.deepEqual(api.requests.slice(start).map((r) => r.url.search), ["?page=0", "?page=1", "?page=2"]);
  });

  it("a class_name without a type is a CustomPaginationStrategy, and the definition's fields reach the constructor", async () => {
    const start = api.requests.length;
    const { records, error } = await read(manifest(api.url, { class_name: "source_reports.components.TotalPagesFromZero", first_page: 1 }));
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [3, 4, 5]);
    assert.deepEqual(api.requests.slice(start).map((r) => r.url.search), ["?page=1", "?page=2"]);
  });

  it("a Python-style JavaScript port (next_page_token, initial_token) reads the same pages", async () => {
    const { records, error } = await read(manifest(api.url, { type: "CustomPaginationStrategy", class_name: "source_reports.python_port.TotalPagesPort" }));
    assert.equal(error, undefined);
    assert.deepEqual(records.map((r) => r.id), [1, 2, 3, 4, 5]);
  });

  it("a custom authenticator signs every request", async () => {
    const start = api.requests.length;
    const { error } = await read(
      manifest(api.url, { type: "CustomPaginationStrategy", class_name: "source_reports.components.TotalPagesFromZero" }, { type: "CustomAuthenticator", class_name: "source_reports.auth.ReportsKey", header: "X-Reports-Key" }),
    );
    assert.equal(error, undefined);
    const keys = api.requests.slice(start).map((r) => r.headers["x-reports-key"]);
    assert.deepEqual(keys, ["secret-key", "secret-key", "secret-key"]);
  });

  it("an authenticator definition with class_name and no type is a CustomAuthenticator", async () => {
    const start = api.requests.length;
    const { error } = await read(manifest(api.url, undefined, { class_name: "source_reports.auth.ReportsKey", header: "X-Inferred-Key" }));
    assert.equal(error, undefined);
    assert.deepEqual(api.requests.slice(start).map((r) => r.headers["x-inferred-key"]), ["secret-key"]);
  });

  it("an error thrown by custom pagination code names the class, the stream and the page, with the original as cause", async () => {
    const { records, error } = await read(manifest(api.url, { type: "CustomPaginationStrategy", class_name: "source_reports.components.BreaksOnPage2" }));
    assert.deepEqual(records.map((r) => r.id), [1, 2, 3, 4]);
    assert.ok(error instanceof CustomCodeError, String(error));
    assert.equal(error.code, "CUSTOM_CODE_FAILED");
    assert.equal(error.where.component, "source_reports.components.BreaksOnPage2");
    assert.equal(error.where.stream, "reports");
    assert.equal(error.where.page, 2);
    assert.equal((error.cause as Error).message, "no cursor in this page");
  });

  it("an error thrown by a custom authenticator names the class, the stream and the page, with the original as cause", async () => {
    const { error } = await read(manifest(api.url, undefined, { type: "CustomAuthenticator", class_name: "source_reports.auth.NoKeyYet" }));
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.where.component, "source_reports.auth.NoKeyYet");
    assert.equal(error.where.stream, "reports");
    assert.equal(error.where.page, 1);
    assert.equal((error.cause as Error).message, "the key service is down");
  });

  it("a host that does not trust custom code refuses the manifest before any request, without loading the module", async () => {
    const start = api.requests.length;
    const dir = join(folder.dir, "untrusted");
    await assert.rejects(read(manifest(api.url, { type: "CustomPaginationStrategy", class_name: "components.Nope" }), { dir, sluice: { trustCustomCode: false } }), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.equal(error.code, "CUSTOM_CODE_REFUSED");
      assert.match(error.message, /components\.Nope/);
      return true;
    });
    assert.equal(api.requests.length, start);
    assert.equal((globalThis as Record<string, unknown>).sluiceUntrustedE2eRan, undefined);
  });

  it("SLUICE_DISABLE_CUSTOM_CODE=1 refuses custom code when the host gives no explicit option", async () => {
    const start = api.requests.length;
    process.env.SLUICE_DISABLE_CUSTOM_CODE = "1";
    try {
      await assert.rejects(read(manifest(api.url, { class_name: "source_reports.components.TotalPagesFromZero" })), { code: "CUSTOM_CODE_REFUSED" });
    } finally {
      delete process.env.SLUICE_DISABLE_CUSTOM_CODE;
    }
    assert.equal(api.requests.length, start);
  });

  it("a class_name that tries to leave the connector folder is refused before any request", async () => {
    const start = api.requests.length;
    await assert.rejects(read(manifest(api.url, { type: "CustomPaginationStrategy", class_name: "source_reports/../x.Y" })), { code: "CUSTOM_CLASS_NAME_INVALID" });
    assert.equal(api.requests.length, start);
  });
});
