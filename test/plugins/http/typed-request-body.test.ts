import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback, type SeenRequest } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

// An API answering one page of two records to every POST (a search endpoint, a GraphQL endpoint).
describe("typed request bodies (request_body)", () => {
  const api = useLoopback(() => ({ body: { data: [{ id: 1 }, { id: 2 }] } }));
  async function sent(requestBody: Record<string, unknown>, requester: Record<string, unknown> = {}): Promise<SeenRequest> {
    const since = api.since();
    const manifest = oneStreamManifest({ urlBase: api.url, requester: { http_method: "POST", request_body: requestBody, ...requester } });
    const { records, error } = await readStream(manifest, { config: { status: "open", region: "eu" } });
    assert.equal(error, undefined, String(error));
    assert.equal(records.length, 2);
    const requests = since();
    assert.equal(requests.length, 1);
    return requests[0]!;
  }

  it("RequestBodyJsonObject sends its value as JSON, templates evaluated, nesting kept", async () => {
    const req = await sent({ type: "RequestBodyJsonObject", value: { filter: { status: "{{ config['status'] }}" }, limit: 100 } });
    assert.match(String(req.headers["content-type"]), /application\/json/);
    assert.deepEqual(JSON.parse(req.body), { filter: { status: "open" }, limit: 100 });
  });

  it("RequestBodyUrlEncodedForm sends a URL-encoded form", async () => {
    const req = await sent({ type: "RequestBodyUrlEncodedForm", value: { status: "{{ config['status'] }}", region: "{{ config['region'] }}" } });
    assert.match(String(req.headers["content-type"]), /application\/x-www-form-urlencoded/);
    assert.equal(req.body, "status=open&region=eu");
  });

  it("RequestBodyPlainText sends the rendered text as it is, with no Content-Type of its own", async () => {
    const req = await sent({ type: "RequestBodyPlainText", value: "status = {{ config['status'] }}" }, { request_headers: { "Content-Type": "text/plain" } });
    assert.equal(req.body, "status = open");
    assert.equal(req.headers["content-type"], "text/plain");
  });

  it("RequestBodyGraphQL sends the query object as JSON, with its other keys (variables)", async () => {
    const query = "query($s: String) { issues(state: $s) { nodes { id } } }";
    const req = await sent({ type: "RequestBodyGraphQL", value: { query, variables: { s: "{{ config['status'] }}" } } });
    assert.match(String(req.headers["content-type"]), /application\/json/);
    assert.deepEqual(JSON.parse(req.body), { query, variables: { s: "open" } });
  });

  it("a typed JSON body beside request_body_data is refused when the connector is built, as in the kit", async () => {
    const since = api.since();
    const manifest = oneStreamManifest({ urlBase: api.url, requester: { http_method: "POST", request_body: { type: "RequestBodyJsonObject", value: { a: 1 } }, request_body_data: { b: "2" } } });
    await assert.rejects(readStream(manifest), (error: unknown) => {
      assert.ok(error instanceof SluiceError, String(error));
      assert.equal(error.code, "REQUEST_BODY_CONFLICT");
      assert.match(String(error.where?.manifestPath), /requester\.request_body$/);
      return true;
    });
    assert.equal(since().length, 0);
  });

  it("a request_body of an unknown type fails validation naming the known body types", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url, requester: { http_method: "POST", request_body: { type: "RequestBodyXml", value: "<a/>" } } });
    await assert.rejects(readStream(manifest), (error: unknown) => {
      assert.ok(error instanceof SluiceError, String(error));
      assert.match(error.message, /request_body: unknown component type 'RequestBodyXml'; expected one of: RequestBodyGraphQL, RequestBodyJsonObject, RequestBodyPlainText, RequestBodyUrlEncodedForm/);
      return true;
    });
  });
});
