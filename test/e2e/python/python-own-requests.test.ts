import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

const TOKEN = "tok-issued-by-the-api";
const ITEMS = [{ id: 1 }, { id: 2 }];

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Mapping

import requests

from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from airbyte_cdk.sources.types import Config


@dataclass
class ClientCredentials(DeclarativeAuthenticator):
    """Fetches a token once with the client's key (a token request of its own), then sends it as Bearer."""

    config: Config
    parameters: InitVar[Mapping[str, Any]]
    token_path: str = "/oauth/token"

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self._token = None

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        if self._token is None:
            response = requests.post(self.config["base"] + self.token_path, json={"client_key": self.config["client_key"]})
            response.raise_for_status()
            self._token = response.json()["access_token"]
        request.headers["Authorization"] = f"Bearer {self._token}"
        return request

    @property
    def auth_header(self) -> str:
        return "Authorization"

    @property
    def token(self) -> str:
        return ""


class TokenInQuery(ClientCredentials):
    """Puts the token in the query, as source-facebook-pages does, with requests' prepare_url."""

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        request.prepare_url(url=request.url, params={"access_token": "page-token"})
        return request


class FetchesInExtract(RecordExtractor):
    def extract_records(self, response):
        return requests.get(response.url).json()["data"]
`;

describe("a Python component's own HTTP requests", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      if (req.url.searchParams.get("access_token") === "page-token") return { body: { data: [{ id: req.url.searchParams.get("page") }] } };
      if (req.url.pathname === "/oauth/token") return req.fields.client_key === "ck-1" ? { body: { access_token: TOKEN } } : { status: 401, body: {} };
      return req.headers.authorization === `Bearer ${TOKEN}` ? { body: { data: ITEMS } } : { status: 401, body: { error: "no token" } };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("an authenticator's token request goes through Sluice's HTTP client, and its token signs the read", async () => {
    const authenticator = { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.ClientCredentials" };
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, requester: { authenticator } }), { config: { base: api.url, client_key: "ck-1" } });
    assert.equal(error, undefined);
    assert.deepEqual(records, ITEMS);
    const seen = api.requests.slice(from);
    assert.deepEqual(seen.map((r) => `${r.method} ${r.url.pathname}`), ["POST /oauth/token", "GET /items"]);
    assert.equal(seen[0]!.headers["content-type"], "application/json");
  });

  it("an extractor's own request (its call is asynchronous too) goes through Sluice's HTTP client, unsigned", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url, requester: { authenticator: { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.ClientCredentials" } } });
    (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.FetchesInExtract" };
    const from = api.requests.length;
    const { error } = await readPython(dir.dir, manifest, { config: { base: api.url, client_key: "ck-1" } });
    const seen = api.requests.slice(from);
    assert.deepEqual(seen.map((r) => `${r.method} ${r.url.pathname} ${r.headers.authorization ?? "-"}`), ["POST /oauth/token -", `GET /items Bearer ${TOKEN}`, "GET /items -"]);
    // The component's own request carries no token (it sent none), so the API refused it and the component raised.
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_COMPONENT_FAILED");
    assert.match(error.message, /FetchesInExtract\.extract_records raised KeyError: 'data'/);
  });

  it("an authenticator may add its token to the query with prepare_url, beside the query the request has", async () => {
    const authenticator = { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.TokenInQuery" };
    const manifest = oneStreamManifest({ urlBase: api.url, requester: { authenticator, request_parameters: { page: "p1" } } });
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, manifest, { config: { base: api.url, client_key: "ck-1" } });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: "p1" }]);
    assert.equal(api.requests[from]!.url.search, "?page=p1&access_token=page-token");
  });
});
