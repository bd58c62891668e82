import { test, after } from "node:test";
import assert from "node:assert/strict";
import { loadPlugins } from "../../../core/loader/load-plugins.js";
import { CustomCodeError, PaginationStrategy, definePlugin, type ComponentFactory } from "../../../sdk/index.js";
import { tempConnector, type TempConnector } from "./temp-connector.js";

let folder: TempConnector;
after(() => folder?.remove());

const PLUGIN = `
import { definePlugin, PaginationStrategy, type ComponentFactory } from "sluice/sdk";
class Fixed extends PaginationStrategy { nextPageToken() { return undefined; } }
const FixedPagination: ComponentFactory = {
  type: "FixedPagination", kind: "pagination_strategy",
  schema: { type: "object", properties: {} },
  build: () => new Fixed(),
};
export default definePlugin({ name: "acme:fixed", register(ctx) { ctx.registerComponent(FixedPagination); } });
`;

async function setup(): Promise<TempConnector> {
  folder ??= await tempConnector({
    "plugins/fixed.ts": PLUGIN,
    "plugins/factory.mjs": `export default function () { return { name: "acme:factory", register() {} }; }\n`,
    "plugins/named.js": `export const plugin = { name: "acme:named", register() {} };\n`,
    "plugins/empty.ts": `export const nothing = 1;\n`,
    "plugins/side-effect.ts": `(globalThis as any).sluicePluginRan = true;\nexport default { name: "x", register() {} };\n`,
  });
  return folder;
}

test("a TypeScript plugin listed relative to the config file registers a component built on the running SDK", async () => {
  const { dir } = await setup();
  const [plugin] = await loadPlugins(["./plugins/fixed.ts"], { base: dir, trusted: true });
  assert.equal(plugin!.name, "acme:fixed");
  const registered: ComponentFactory[] = [];
  plugin!.register({ registerComponent: (f) => registered.push(f), registerService: () => undefined });
  assert.equal(registered[0]!.type, "FixedPagination");
  assert.ok((await registered[0]!.build({ type: "FixedPagination" }, undefined as never)) instanceof PaginationStrategy);
});

test("a default-exported function and a named export plugin are accepted, and objects pass through", async () => {
  const { dir } = await setup();
  const inline = definePlugin({ name: "inline", register() {} });
  const plugins = await loadPlugins(["./plugins/factory.mjs", "./plugins/named.js", inline], { base: dir, trusted: true });
  assert.deepEqual(plugins.map((p) => p.name), ["acme:factory", "acme:named", "inline"]);
});

test("a module without a plugin is refused, saying what it found", async () => {
  const { dir } = await setup();
  await assert.rejects(loadPlugins(["./plugins/empty.ts"], { base: dir, trusted: true, file: "/x/.sluicerc.yaml" }), (error: unknown) => {
    assert.ok(error instanceof CustomCodeError);
    assert.equal(error.code, "PLUGIN_INVALID");
    assert.equal(error.where.file, "/x/.sluicerc.yaml");
    return true;
  });
});

test("an npm package that is not installed is reported as not found", async () => {
  const { dir } = await setup();
  await assert.rejects(loadPlugins(["@acme/not-installed-plugin"], { base: dir, trusted: true }), { code: "PLUGIN_NOT_FOUND" });
});

test("a missing plugin file is a load error with the cause", async () => {
  const { dir } = await setup();
  await assert.rejects(loadPlugins(["./plugins/missing.ts"], { base: dir, trusted: true }), (error: unknown) => error instanceof CustomCodeError && error.code === "PLUGIN_LOAD" && error.cause !== undefined);
});

test("a host that refuses custom code refuses plugin modules without running them", async () => {
  const { dir } = await setup();
  await assert.rejects(loadPlugins(["./plugins/side-effect.ts"], { base: dir, trusted: false }), { code: "CUSTOM_CODE_REFUSED" });
  assert.equal((globalThis as Record<string, unknown>).sluicePluginRan, undefined);
});
