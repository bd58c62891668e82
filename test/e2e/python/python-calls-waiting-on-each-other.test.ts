/**
 * Asynchronous Python calls are multiplexed by id, not queued (issue 42): a Python partition router
 * whose `stream_slices` waits for its own request, which the API answers only once another stream was
 * read through a Python authenticator that fetches its token. While the bridge ran one asynchronous
 * call at a time, the authenticator's `__call__` queued behind the router's `stream_slices`, whose
 * answer waited for it: the read hung until the HTTP time limit.
 */
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
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter
from airbyte_cdk.sources.types import StreamSlice


class FetchedToken(DeclarativeAuthenticator):
    def __init__(self, config, parameters):
        self.config = config

    def __call__(self, request):
        token = requests.post(self.config["base"] + "/token").json()["token"]
        request.headers["Authorization"] = "Bearer " + token
        return request

    @property
    def auth_header(self):
        return ""

    @property
    def token(self):
        return ""


class RegionsFromApi(PartitionRouter):
    def __init__(self, config, parameters):
        self.config = config

    def stream_slices(self):
        for region in requests.get(self.config["base"] + "/regions").json()["regions"]:
            yield StreamSlice(partition={"region": region}, cursor_slice={})

    def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None):
        return {"region": stream_slice["region"]} if stream_slice else {}

    def get_request_headers(self, *args, **kwargs):
        return {}

    def get_request_body_data(self, *args, **kwargs):
        return {}

    def get_request_body_json(self, *args, **kwargs):
        return {}
`;

describe("Python calls that wait on each other", () => {
  let server: Server;
  let base = "";
  before(async () => {
    // /regions is answered only once /signed was read with the token: the router's stream_slices waits
    // (in Python) while the authenticator's __call__ runs.
    let signedRead: () => void;
    const read = new Promise<void>((resolve) => (signedRead = resolve));
    server = createServer((req, res) => {
      const send = (body: unknown) => res.end(JSON.stringify(body));
      const url = new URL(req.url ?? "/", "http://localhost");
      if (url.pathname === "/token") send({ token: "t-1" });
      else if (url.pathname === "/signed") {
        send({ data: req.headers.authorization === "Bearer t-1" ? [{ id: "s1" }] : [] });
        signedRead();
      } else if (url.pathname === "/regions") void read.then(() => send({ regions: ["eu", "us"] }));
      else send({ data: [{ id: `r-${url.searchParams.get("region")}` }] });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));

  it("a router's stream_slices waiting for its request and another stream's authenticator fetching its token both finish", { timeout: 20_000 }, async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const routed = streamDef({ name: "routed", urlBase: base, path: "/routed", fieldPath: ["data"] }) as Record<string, any>;
      routed.retriever.partition_router = { type: "CustomPartitionRouter", class_name: "source_declarative_manifest.components.RegionsFromApi" };
      const signed = streamDef({ name: "signed", urlBase: base, path: "/signed", fieldPath: ["data"], requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.FetchedToken" } } });
      const connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef([routed, signed]), searchFrom: dir.dir, config: { base } });
      const records: unknown[] = [];
      for await (const message of connector.readAll({ concurrency: 2 })) if (message.type === "record") records.push(message.record);
      assert.deepEqual(records.map((r) => (r as { id: string }).id).sort(), ["r-eu", "r-us", "s1"]);
    } finally {
      await dir.remove();
    }
  });
});
