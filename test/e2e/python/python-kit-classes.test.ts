import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { pythonConnector, readPython } from "./python-connector.js";

const ROWS = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, tags: { primary: `t${i}` } }));
const PAGE_SIZE = 3;

const COMPONENTS = `
from dataclasses import dataclass
from typing import Any, Optional

import dpath.util

from airbyte_cdk.sources.declarative.auth.token import BasicHttpAuthenticator
from airbyte_cdk.sources.declarative.partition_routers import CartesianProductStreamSlicer
from airbyte_cdk.sources.declarative.stream_slicers import StreamSlicer
from airbyte_cdk.sources.types import StreamSlice
from airbyte_cdk.sources.declarative.extractors.record_extractor import RecordExtractor
from airbyte_cdk.sources.declarative.interpolation import InterpolatedString
from airbyte_cdk.sources.declarative.retrievers.simple_retriever import SimpleRetriever
from airbyte_cdk.sources.declarative.requesters.paginators.strategies import PageIncrement
from airbyte_cdk.sources.declarative.transformations.add_fields import AddFields


@dataclass
class PagesFromOne(PageIncrement):
    """The kit's PageIncrement, stopping early when the API says it has no more."""

    def next_page_token(self, response, last_page_size: int, last_record, last_page_token_value: Optional[Any]) -> Optional[Any]:
        if response.json().get("done"):
            return None
        return super().next_page_token(response, last_page_size, last_record, last_page_token_value)


class LowercaseUserBasic(BasicHttpAuthenticator):
    """Basic auth with the user name lower-cased, as some APIs want (reads the kit's private _username)."""

    def __post_init__(self, parameters):
        super().__post_init__(parameters)
        self._username = InterpolatedString.create(str(self._username.eval(self.config)).lower(), parameters=parameters)


class PrimaryTags(RecordExtractor):
    """dpath 1.x's util module, as older connectors import it."""

    def extract_records(self, response):
        return [{"id": row["id"], "tag": dpath.util.get(row, "tags/primary")} for row in response.json()["data"]]


@dataclass
class UpperAddFields(AddFields):
    """The kit's AddFields, its values upper-cased: reads the private _parsed_fields as source-bigcommerce does."""

    def transform(self, record, config=None, stream_state=None, stream_slice=None):
        for parsed in self._parsed_fields:
            value = parsed.value.eval(config, record=record, stream_slice=stream_slice)
            dpath.util.new(record, parsed.path, str(value).upper())
        return record


class Regions(StreamSlicer):
    def stream_slices(self):
        for region in ("eu", "us"):
            yield StreamSlice(partition={"region": region}, cursor_slice={})

    def get_request_params(self, *, stream_state=None, stream_slice=None, next_page_token=None):
        return {"region": stream_slice["region"]}


class Kinds(StreamSlicer):
    def stream_slices(self):
        yield {"kind": "a"}
        yield {"kind": "b"}

    def get_request_params(self, *, stream_state=None, stream_slice=None, next_page_token=None):
        return {"kind": stream_slice["kind"]}


@dataclass
class RegionsByKinds(CartesianProductStreamSlicer):
    """The kit's CartesianProductStreamSlicer over two slicers of its own (source-posthog subclasses it)."""

    def __post_init__(self, parameters):
        super().__post_init__(parameters)
        self.stream_slicers = [Regions(), Kinds()]


class NeedsSimpleRetriever(RecordExtractor):
    def extract_records(self, response):
        retriever = SimpleRetriever(config={}, parameters={})
        return []
`;

describe("the kit's concrete classes in Sluice's Python package", () => {
  let api: Loopback;
  let dir: Awaited<ReturnType<typeof pythonConnector>>;
  before(async () => {
    dir = await pythonConnector(COMPONENTS);
    api = await startLoopback((req) => {
      const page = Number(req.url.searchParams.get("page") ?? "1");
      const data = ROWS.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      return { body: { data, done: page * PAGE_SIZE >= ROWS.length && req.url.searchParams.get("early") === "1" } };
    });
  });
  after(async () => {
    await api.close();
    await dir.remove();
  });

  const paginator = (className: string) => ({
    type: "DefaultPaginator",
    pagination_strategy: { type: "CustomPaginationStrategy", class_name: `source_declarative_manifest.components.${className}`, page_size: PAGE_SIZE, start_from_page: 1 },
    page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "page" },
  });

  it("a PageIncrement subclass calling super() pages as the kit's PageIncrement: until a short page", async () => {
    const from = api.requests.length;
    const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, paginator: paginator("PagesFromOne") }));
    assert.equal(error, undefined);
    assert.deepEqual(records, ROWS);
    assert.deepEqual(api.requests.slice(from).map((r) => r.url.searchParams.get("page")), [null, "2", "3"]);
  });

  it("a BasicHttpAuthenticator subclass sends Basic with its interpolated user name and password", async () => {
    const authenticator = { type: "CustomAuthenticator", class_name: "source_declarative_manifest.components.LowercaseUserBasic", username: "{{ config['user'] }}", password: "{{ config['password'] }}" };
    const from = api.requests.length;
    const { error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, requester: { authenticator } }), { config: { user: "ADA", password: "pw:1" } });
    assert.equal(error, undefined);
    assert.equal(api.requests[from]!.headers.authorization, `Basic ${Buffer.from("ada:pw:1").toString("base64")}`);
  });

  it("dpath.util.get works without the dpath package", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url });
    (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.PrimaryTags" };
    const { records, error } = await readPython(dir.dir, manifest);
    assert.equal(error, undefined);
    assert.deepEqual(records, ROWS.slice(0, PAGE_SIZE).map((row) => ({ id: row.id, tag: row.tags.primary })));
  });

  it("an AddFields subclass gets its fields built from the manifest and reads _parsed_fields", async () => {
    const transformations = [{
      type: "CustomTransformation",
      class_name: "source_declarative_manifest.components.UpperAddFields",
      fields: [{ type: "AddedFieldDefinition", path: ["meta", "region"], value: "{{ config['region'] }}-{{ record['id'] }}" }],
    }];
    const { records, error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, transformations }), { config: { region: "eu" } });
    assert.equal(error, undefined);
    assert.deepEqual(records, ROWS.slice(0, PAGE_SIZE).map((row) => ({ ...row, meta: { region: `EU-${row.id}` } })));
  });

  it("a CartesianProductStreamSlicer subclass slices every combination of its slicers, each request with every slicer's options", async () => {
    const partitionRouter = { type: "CustomPartitionRouter", class_name: "source_declarative_manifest.components.RegionsByKinds", stream_slicers: [] };
    const from = api.requests.length;
    const { error } = await readPython(dir.dir, oneStreamManifest({ urlBase: api.url, partitionRouter, paginator: paginator("PagesFromOne") }));
    assert.equal(error, undefined);
    const firstPages = api.requests.slice(from).filter((r) => !r.url.searchParams.has("page"));
    assert.deepEqual(firstPages.map((r) => `${r.url.searchParams.get("region")}/${r.url.searchParams.get("kind")}`).sort(), ["eu/a", "eu/b", "us/a", "us/b"]);
  });

  it("a kit class the package names but does not implement is refused, naming it, when it is used", async () => {
    const manifest = oneStreamManifest({ urlBase: api.url });
    (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: "source_declarative_manifest.components.NeedsSimpleRetriever" };
    const { error } = await readPython(dir.dir, manifest);
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "PYTHON_KIT_CLASS_MISSING");
    assert.match(error.message, /NeedsSimpleRetriever\.extract_records: airbyte_cdk\.sources\.declarative\.retrievers\.simple_retriever\.SimpleRetriever is not in Sluice's package yet/);
  });
});
