/**
 * Asynchronous Python calls are multiplexed by id, not queued (issue 42): a Python partition router
 * whose `stream_slices` waits for its own request, which the API answers only once another stream was
 * read through a Python authenticator that fetches its token. While the bridge ran one asynchronous
 * call at a time, the authenticator's `__call__` queued behind the router's `stream_slices`, whose
 * answer waited for it: the read hung until the HTTP time limit.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { streamDef } from "../../support/manifest-builder.js";
import { readAllWithPython, tokenAuthenticatorPython } from "../../support/python-reads.js";
import { sendJson, startRawApi, type RawApi } from "../../support/raw-api.js";

const COMPONENTS = `
import requests

from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter
from airbyte_cdk.sources.types import StreamSlice

${tokenAuthenticatorPython("FetchedToken", false)}

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
  let api: RawApi;
  before(async () => {
    // /regions is answered only once /signed was read with the token: the router's stream_slices waits
    // (in Python) while the authenticator's __call__ runs.
    let signedRead: () => void;
    const read = new Promise<void>((resolve) => (signedRead = resolve));
    api = await startRawApi((req, res, url) => {
      if (url.pathname === "/token") sendJson(res, { token: "t-1" });
      else if (url.pathname === "/signed") {
        sendJson(res, { data: req.headers.authorization === "Bearer t-1" ? [{ id: "s1" }] : [] });
        signedRead();
      } else if (url.pathname === "/regions") void read.then(() => sendJson(res, { regions: ["eu", "us"] }));
      else sendJson(res, { data: [{ id: `r-${url.searchParams.get("region")}` }] });
    });
  });
  after(() => api.close());

  it("a router's stream_slices waiting for its request and another stream's authenticator fetching its token both finish", { timeout: 20_000 }, async () => {
    const routed = streamDef({ name: "routed", urlBase: api.base, path: "/routed", fieldPath: ["data"] }) as Record<string, any>;
    routed.retriever.partition_router = { type: "CustomPartitionRouter", class_name: "source_declarative_manifest.components.RegionsFromApi" };
    const signed = streamDef({ name: "signed", urlBase: api.base, path: "/signed", fieldPath: ["data"], requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.FetchedToken" } } });
    const records = await readAllWithPython(COMPONENTS, [routed, signed], { base: api.base });
    assert.deepEqual(records.map((r) => r.id).sort(), ["r-eu", "r-us", "s1"]);
  });
});
