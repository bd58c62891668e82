import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { it } from "node:test";

const ENTRY = pathToFileURL(join(import.meta.dirname, "..", "..", "dist", "core", "index.js")).href;

it("importing sluice adds nothing global except reflect-metadata's functions on Reflect (tsyringe needs them)", () => {
  const script = `
    const globals = new Set(Object.getOwnPropertyNames(globalThis));
    const reflect = new Set(Object.getOwnPropertyNames(Reflect));
    const before = Object.fromEntries([...reflect].map((k) => [k, Reflect[k]]));
    await import(${JSON.stringify(ENTRY)});
    console.log(JSON.stringify({
      globals: Object.getOwnPropertyNames(globalThis).filter((k) => !globals.has(k)),
      reflect: Object.getOwnPropertyNames(Reflect).filter((k) => !reflect.has(k)).sort(),
      replaced: [...reflect].filter((k) => Reflect[k] !== before[k]),
    }));`;
  const result = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) as { globals: string[]; reflect: string[]; replaced: string[] };
  assert.deepEqual(result.globals, []);
  assert.deepEqual(result.replaced, []);
  assert.deepEqual(result.reflect, ["decorate", "defineMetadata", "deleteMetadata", "getMetadata", "getMetadataKeys", "getOwnMetadata", "getOwnMetadataKeys", "hasMetadata", "hasOwnMetadata", "metadata"]);
});
