import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { after, before, describe, it } from "node:test";
import { Logger } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

const PAGES = [[{ id: 1 }, { id: 2 }], [{ id: 3 }, { id: 4 }], [{ id: 5 }]];
const KEY = "k3y-0f-the-signer";
const SPEC = {
  type: "Spec",
  connection_specification: { type: "object", properties: { key: { type: "string", airbyte_secret: true }, client: { type: "string" } } },
};

const COMPONENTS = `
import hashlib
import hmac
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional

import requests

from airbyte_cdk.sources.declarative.auth.declarative_authenticator import DeclarativeAuthenticator
from airbyte_cdk.sources.declarative.requesters.paginators.strategies.pagination_strategy import PaginationStrategy
from airbyte_cdk.sources.types import Config, Record


@dataclass
class NextPageHeader(PaginationStrategy):
    """The next page's number is in the X-Next-Page header; no header, no more pages."""

    config: Config
    parameters: InitVar[Mapping[str, Any]]
    header: str = "X-Next-Page"

    @property
    def initial_token(self) -> Optional[Any]:
        return None

    def next_page_token(self, response: requests.Response, last_page_size: int, last_record: Optional[Record], last_page_token_value: Optional[Any]) -> Optional[Any]:
        return response.headers.get(self.header.lower())

    def get_page_size(self) -> Optional[int]:
        return None


@dataclass
class HmacSigner(DeclarativeAuthenticator):
    """Signs the request's method and path (with its query) with the config's key."""

    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        message = f"{request.method} {request.path_url}".encode()
        request.headers["X-Signature"] = hmac.new(self.config["key"].encode(), message, hashlib.sha256).hexdigest()
        print(f"signed {request.path_url} with {self.config['key']}")
        return request

    def get_request_params(self) -> Mapping[str, Any]:
        return {"client": self.config["client"]}

    @property
    def auth_header(self) -> str:
        return ""

    @property
    def token(self) -> str:
        return ""
`;

describe("Python pagination strategies and authenticators", () => {
  let api: Loopback;
  before(async () => {
    api = await startLoopback((req) => {
      const page = Number(req.url.searchParams.get("page") ?? "1");
      const headers: Record<string, string> = page < PAGES.length ? { "X-Next-Page": String(page + 1) } : {};
      return { headers, body: { data: PAGES[page - 1] ?? [] } };
    });
  });
  after(() => api.close());

  it("a pagination strategy reading a header follows it until it is absent", async () => {
    const dir = await pythonConnector(COMPONENTS);
    try {
      const paginator = {
        type: "DefaultPaginator",
        pagination_strategy: { type: "CustomPaginationStrategy", class_name: "source_declarative_manifest.components.NextPageHeader" },
        page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
      };
      const from = api.requests.length;
      const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, paginator }));
      assert.equal(error, undefined);
      assert.deepEqual(records, PAGES.flat());
      assert.deepEqual(api.requests.slice(from).map((r) => r.url.searchParams.get("page")), [null, "2", "3"]);
    } finally {
      await dir.remove();
    }
  });

  it("an authenticator signs the prepared request as sent, its parameters included, and its printed key is masked", async () => {
    const dir = await pythonConnector(COMPONENTS);
    const logged: string[] = [];
    const log = (message: string) => void logged.push(message);
    try {
      const authenticator = { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.HmacSigner" };
      const from = api.requests.length;
      const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, requester: { authenticator, request_parameters: { q: "all" } }, source: { spec: SPEC } }), {
        config: { key: KEY, client: "c-7" },
        sluice: { plugins: [{ name: "test:logger", register: (ctx) => ctx.registerService(Logger, { debug: log, info: log, warn: log, error: log }) }] },
      });
      assert.equal(error, undefined);
      assert.deepEqual(records, PAGES[0]);
      const seen = api.requests[from]!;
      assert.equal(seen.url.searchParams.get("client"), "c-7");
      const expected = createHmac("sha256", KEY).update(`GET ${seen.url.pathname}${seen.url.search}`).digest("hex");
      assert.equal(seen.headers["x-signature"], expected);
      const printed = logged.filter((line) => line.startsWith("python: signed"));
      assert.equal(printed.length, 1);
      assert.ok(!printed[0]!.includes(KEY), printed[0]);
    } finally {
      await dir.remove();
    }
  });
});
