import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

/** A CustomRequester extending the kit's HttpRequester, as source-jina-ai-reader and source-asana write theirs. */
const COMPONENTS = `
from typing import Any, Mapping, MutableMapping, Optional, Union

from airbyte_cdk.sources.declarative.requesters.http_requester import HttpRequester
from airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_input_provider import InterpolatedRequestInputProvider


class BearerWhenKeyed(HttpRequester):
    request_headers: Optional[Union[str, Mapping[str, str]]] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        super().__post_init__(parameters)
        self._headers_interpolator = InterpolatedRequestInputProvider(config=self.config, request_inputs=self.request_headers, parameters=parameters)

    def get_request_headers(self, *, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        headers = self._headers_interpolator.eval_request_inputs(stream_state, stream_slice, next_page_token)
        if self.config.get("api_key"):
            headers.update({"Authorization": f"Bearer {self.config['api_key']}"})
        return headers

    def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None) -> MutableMapping[str, Any]:
        return {"stream": self.name}
`;

describe("a Python CustomRequester extending the kit's HttpRequester", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback(() => ({ body: { data: [{ id: 1 }] } }));
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const manifest = () => {
    const built = oneStreamManifest({ urlBase: api.url });
    const retriever = (built.streams as Record<string, any>[])[0]!.retriever;
    retriever.requester = {
      type: "CustomRequester",
      class_name: "source_declarative_manifest.components.BearerWhenKeyed",
      url_base: api.url,
      path: "/items",
      http_method: "GET",
      request_headers: { "X-Region": "{{ config['region'] }}" },
    };
    return built;
  };

  it("Sluice sends the request; the class's headers (interpolated by the kit's provider) and params, with its name, are set on it", async () => {
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, manifest(), { config: { region: "eu", api_key: "k-1" } });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1 }]);
    const seen = api.requests[from]!;
    assert.equal(seen.url.pathname, "/items");
    assert.equal(seen.headers["x-region"], "eu");
    assert.equal(seen.headers.authorization, "Bearer k-1");
    assert.equal(seen.url.searchParams.get("stream"), "items");
  });

  it("without the key, no Authorization header", async () => {
    const from = api.requests.length;
    const { error } = await readPython(dir.dir, manifest(), { config: { region: "us" } });
    assert.equal(error, undefined);
    assert.equal(api.requests[from]!.headers.authorization, undefined);
    assert.equal(api.requests[from]!.headers["x-region"], "us");
  });
});

/** A requester that builds the kit's InterpolatedRequestOptionsProvider from RequestInput fields, as source-mailchimp writes its own. */
const OPTIONS_PROVIDER_COMPONENTS = `
from dataclasses import dataclass
from typing import Any, Mapping, Optional

from airbyte_cdk.sources.declarative.requesters.http_requester import HttpRequester
from airbyte_cdk.sources.declarative.requesters.request_options.interpolated_request_options_provider import (
    InterpolatedRequestOptionsProvider,
    RequestInput,
)


@dataclass
class PagedRegionRequester(HttpRequester):
    request_parameters: Optional[RequestInput] = None

    def __post_init__(self, parameters: Mapping[str, Any]) -> None:
        self.request_options_provider = InterpolatedRequestOptionsProvider(
            request_parameters=self.request_parameters, config=self.config, parameters=parameters or {}
        )
        super().__post_init__(parameters)

    def get_request_params(self, *, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        params = dict(self.request_options_provider.get_request_params(stream_slice=stream_slice, next_page_token=next_page_token))
        params["count"] = 2
        return params
`;

describe("a Python requester building the kit's InterpolatedRequestOptionsProvider", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(OPTIONS_PROVIDER_COMPONENTS);
    api = await startLoopback(() => ({ body: { data: [{ id: 1 }] } }));
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("the provider interpolates the RequestInput mapping with the config, and the class adds its own parameter", async () => {
    const built = oneStreamManifest({ urlBase: api.url });
    (built.streams as Record<string, any>[])[0]!.retriever.requester = {
      type: "CustomRequester",
      class_name: "source_declarative_manifest.components.PagedRegionRequester",
      url_base: api.url,
      path: "/items",
      request_parameters: { region: "{{ config['region'] }}" },
    };
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, built, { config: { region: "eu" } });
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1 }]);
    assert.equal(api.requests[from]!.url.searchParams.get("region"), "eu");
    assert.equal(api.requests[from]!.url.searchParams.get("count"), "2");
  });
});
