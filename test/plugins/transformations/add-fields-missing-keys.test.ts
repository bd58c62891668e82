/**
 * AddFields on a key the record does not have, as the Python kit behaves (seen in leadfeeder, sharetribe,
 * campaign-monitor, savvycal, plaid): a missing leaf adds "", a missing parent fails the stream.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { type Loopback, startLoopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

let server: Loopback;
before(async () => {
  server = await startLoopback(() => ({ body: { data: [{ id: 1, attributes: { name: "a" } }] } }));
});
after(() => server.close());

async function read(fields: unknown[]): Promise<Record<string, unknown>[]> {
  const manifest = oneStreamManifest({ urlBase: server.url });
  (manifest.streams as Record<string, unknown>[])[0]!.transformations = [{ type: "AddFields", fields }];
  const connector = await createSluice({ logLevel: "error" }).connect({ manifest, config: {} });
  const records: Record<string, unknown>[] = [];
  for await (const record of connector.read("items")) records.push(record);
  return records;
}

describe("AddFields with a value whose key is missing", () => {
  it("adds an empty string for a missing leaf, as the kit does (Sluice added null)", async () => {
    const [record] = await read([{ path: ["started_at"], value: "{{ record['attributes']['started_at'] }}" }]);
    assert.deepEqual(record, { id: 1, attributes: { name: "a" }, started_at: "" });
  });

  it("adds an empty string for a missing leaf under value_type string too", async () => {
    const [record] = await read([{ path: ["started_at"], value: "{{ record['attributes']['started_at'] }}", value_type: "string" }]);
    assert.equal(record!.started_at, "");
  });

  it("fails the stream on a missing parent, as the kit's Jinja UndefinedError does (Sluice wrote null and exited 0)", async () => {
    await assert.rejects(read([{ path: ["email"], value: "{{ record['scheduler']['email'] }}" }]), (error: unknown) => {
      assert.ok(error instanceof SluiceError, String(error));
      assert.equal(error.code, "TEMPLATE_UNDEFINED_VALUE");
      assert.match(error.message, /scheduler/);
      return true;
    });
  });

  it("still adds values that exist, typed by the kit's literal step", async () => {
    const [record] = await read([{ path: ["name"], value: "{{ record['attributes']['name'] }}" }, { path: ["n"], value: "{{ record.id + 1 }}" }]);
    assert.deepEqual([record!.name, record!.n], ["a", 2]);
  });
});
