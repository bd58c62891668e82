import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { stringify } from "yaml";
import { useLoopback } from "../support/loopback.js";
import { sourceDef, streamDef } from "../support/manifest-builder.js";
import { runCli } from "../support/run-cli.js";

// The attack of issue 22: a record id 9007199254740993 came out as ...992, and 1e999999 as a silent
// null. Integers reach the RECORD line with their exact digits, templates and partitions see them
// exactly, and a number JSON cannot hold is a coded error naming the field.
const BIG = "9007199254740993";
const HUGE = "123456789012345678901234567890";
const dir = mkdtempSync(join(tmpdir(), "sluice-bigint-"));
after(() => rmSync(dir, { recursive: true, force: true }));

describe("integers beyond 2^53 in a response", () => {
  const api = useLoopback((req) => {
    const path = req.url.pathname;
    if (path === "/parents") return { body: `{"data":[{"id":${BIG},"n":${HUGE},"f":1.5,"s":"${BIG}"}]}`, headers: { "Content-Type": "application/json" } };
    if (path.startsWith("/children/")) return { body: `{"data":[{"child_of":"${path.slice("/children/".length)}"}]}`, headers: { "Content-Type": "application/json" } };
    if (path === "/lines") return { body: `{"id":${BIG}}\n{"id":1}\n`, headers: { "Content-Type": "application/x-ndjson" } };
    if (path === "/items-doc") return { body: `{"meta":{"n":${HUGE}},"data":{"users":[{"id":${BIG}},{"id":2,"score":1.25}]}}`, headers: { "Content-Type": "application/json" } };
    if (path === "/items-overflow") return { body: `{"data":{"users":[{"id":1},{"id":2,"amount":-1e999999}]}}`, headers: { "Content-Type": "application/json" } };
    if (path === "/echo") return { body: `{"data":[{"account":"${req.url.searchParams.get("account")}","page":"${req.url.searchParams.get("next")}"}]}`, headers: { "Content-Type": "application/json" } };
    if (path === "/overflow") return { body: `{"data":[{"id":1,"amount":1e999999}]}`, headers: { "Content-Type": "application/json" } };
    return { status: 404, body: {} };
  });

  async function read(streams: Record<string, unknown>[]) {
    writeFileSync(join(dir, "manifest.yaml"), stringify(sourceDef(streams)));
    writeFileSync(join(dir, "config.json"), "{}");
    const run = await runCli(["read", "--manifest", "manifest.yaml", "--config", "config.json"], dir);
    const records = run.stdout.split("\n").filter((line) => line.includes('"type":"RECORD"'));
    return { ...run, records };
  }

  it("reach the RECORD line with their exact digits; templates, filters and partitions see them exactly", async () => {
    const parents = streamDef({
      urlBase: api.url, name: "parents", path: "/parents", fieldPath: ["data"],
      transformations: [{ type: "AddFields", fields: [{ path: ["id_text"], value: "{{ record['id'] }}" }, { path: ["after_2_53"], value: "{{ record['id'] > 9007199254740992 }}" }] }],
      retriever: { record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: ["data"] }, record_filter: { type: "RecordFilter", condition: `{{ (record['id'] ~ '') == '${BIG}' and record['id'] != 9007199254740992 }}` } } },
    });
    const children = streamDef({
      urlBase: api.url, name: "children", path: "/children/{{ stream_partition.parent_id }}", fieldPath: ["data"],
      partitionRouter: { type: "SubstreamPartitionRouter", parent_stream_configs: [{ type: "ParentStreamConfig", stream: parents, parent_key: "id", partition_field: "parent_id" }] },
    });
    const run = await read([parents, children]);
    assert.equal(run.code, 0, run.stderr);
    const parent = run.records.find((line) => line.includes('"stream":"parents"'))!;
    assert.ok(parent.includes(`"id":${BIG},`), parent);
    assert.ok(parent.includes(`"n":${HUGE},`), parent);
    assert.ok(parent.includes(`"f":1.5,"s":"${BIG}"`), parent);
    assert.ok(parent.includes(`"id_text":"${BIG}"`), parent);
    assert.ok(parent.includes('"after_2_53":true'), parent);
    const child = run.records.find((line) => line.includes('"stream":"children"'))!;
    assert.ok(child, run.stdout.split("\n").filter((l) => !l.includes("RECORD")).join("\n").slice(0, 3000));
    assert.ok(child.includes(`"child_of":"${BIG}"`), child);
  });

  it("JSON Lines keep the exact digits too", async () => {
    const run = await read([streamDef({ urlBase: api.url, name: "lines", path: "/lines", retriever: { decoder: { type: "JsonlDecoder" } } })]);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(run.records[0]!.includes(`"id":${BIG}`), run.records[0]);
  });

  it("JsonItemsDecoder keeps the exact digits, and refuses a number beyond float range after the items before it", async () => {
    const decoder = (items: string) => ({ retriever: { decoder: { type: "JsonItemsDecoder", items_path: "data.users" } }, path: items });
    const exact = await read([streamDef({ urlBase: api.url, name: "doc", fieldPath: [], ...decoder("/items-doc") })]);
    assert.equal(exact.code, 0, exact.stderr);
    assert.ok(exact.records[0]!.includes(`"id":${BIG}`), exact.records[0]);
    assert.ok(exact.records[1]!.includes('"score":1.25'), exact.records[1]);
    const overflow = await read([streamDef({ urlBase: api.url, name: "doc", fieldPath: [], ...decoder("/items-overflow") })]);
    assert.notEqual(overflow.code, 0);
    assert.match(overflow.stdout + overflow.stderr, /RESPONSE_NUMBER_OUT_OF_RANGE/);
    assert.equal(overflow.records.length, 1, "the item before the bad number was delivered");
  });

  it("a config value past 2^53 (--config) reaches the request, and the records, with its exact digits", async () => {
    const stream = streamDef({
      urlBase: api.url, name: "echo", path: "/echo", fieldPath: ["data"],
      requester: { request_parameters: { account: "{{ config['account_id'] }}", next: "{{ config['account_id'] + 1 }}" } },
    });
    writeFileSync(join(dir, "manifest.yaml"), stringify(sourceDef([stream])));
    writeFileSync(join(dir, "big-config.json"), `{"account_id": ${BIG}}`);
    const run = await runCli(["read", "--manifest", "manifest.yaml", "--config", "big-config.json"], dir);
    assert.equal(run.code, 0, run.stderr);
    const record = run.stdout.split("\n").find((line) => line.includes('"type":"RECORD"'))!;
    assert.ok(record.includes(`"account":"${BIG}","page":"9007199254740994"`), record);
  });

  it("1e999999 is a coded error naming the field, not a silent null", async () => {
    const run = await read([streamDef({ urlBase: api.url, name: "overflow", path: "/overflow", fieldPath: ["data"] })]);
    assert.notEqual(run.code, 0);
    assert.match(run.stdout + run.stderr, /RESPONSE_NUMBER_OUT_OF_RANGE/);
    assert.match(run.stdout + run.stderr, /the field 'amount'/);
    assert.ok(!run.records.some((line) => line.includes('"amount":null')));
  });
});

describe("a number JSON cannot hold in an input file", () => {
  const api = useLoopback(() => ({ body: { data: [{ id: 1 }] } }));
  const manifest = () => stringify(sourceDef([streamDef({ urlBase: api.url, name: "items", path: "/items", fieldPath: ["data"] })]));

  for (const [flag, file, text] of [
    ["--config", "huge-config.json", '{"page_size": 1e999999}'],
    ["--state", "huge-state.json", '[{"type":"STREAM","stream":{"stream_descriptor":{"name":"items"},"stream_state":{"updated_at":-1e999999}}}]'],
    ["--catalog", "huge-catalog.json", '{"streams":[{"stream":{"name":"items","json_schema":{"maximum":1e999999}},"sync_mode":"full_refresh"}]}'],
  ] as const) {
    it(`${flag}: FILE_NUMBER_OUT_OF_RANGE names the file and the field (not a response's code)`, async () => {
      writeFileSync(join(dir, "manifest.yaml"), manifest());
      writeFileSync(join(dir, "plain-config.json"), "{}");
      writeFileSync(join(dir, file), text);
      const args = flag === "--config" ? ["--config", file] : ["--config", "plain-config.json", flag, file];
      const run = await runCli(["read", "--manifest", "manifest.yaml", ...args], dir);
      assert.notEqual(run.code, 0);
      const output = run.stdout + run.stderr;
      assert.match(output, /FILE_NUMBER_OUT_OF_RANGE/);
      assert.doesNotMatch(output, /RESPONSE_NUMBER_OUT_OF_RANGE/);
      assert.ok(output.includes(file), `the file is named: ${output}`);
      assert.match(output, /the field '(page_size|updated_at|maximum)'/);
    });
  }
});

describe("parseJson", () => {
  it("keeps JSON.parse's answer for ordinary bodies, and reads nested bodies exactly", async () => {
    const { parseJson, stringifyJson } = await import("../../python/exact-json.js");
    const body = '{"a":[1,2.5,-3,"9007199254740993",{"b":null}],"c":9007199254740991}';
    assert.deepEqual(parseJson(body), JSON.parse(body));
    const deep = `${"[".repeat(2_000)}9007199254740993${"]".repeat(2_000)}`;
    let value = parseJson(deep);
    for (let i = 0; i < 2_000; i++) value = (value as unknown[])[0];
    assert.equal(value, 9007199254740993n);
    assert.doesNotThrow(() => parseJson(`${"[".repeat(200_000)}9007199254740993${"]".repeat(200_000)}`), "past the reviver's stack: no bare stack overflow");
    assert.equal(stringifyJson({ id: 2n ** 70n, s: "x" }), '{"id":1180591620717411303424,"s":"x"}');
  });

  it("parseJsonWithin: one walk finds both a body nested too deep and an integer past 2^53", async () => {
    const { parseJsonWithin, TOO_DEEP } = await import("../../python/exact-json.js");
    assert.deepEqual(parseJsonWithin('{"a":[{"id":1,"x":-2.5}]}', 3), { a: [{ id: 1, x: -2.5 }] });
    assert.equal(parseJsonWithin('{"a":[{"id":1}]}', 2), TOO_DEEP);
    assert.equal(parseJsonWithin(`{"a":[{"id":${BIG}}],"b":[[[[[1]]]]]}`, 5), TOO_DEEP, "deeper wins over an exact number");
    assert.deepEqual(parseJsonWithin(`{"a":[{"id":${BIG}}],"n":-${BIG}}`, 5), { a: [{ id: BigInt(BIG) }], n: -BigInt(BIG) });
    assert.equal(parseJsonWithin(BIG, 5), BigInt(BIG));
    assert.equal(parseJsonWithin("[9007199254740991, 1e300]", 5)?.toString(), "9007199254740991,1e+300");
  });
});

describe("a state file with a cursor past 2^53", () => {
  it("is read exactly", async () => {
    const { readStreamStates } = await import("../../core/protocol/stream-states.js");
    writeFileSync(join(dir, "big-state.json"), `{"items":{"id":${BIG}}}`);
    assert.equal((await readStreamStates(join(dir, "big-state.json"))).get("items")!.id, BigInt(BIG));
  });
});
