import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

/** Subclasses of the kit's DeclarativeOauth2Authenticator, as source-paypal-transaction and others write them. */
const COMPONENTS = `
import base64

import requests

from airbyte_cdk.sources.declarative.auth.oauth import DeclarativeOauth2Authenticator
from airbyte_cdk.utils.airbyte_secrets_utils import add_to_secrets, filter_secrets


class BasicClientCredentials(DeclarativeOauth2Authenticator):
    """Sends the client id and secret as Basic on its own token request (source-paypal-transaction)."""

    def get_headers(self):
        basic = base64.b64encode(bytes(f"{self.get_client_id()}:{self.get_client_secret()}", "utf-8")).decode("utf-8")
        return {"Authorization": f"Basic {basic}"}

    def _get_refresh_access_token_response(self):
        response = requests.request(method="POST", url=self.get_token_refresh_endpoint(), data=self.build_refresh_request_body(), headers=self.get_headers())
        self._log_response(response)
        response.raise_for_status()
        return response.json()


class KitRefresh(DeclarativeOauth2Authenticator):
    """The kit's own refresh, checked through the private attributes components read."""

    def get_refresh_request_body(self):
        assert self._client_id.eval(self.config) == self.config["client_id"]
        return super().get_refresh_request_body()


class DeclaresItsToken(DeclarativeOauth2Authenticator):
    """Declares the token secret, as source-pinterest does, then fails naming it."""

    def _get_refresh_access_token_response(self):
        answer = super()._get_refresh_access_token_response()
        add_to_secrets(answer["access_token"])
        assert filter_secrets(answer["access_token"]) == "****"
        raise Exception(f"the API refused token {answer['access_token']}")
`;

const CLASS = "source_declarative_manifest.components";
const CONFIG = { client_id: "cid", client_secret: "shh", refresh_token: "rt-1" };

describe("the kit's DeclarativeOauth2Authenticator in Python", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      if (req.url.pathname === "/token") return { body: { access_token: `tok-${req.fields.grant_type}`, expires_in: 3600 } };
      const page = Number(req.url.searchParams.get("page") ?? "1");
      return req.headers.authorization?.startsWith("Bearer tok-") ? { body: { data: page === 1 ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }] } } : { status: 401, body: {} };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const authenticator = (className: string, extra: Record<string, unknown> = {}) => ({
    type: "CustomAuthenticator",
    class_name: `${CLASS}.${className}`,
    token_refresh_endpoint: `${api.url}/token`,
    client_id: "{{ config['client_id'] }}",
    client_secret: "{{ config['client_secret'] }}",
    ...extra,
  });
  const paginator = { type: "DefaultPaginator", pagination_strategy: { type: "PageIncrement", page_size: 2, start_from_page: 1 }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" } };

  it("a subclass with its own token request (Basic client credentials) signs every page with one token", async () => {
    const from = api.requests.length;
    const auth = authenticator("BasicClientCredentials", { grant_type: "client_credentials" });
    const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, paginator, requester: { authenticator: auth } }), { config: CONFIG });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1 }, { id: 2 }, { id: 3 }]);
    const seen = api.requests.slice(from);
    assert.deepEqual(seen.map((r) => `${r.method} ${r.url.pathname}`), ["POST /token", "GET /items", "GET /items"]);
    assert.equal(seen[0]!.headers.authorization, `Basic ${Buffer.from("cid:shh").toString("base64")}`);
    assert.equal(seen[0]!.fields.grant_type, "client_credentials");
    assert.equal(seen[1]!.headers.authorization, "Bearer tok-client_credentials");
  });

  it("the kit's refresh sends grant_type, client id and secret, the refresh token and refresh_request_body as a form", async () => {
    const from = api.requests.length;
    const auth = authenticator("KitRefresh", { refresh_token: "{{ config['refresh_token'] }}", refresh_request_body: { audience: "{{ config['client_id'] }}-api" } });
    const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, requester: { authenticator: auth } }), { config: CONFIG });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1 }, { id: 2 }]);
    const token = api.requests[from]!;
    assert.deepEqual(token.fields, { grant_type: "refresh_token", client_id: "cid", client_secret: "shh", refresh_token: "rt-1", audience: "cid-api" });
    assert.equal(api.requests[from + 1]!.headers.authorization, "Bearer tok-refresh_token");
  });

  it("add_to_secrets makes Sluice redact the value: the component's own error does not show the token", async () => {
    const { error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, requester: { authenticator: authenticator("DeclaresItsToken") } }), { config: CONFIG });
    assert.ok(error instanceof Error);
    assert.match(error.message, /the API refused token/);
    assert.doesNotMatch(error.message, /tok-refresh_token/);
  });
});
