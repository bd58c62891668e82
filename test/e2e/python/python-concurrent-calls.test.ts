/**
 * A stream's Python extractor runs while another stream's Python authenticator waits for its own token
 * request: the bridge answers requests nested in a callback's wait, so one slow component does not
 * hold the others back.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { streamDef } from "../../support/manifest-builder.js";
import { readAllWithPython, tokenAuthenticatorPython } from "../../support/python-reads.js";
import { sendJson, startRawApi, type RawApi } from "../../support/raw-api.js";

const COMPONENTS = `
import requests

from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor

${tokenAuthenticatorPython("SlowToken", true)}

class Rows(RecordExtractor):
    def extract_records(self, response):
        return [{"id": row, "stream": "b"} for row in response.json()["rows"]]
`;

describe("Python calls while another waits for its own request", () => {
  let api: RawApi;
  const events: string[] = [];
  before(async () => {
    // Stream b is answered only once the token was asked for: Python is then inside SlowToken.__call__,
    // waiting for the token, and b's extractor can only run nested in that wait.
    let tokenAsked: () => void;
    const asked = new Promise<void>((resolve) => (tokenAsked = resolve));
    api = await startRawApi((req, res, url) => {
      if (url.pathname === "/token") {
        events.push("token asked");
        tokenAsked();
        setTimeout(() => { events.push("token sent"); sendJson(res, { token: "t-1" }); }, 400);
      } else if (url.pathname === "/a") {
        sendJson(res, { data: req.headers.authorization === "Bearer t-1" ? [{ id: 1, stream: "a" }] : [] });
      } else {
        void asked.then(() => { events.push("b served"); sendJson(res, { rows: [7, 8] }); });
      }
    });
  });
  after(() => api.close());

  it("a stream's Python extractor runs while another stream's authenticator waits for its token, and both read", async () => {
    const a = streamDef({ name: "a", urlBase: api.base, path: "/a", fieldPath: ["data"], requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.SlowToken" } } });
    const b = streamDef({ name: "b", urlBase: api.base, path: "/b" });
    (b.retriever as Record<string, any>).record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.Rows" };
    const records = await readAllWithPython(COMPONENTS, [a, b], { base: api.base });
    assert.deepEqual(records, [{ id: 7, stream: "b" }, { id: 8, stream: "b" }, { id: 1, stream: "a" }], "b's records (extracted in Python) came while a waited for its token");
    assert.deepEqual(events, ["token asked", "b served", "token sent"]);
  });
});
