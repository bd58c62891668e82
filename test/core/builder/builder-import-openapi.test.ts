/**
 * The Builder's "Import OpenAPI" and its tool list, through the server the page talks to: the same tools
 * `sluice mcp` lists, called by name; an import from the document's text or a file inside the folder
 * writes the manifest and adds the empty testing values it needs, and refuses to replace streams unasked,
 * to read outside the folder or under secrets/.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { createSluice } from "../../../core/index.js";
import { startBuilder, type RunningBuilder } from "../../../core/builder/builder-server.js";
import { MCP_TOOLS } from "../../../core/builder/tools/index.js";
import { basePath, send } from "./builder-support.js";

const TRACKER = readFileSync(join(import.meta.dirname, "../init/openapi/tracker-openapi-3.0.yaml"), "utf8");

describe("the Builder's Import OpenAPI and tools", () => {
  let dir: string;
  let builder: RunningBuilder;
  let base: string;
  const post = (path: string, body: unknown) => send(builder.port, "POST", `${base}api/${path}`, { body });
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-import-"));
    builder = await startBuilder(createSluice({ logLevel: "error" }), { dir });
    base = basePath(builder.url);
    writeFileSync(join(dir, "secrets", "config.json"), JSON.stringify({ kept: "value-from-before" }));
  });
  after(async () => {
    await builder.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the same tools as sluice mcp, each with its input schema", async () => {
    const { tools } = (await send(builder.port, "GET", `${base}api/tools`)).json<{ tools: Array<{ name: string; inputSchema: { type: string } }> }>();
    assert.deepEqual(tools.map((t) => t.name), MCP_TOOLS.map((t) => t.name));
    assert.ok(tools.every((t) => t.inputSchema.type === "object"));
  });

  it("imports a document's text into a new connector: the manifest, its streams, the inputs to fill", async () => {
    const answer = await post("import-openapi", { text: TRACKER, source: "tracker.yaml" });
    assert.equal(answer.status, 200, answer.body);
    const result = answer.json<{ streams: string[]; inputs: string[]; report: string[]; manifest: { text: string } }>();
    assert.deepEqual(result.streams, ["projects", "tasks", "users"]);
    assert.match(result.report.join("\n"), /offset: query parameters 'offset' and 'limit'/);
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), result.manifest.text);
    const saved = JSON.parse(readFileSync(join(dir, "secrets", "config.json"), "utf8"));
    assert.equal(saved.kept, "value-from-before");
    for (const input of result.inputs) assert.equal(saved[input], "", input);
    assert.ok(result.inputs.length >= 1);
  });

  it("calls a tool by name with the MCP server's checks: list_streams answers the imported streams", async () => {
    const answer = (await post("tools/list_streams", {})).json<{ text: string; isError: boolean }>();
    assert.equal(answer.isError, false, answer.text);
    assert.deepEqual((JSON.parse(answer.text) as { streams: Array<{ name: string }> }).streams.map((s) => s.name), ["projects", "tasks", "users"]);
    const wrong = (await post("tools/test_read_stream", { stream: "users", pages: 0 })).json<{ text: string; isError: boolean }>();
    assert.equal(wrong.isError, true);
    assert.match(wrong.text, /test_read_stream: the input does not match the tool's schema[\s\S]*pages/);
    const unknown = (await post("tools/no_such_tool", {})).json<{ text: string; isError: boolean }>();
    assert.equal(unknown.isError, true);
    assert.match(unknown.text, /MCP_TOOL_INPUT_INVALID[\s\S]*No tool 'no_such_tool'/);
  });

  it("refuses to replace streams unasked, and replaces them when asked", async () => {
    const before = readFileSync(join(dir, "manifest.yaml"), "utf8");
    const refused = await post("import-openapi", { text: TRACKER });
    assert.equal(refused.status, 422);
    assert.equal(refused.json<{ error: { code: string } }>().error.code, "BUILDER_IMPORT_REPLACES_STREAMS");
    assert.equal(readFileSync(join(dir, "manifest.yaml"), "utf8"), before);
    const replaced = await post("import-openapi", { text: TRACKER, replace: true, streams: ["users"] });
    assert.equal(replaced.status, 200, replaced.body);
    assert.deepEqual((parse(readFileSync(join(dir, "manifest.yaml"), "utf8")) as { streams: unknown[] }).streams.length, 1);
  });

  it("reads a document file only inside the folder, never under secrets/", async () => {
    writeFileSync(join(dir, "openapi.yaml"), TRACKER);
    assert.equal((await post("import-openapi", { source: "openapi.yaml", replace: true })).status, 200);
    mkdirSync(join(dir, "secrets"), { recursive: true });
    writeFileSync(join(dir, "secrets", "doc.yaml"), TRACKER);
    for (const source of ["../outside.yaml", "/etc/hostname", "secrets/doc.yaml"]) {
      const answer = await post("import-openapi", { source, replace: true });
      assert.ok(answer.status === 400 || answer.status === 422, `${source}: ${answer.status}`);
      assert.match(answer.json<{ error: { code: string } }>().error.code, /BUILDER_BAD_REQUEST|INIT_OPENAPI_INVALID/);
    }
  });
});
