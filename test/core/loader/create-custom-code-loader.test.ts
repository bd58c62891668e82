import { test, after } from "node:test";
import assert from "node:assert/strict";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { createCustomCodeLoader } from "../../../core/loader/create-custom-code-loader.js";
import { customModuleUrl } from "../../../core/loader/custom-module-hooks.js";
import { Authenticator, CustomCodeError, PaginationStrategy } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "./temp-connector.js";

const loader = createCustomCodeLoader({ trusted: true });
const folders: TempConnector[] = [];
after(() => Promise.all(folders.map((f) => f.remove())));
async function connector(files: Record<string, string>, prefix?: string): Promise<TempConnector> {
  const folder = await tempConnector(files, prefix);
  folders.push(folder);
  return folder;
}
const sluiceGlobals = globalThis as unknown as Record<string, unknown>;

const TS_STRATEGY = `
import { PaginationStrategy, type HttpResponse } from "sluice/sdk";
import { nextOf } from "./helpers.js";
interface Options { step: number }
export class Steps extends PaginationStrategy {
  private readonly step: number;
  constructor(options: Options) { super(); this.step = options.step; }
  nextPageToken(_r: HttpResponse, _s: number, _l: unknown, last: unknown): number { return nextOf(last, this.step); }
}
`;

test("a TypeScript class in a folder outside the repo, without node_modules, extends the running SDK's PaginationStrategy", async () => {
  const folder = await connector({
    "source_steps/components.ts": TS_STRATEGY,
    "source_steps/helpers.ts": "export const nextOf = (last: unknown, step: number): number => Number(last ?? 0) + step;\n",
  });
  const { value, file } = await loader.loadClass({ className: "source_steps.components.Steps", connectorDir: folder.dir });
  const instance = new value({ step: 2 }) as PaginationStrategy;
  assert.ok(instance instanceof PaginationStrategy);
  // The user's class keeps the kit's positional form (the adapter calls it that way).
  assert.equal((instance.nextPageToken as Function)(undefined, 0, undefined, 4), 6);
  assert.match(file, /source_steps[\\/]components\.ts$/);
});

test("a JavaScript (.js) class without a package.json is loaded as an ES module and extends the SDK's Authenticator", async () => {
  const folder = await connector({
    "components.js": `import { Authenticator } from "sluice/sdk";\nexport class KeyAuth extends Authenticator { apply(request) { request.headers["X-Key"] = "k"; } }\n`,
  });
  const { value } = await loader.loadClass({ className: "source_declarative_manifest.components.KeyAuth", connectorDir: folder.dir });
  assert.ok(new value({}) instanceof Authenticator);
});

test("an .mjs module and a package folder's index.mts are found", async () => {
  const folder = await connector({
    "components.mjs": `import { PaginationStrategy } from "sluice/sdk";\nexport class A extends PaginationStrategy { nextPageToken() { return undefined; } }\n`,
    "source_x/pagination/index.mts": `import { PaginationStrategy } from "sluice/sdk";\nexport class B extends PaginationStrategy { nextPageToken(): undefined { return undefined; } }\n`,
  });
  const a = await loader.loadClass({ className: "components.A", connectorDir: folder.dir });
  const b = await loader.loadClass({ className: "source_x.pagination.B", connectorDir: folder.dir });
  assert.ok(new a.value({}) instanceof PaginationStrategy);
  assert.ok(new b.value({}) instanceof PaginationStrategy);
});

test("a module importing from \"sluice\" gets the running library entry and its SDK classes", async () => {
  const folder = await connector({
    "components.ts": `import { PaginationStrategy, createSluice } from "sluice";\nexport const hasLibrary = typeof createSluice === "function";\nexport class FromLibrary extends PaginationStrategy { nextPageToken() { return undefined; } }\n`,
  });
  const { value, file } = await loader.loadClass({ className: "components.FromLibrary", connectorDir: folder.dir });
  assert.ok(new value({}) instanceof PaginationStrategy);
  const module = (await import(customModuleUrl(file))) as { hasLibrary: boolean };
  assert.equal(module.hasLibrary, true);
});

test("a missing module lists every file tried", async () => {
  const folder = await connector({});
  await assert.rejects(loader.loadClass({ className: "source_acme.components.Nope", connectorDir: folder.dir }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CODE_NOT_FOUND");
    assert.match(error.expected ?? "", /source_acme[\\/]components\.ts, source_acme[\\/]components\.mts, .*source_acme[\\/]components[\\/]index\.mjs/);
    assert.equal(error.where.component, "source_acme.components.Nope");
    return true;
  });
});

test("a missing export names the exports the module has", async () => {
  const folder = await connector({ "components.ts": "export class Other {}\nexport const helper = 1;\n" });
  await assert.rejects(loader.loadClass({ className: "components.Wanted", connectorDir: folder.dir }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CLASS_NOT_EXPORTED");
    assert.equal(error.found, "exports: Other, helper");
    return true;
  });
});

test("an export that is not a class is refused", async () => {
  const folder = await connector({ "components.ts": "export const NotAClass = 3;\n" });
  await assert.rejects(loader.loadClass({ className: "components.NotAClass", connectorDir: folder.dir }), { code: "CUSTOM_CLASS_NOT_A_CLASS", found: "number" });
});

test("a module that does not compile is reported with its file and the original error as cause", async () => {
  const folder = await connector({ "components.ts": "export class Broken {\n" });
  await assert.rejects(loader.loadClass({ className: "components.Broken", connectorDir: folder.dir }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "CUSTOM_CODE_LOAD");
    assert.ok(error.cause instanceof Error);
    assert.match(String(error.where.file), /components\.ts$/);
    return true;
  });
});

test("a symlink that leads outside the connector folder is refused and the outside module never runs", async () => {
  const outside = await connector({ "evil.ts": "(globalThis as any).sluiceEvilRan = true;\nexport class Evil {}\n" }, "sluice-outside-");
  const folder = await connector({});
  await symlink(join(outside.dir, "evil.ts"), join(folder.dir, "components.ts"));
  await assert.rejects(loader.loadClass({ className: "components.Evil", connectorDir: folder.dir }), { code: "CUSTOM_CODE_OUTSIDE_CONNECTOR" });
  assert.equal(sluiceGlobals.sluiceEvilRan, undefined);
});

test("a symlinked package folder that leads outside the connector folder is refused", async () => {
  const outside = await connector({ "components.ts": "(globalThis as any).sluiceEvilDirRan = true;\nexport class Evil {}\n" }, "sluice-outside-");
  const folder = await connector({});
  await symlink(outside.dir, join(folder.dir, "source_evil"));
  await assert.rejects(loader.loadClass({ className: "source_evil.components.Evil", connectorDir: folder.dir }), { code: "CUSTOM_CODE_OUTSIDE_CONNECTOR" });
  assert.equal(sluiceGlobals.sluiceEvilDirRan, undefined);
});

test("a symlink that stays inside the connector folder is followed", async () => {
  const folder = await connector({ "lib/real.ts": `import { PaginationStrategy } from "sluice/sdk";\nexport class Inside extends PaginationStrategy { nextPageToken() { return undefined; } }\n` });
  await symlink(join(folder.dir, "lib", "real.ts"), join(folder.dir, "components.ts"));
  const { value, file } = await loader.loadClass({ className: "components.Inside", connectorDir: folder.dir });
  assert.ok(new value({}) instanceof PaginationStrategy);
  assert.match(file, /lib[\\/]real\.ts$/);
});

test("a refused class name is refused before the folder is looked at", async () => {
  await assert.rejects(loader.loadClass({ className: "../outside.X", connectorDir: "/definitely/not/there" }), { code: "CUSTOM_CLASS_NAME_INVALID" });
});

test("an untrusting loader refuses without loading the module", async () => {
  const folder = await connector({ "components.ts": "(globalThis as any).sluiceUntrustedRan = true;\nexport class X {}\n" });
  const untrusting = createCustomCodeLoader({ trusted: false });
  assert.equal(untrusting.trusted, false);
  await assert.rejects(untrusting.loadClass({ className: "components.X", connectorDir: folder.dir }), { code: "CUSTOM_CODE_REFUSED" });
  assert.equal(sluiceGlobals.sluiceUntrustedRan, undefined);
});
