import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { useLoopback } from "../../support/loopback.js";
import { streamDef } from "../../support/manifest-builder.js";

// A CRM API: /users, and /objects/<entity>; the company objects fail (403).
describe("CheckStream's dynamic_streams_check_configs (DynamicStreamCheckConfig)", () => {
  const api = useLoopback((req) => (req.url.pathname === "/objects/company" ? { status: 403, body: { error: "forbidden" } } : { body: [{ id: 1 }] }));
  const manifest = (checks: unknown[]) => ({
    version: "6.0.0",
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["users"], dynamic_streams_check_configs: checks },
    streams: [streamDef({ name: "users", urlBase: api.url, path: "/users" })],
    dynamic_streams: [{
      type: "DynamicDeclarativeStream",
      name: "crm",
      stream_template: streamDef({ name: "", urlBase: api.url, path: "/objects" }),
      components_resolver: {
        type: "ParametrizedComponentsResolver",
        stream_parameters: { type: "StreamParametersDefinition", list_of_parameters_for_stream: [{ name: "contacts", entity: "contact" }, { name: "companies", entity: "company" }] },
        components_mapping: [
          { type: "ComponentMappingDefinition", field_path: ["name"], value: "{{ components_values.name }}" },
          { type: "ComponentMappingDefinition", field_path: ["retriever", "requester", "path"], value: "/objects/{{ components_values.entity }}" },
        ],
      },
    }],
  });
  const check = async (checks: unknown[]) => {
    const sent = api.since();
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: manifest(checks), config: {} });
    const result = await connector.check();
    return { result, paths: sent().map((r) => r.url.pathname) };
  };

  it("reads the first stream_count streams of the named dynamic definition after the named streams", async () => {
    const { result, paths } = await check([{ type: "DynamicStreamCheckConfig", dynamic_stream_name: "crm", stream_count: 1 }]);
    assert.deepEqual(result, { ok: true });
    assert.deepEqual(paths, ["/users", "/objects/contact"]);
  });

  it("without stream_count reads every one, and reports the one that fails as the kit words it", async () => {
    const { result, paths } = await check([{ dynamic_stream_name: "crm" }]);
    assert.equal(result.ok, false);
    assert.match(String(result.message), /^Dynamic Stream companies is not available: /);
    assert.deepEqual(paths.slice(0, 2), ["/users", "/objects/contact"]);
  });

  it("a name no dynamic definition has fails the check", async () => {
    const { result } = await check([{ type: "DynamicStreamCheckConfig", dynamic_stream_name: "tables" }]);
    assert.deepEqual(result, { ok: false, message: "Dynamic stream tables is not found in manifest." });
  });
});
