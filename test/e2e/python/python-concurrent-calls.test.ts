import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { sourceDef, streamDef } from "../../support/manifest-builder.js";
import { pythonConnector } from "./python-connector.js";

const COMPONENTS = `
import requests

from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor


class SlowToken(DeclarativeAuthenticator):
    def __init__(self, config, parameters):
        self.config = config
        self._token = None

    def __call__(self, request):
        if self._token is None:
            self._token = requests.post(self.config["base"] + "/token").json()["token"]
        request.headers["Authorization"] = "Bearer " + self._token
        return request

    @property
    def auth_header(self):
        return ""

    @property
    def token(self):
        return ""


class Rows(RecordExtractor):
    def extract_records(self, response):
        return [{"id": row, "stream": "b"} for row in response.json()["rows"]]
`;

describe("Python calls while another waits for its own request", () => {
  let server: Server;
  let base = "";
  const events: string[] = [];
  before(async () => {
    // Stream b is answered only once the token was asked for: Python is then inside SlowToken.__call__,
    // waiting for the token, and b's extractor can only run nested in that wait.
    let tokenAsked: () => void;
    const asked = new Promise<void>((resolve) => (tokenAsked = resolve));
    server = createServer((req, res) => {
      const send = (body: unknown) => res.end(JSON.stringify(body));
      if (req.url === "/token") {
        events.push("token asked");
        tokenAsked();
        setTimeout(() => { events.push("token sent"); send({ token: "t-1" }); }, 400);
      } else if (req.url === "/a") {
        send({ data: req.headers.authorization === "Bearer t-1" ? [{ id: 1, stream: "a" }] : [] });
      } else {
        void asked.then(() => { events.push("b served"); send({ rows: [7, 8] }); });
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  it("a stream's Python extractor runs while another stream's authenticator waits for its token, and both read", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const a = streamDef({ name: "a", urlBase: base, path: "/a", fieldPath: ["data"], requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.SlowToken" } } });
      const b = streamDef({ name: "b", urlBase: base, path: "/b" });
      (b.retriever as Record<string, any>).record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.Rows" };
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef([a, b]), searchFrom: dir.dir, config: { base } });
      const records: unknown[] = [];
      for await (const message of connector.readAll({ concurrency: 2 })) if (message.type === "record") records.push(message.record);
      assert.deepEqual(records, [{ id: 7, stream: "b" }, { id: 8, stream: "b" }, { id: 1, stream: "a" }], "b's records (extracted in Python) came while a waited for its token");
      assert.deepEqual(events, ["token asked", "b served", "token sent"]);
    } finally {
      await dir.remove();
    }
  });
});
