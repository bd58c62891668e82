import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { createSluice } from "../../../core/index.js";
import { pythonConnector, readPython } from "./python-connector.js";

const REGIONS = { eu: [{ id: 1 }, { id: 2 }], us: [{ id: 3 }], apac: [] as { id: number }[] };

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Iterable, Mapping, Optional

from airbyte_cdk.sources.declarative.decoders.decoder import Decoder
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter
from airbyte_cdk.sources.declarative.schema.schema_loader import SchemaLoader
from airbyte_cdk.sources.streams.http.error_handlers import BackoffStrategy, ErrorHandler, ErrorResolution, FailureType, ResponseAction
from airbyte_cdk.sources.types import Config, StreamSlice


@dataclass
class Regions(PartitionRouter):
    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def stream_slices(self) -> Iterable[StreamSlice]:
        for region in self.config["regions"]:
            yield StreamSlice(partition={"region": region}, cursor_slice={})

    def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        return {"region": stream_slice.partition["region"]}


class GoneIsEmptyTeapotFails(ErrorHandler):
    max_retries = 2
    max_time = 30

    def interpret_response(self, response_or_exception=None) -> ErrorResolution:
        status = getattr(response_or_exception, "status_code", None)
        if status == 410:
            return ErrorResolution(ResponseAction.IGNORE, error_message="region closed")
        if status == 418:
            return ErrorResolution(ResponseAction.FAIL, FailureType.config_error, "the API is a teapot: " + response_or_exception.json()["why"])
        if status == 429:
            return ErrorResolution(ResponseAction.RETRY)
        return ErrorResolution(ResponseAction.SUCCESS)


class RetryInFromBody(BackoffStrategy):
    def backoff_time(self, response_or_exception, attempt_count):
        return float(response_or_exception.json()["retry_in"])


class PipeRows(Decoder):
    """Rows as 'id|name' lines."""

    def is_stream_response(self) -> bool:
        return False

    def decode(self, response):
        for line in response.text.splitlines():
            identifier, name = line.split("|")
            yield {"id": int(identifier), "name": name}


class FieldsFromConfig(SchemaLoader):
    def __init__(self, config, parameters):
        self.fields = config["fields"]

    def get_json_schema(self):
        return {"type": "object", "properties": {name: {"type": "string"} for name in self.fields}}
`;

const CLASS = "source_declarative_manifest.components";

describe("Python partition routers, error handlers, backoff strategies, decoders and schema loaders", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  let busy = 0;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      const path = req.url.pathname;
      if (path === "/rows") return { headers: { "Content-Type": "text/plain" }, body: "1|ada\n2|grace" };
      if (path === "/teapot") return { status: 418, body: { why: "short and stout" } };
      if (path === "/busy") return busy++ === 0 ? { status: 429, body: { retry_in: 0.05 } } : { body: { data: [{ id: 9 }] } };
      const region = req.url.searchParams.get("region") as keyof typeof REGIONS;
      return region === "apac" ? { status: 410, body: {} } : { body: { data: REGIONS[region] } };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  it("a partition router's slices are read one by one, each with the request parameters it adds", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url, partitionRouter: { type: "CustomPartitionRouter", class_name: `${CLASS}.Regions` } });
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, manifest, { config: { regions: ["eu", "us"] } });
    assert.equal(error, undefined);
    assert.deepEqual(records, [...REGIONS.eu, ...REGIONS.us]);
    assert.deepEqual(api.requests.slice(from).map((r) => r.url.searchParams.get("region")), ["eu", "us"]);
  });

  it("an error handler's IGNORE ends a slice without records and its FAIL fails with its message and failure type", async () => {
    const handler = { type: "CustomErrorHandler", class_name: `${CLASS}.GoneIsEmptyTeapotFails` };
    const routed = oneStreamManifest({ urlBase: api.url, partitionRouter: { type: "CustomPartitionRouter", class_name: `${CLASS}.Regions` }, requester: { error_handler: handler } });
    const ignored = await readPython(dir.dir, routed, { config: { regions: ["apac", "us"] } });
    assert.equal(ignored.error, undefined);
    assert.deepEqual(ignored.records, REGIONS.us);
    const failed = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, path: "/teapot", requester: { error_handler: handler } }));
    assert.ok(failed.error instanceof SluiceError);
    assert.match(failed.error.message, /the API is a teapot: short and stout/);
    assert.equal(failed.error.failureType, "config_error");
  });

  it("a backoff strategy's wait is read from the response it is given, and the retry succeeds", async () => {
    const handler = {
      type: "DefaultErrorHandler",
      backoff_strategies: [{ type: "CustomBackoffStrategy", class_name: `${CLASS}.RetryInFromBody` }],
    };
    busy = 0;
    const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, path: "/busy", requester: { error_handler: handler } }));
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 9 }]);
    assert.equal(busy, 2);
  });

  it("a decoder turns the body into the documents the extractor reads", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url, path: "/rows", fieldPath: [] });
    (manifest.streams as Record<string, any>[])[0]!.retriever.decoder = { type: "CustomDecoder", class_name: `${CLASS}.PipeRows` };
    const { records, error } = await readPython(dir.dir, manifest);
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 1, name: "ada" }, { id: 2, name: "grace" }]);
  });

  it("a schema loader gives the stream's schema from the config", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url, stream: { schema_loader: { type: "CustomSchemaLoader", class_name: `${CLASS}.FieldsFromConfig` } } });
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest, searchFrom: dir.dir, config: { fields: ["id", "name"] } });
    assert.deepEqual(await connector.stream("items").jsonSchema(), { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } });
  });
});
