import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { checkXmlAttributes } from "../../../plugins/decoders/xml-attribute-limit.js";
import { startLoopback, type Loopback, type Reply } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

const routes: Record<string, Reply> = {};
let server: Loopback;
before(async () => {
  server = await startLoopback((req) => routes[req.url.pathname] ?? { status: 404, body: { error: "no route" } });
});
after(() => server.close());

async function read(path: string, body: Buffer | string, contentType: string, decoder?: unknown, fieldPath: string[] = []) {
  routes[path] = { body, headers: { "Content-Type": contentType } };
  const manifest = oneStreamManifest({ urlBase: server.url, path, fieldPath });
  if (decoder) Object.assign((manifest.streams as Array<{ retriever: Record<string, unknown> }>)[0]!.retriever, { decoder });
  const started = Date.now();
  return { ...(await readStream(manifest)), ms: Date.now() - started };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe("a UTF-8 byte-order mark before a JSON body", () => {
  it("is accepted, as the kit reads it, with and without a JsonDecoder", async () => {
    const body = Buffer.concat([BOM, Buffer.from('{"data":[{"id":1},{"id":2}]}')]);
    for (const decoder of [undefined, { type: "JsonDecoder" }]) {
      const { records, error } = await read(`/bom-${decoder ? "decoder" : "plain"}`, body, "application/json", decoder, ["data"]);
      assert.equal(error, undefined, String(error));
      assert.deepEqual(records, [{ id: 1 }, { id: 2 }]);
    }
  });
});

describe("attributes per XML element", () => {
  it("300,000 attributes in 3.5 MB are refused at once with a coded error", async () => {
    const attributes = Array.from({ length: 300_000 }, (_, i) => `a${i}="1"`).join(" ");
    const { error, ms } = await read("/xml-wide", `<Response><Item ${attributes}/></Response>`, "application/xml", { type: "XmlDecoder" });
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "DECODER_RECORD_TOO_LARGE", error.describe());
    assert.match(error.describe(), /10000 attributes per element[\s\S]*300000 attributes/);
    // At once: no slower than reading the same attributes spread ten to an element (relative, so a busy machine slows both alike).
    const spread = Array.from({ length: 30_000 }, (_, e) => `<Item ${Array.from({ length: 10 }, (_, i) => `a${e * 10 + i}="1"`).join(" ")}/>`).join("");
    const base = await read("/xml-spread", `<Response>${spread}</Response>`, "application/xml", { type: "XmlDecoder" });
    assert.equal(base.error, undefined, String(base.error));
    assert.ok(ms < 4 * base.ms + 3_000, `the refusal took ${ms} ms; reading the same attributes spread out ${base.ms} ms`);
  });
  it("counts only attributes: quoted '>' and '=', comments and CDATA do not count", () => {
    const xml = '<?xml version="1.0"?><!-- a=1 b=2 c=3 --><r x="a>b=c" y=\'=\'><![CDATA[p=1 q=2 r=3]]></r>';
    assert.doesNotThrow(() => checkXmlAttributes(xml, 2));
    assert.throws(() => checkXmlAttributes('<r>\n<e a="1" b="2" c="3"/></r>', 2), (error: unknown) => error instanceof SluiceError && /line 2[\s\S]*3 attributes/.test(error.describe()));
  });
});
