/**
 * The Python kinds whose calls the engine now awaits (issue 35): an error handler, a backoff strategy,
 * a partition router's request options, a schema loader and a state migration, each written as a kit
 * author writes them and read end to end from a loopback API. Since their calls no longer block the
 * thread, they may send their own requests (the schema loader below fetches its schema).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { Logger } from "../../../sdk/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readPython, usePythonApi } from "./python-connector.js";

const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Iterable, Mapping, Optional

import requests

from airbyte_cdk.sources.declarative.migrations.state_migration import StateMigration
from airbyte_cdk.sources.declarative.partition_routers.partition_router import PartitionRouter
from airbyte_cdk.sources.declarative.schema.schema_loader import SchemaLoader
from airbyte_cdk.sources.streams.http.error_handlers import BackoffStrategy, ErrorHandler, ErrorResolution, FailureType, ResponseAction
from airbyte_cdk.sources.types import Config, StreamSlice


class RateLimitedInBody(ErrorHandler):
    """A 200 whose body says "rate limited" is retried; a 404 is skipped."""

    max_retries = 3
    max_time = 60

    def interpret_response(self, response_or_exception=None) -> ErrorResolution:
        if isinstance(response_or_exception, requests.Response):
            if response_or_exception.status_code == 404:
                return ErrorResolution(ResponseAction.IGNORE, error_message="no such account")
            if response_or_exception.ok and "rate limited" in response_or_exception.text:
                return ErrorResolution(ResponseAction.RETRY, FailureType.transient_error, "rate limited in the body")
            if response_or_exception.ok:
                return ErrorResolution(ResponseAction.SUCCESS)
        return ErrorResolution(ResponseAction.FAIL, FailureType.system_error, "unexpected answer")


@dataclass
class WaitFromHeader(BackoffStrategy):
    config: Config
    parameters: InitVar[Mapping[str, Any]]
    header: str = "X-Wait-Seconds"

    def backoff_time(self, response_or_exception, attempt_count: int) -> Optional[float]:
        value = response_or_exception.headers.get(self.header)
        print(f"attempt {attempt_count}: waiting {value} s")
        return float(value) if value else None


@dataclass
class Accounts(PartitionRouter):
    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def stream_slices(self) -> Iterable[StreamSlice]:
        for account in self.config["accounts"]:
            yield StreamSlice(partition={"account": account}, cursor_slice={})

    def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        return {"account": stream_slice["account"]}

    def get_request_headers(self, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        return {"X-Account": stream_slice["account"].upper()}

    def get_request_body_json(self, stream_state=None, stream_slice=None, next_page_token=None) -> Mapping[str, Any]:
        return {"filter": {"account": stream_slice["account"]}, "fields": self.config["fields"]}


@dataclass
class SchemaFromApi(SchemaLoader):
    config: Config
    parameters: InitVar[Mapping[str, Any]]

    def get_json_schema(self) -> Mapping[str, Any]:
        fields = requests.get(self.config["base"] + "/schema").json()["fields"]
        return {"type": "object", "properties": {field["name"]: {"type": ["null", field["type"]]} for field in fields}}


class LastUpdatedToCursor(StateMigration):
    """The connector's earlier state was {"last_updated": "YYYY-MM-DD"}."""

    def should_migrate(self, stream_state: Mapping[str, Any]) -> bool:
        return "last_updated" in stream_state

    def migrate(self, stream_state: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"updated_at": stream_state["last_updated"] + "T00:00:00Z"}
`;

const CLASS = "source_declarative_manifest.components";

describe("Python error handlers, backoff strategies, request options, schema loaders and state migrations, awaited", () => {
  let limited = 0;
  const python = usePythonApi(COMPONENTS, (req) => {
    const path = req.url.pathname;
    if (path === "/limited") return limited++ === 0 ? { headers: { "X-Wait-Seconds": "0.05" }, body: { error: "rate limited, try later" } } : { body: { data: [{ id: 1 }, { id: 2 }] } };
    if (path === "/gone") return { status: 404, body: { error: "no such account" } };
    if (path === "/schema") return { body: { fields: [{ name: "id", type: "integer" }, { name: "email", type: "string" }] } };
    if (path === "/events") return { body: { data: [{ id: `e-${req.url.searchParams.get("updated_since")}`, updated_at: req.url.searchParams.get("updated_since") }] } };
    return { body: { data: [{ id: `${req.url.searchParams.get("account")}-1` }] } };
  });

  const errorHandler = {
    type: "CompositeErrorHandler",
    error_handlers: [
      { type: "CustomErrorHandler", class_name: `${CLASS}.RateLimitedInBody` },
      { type: "DefaultErrorHandler", backoff_strategies: [{ type: "CustomBackoffStrategy", class_name: `${CLASS}.WaitFromHeader` }] },
    ],
  };

  it("an error handler retries a 200 saying rate limited, waiting what the backoff strategy read from a header", async () => {
    const lines: string[] = [];
    const log = (message: string) => lines.push(message);
    const logger = { debug: log, info: log, warn: log, error: log };
    const { records, error } = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/limited", requester: { error_handler: errorHandler } }), {
      sluice: { plugins: [{ name: "test:logger", register: (ctx) => ctx.registerService(Logger, logger) }] },
    });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ id: 1 }, { id: 2 }]);
    assert.equal(limited, 2, "the rate-limited 200 was not retried once");
    assert.ok(lines.includes("python: attempt 1: waiting 0.05 s"), lines.join("\n"));
    assert.ok(lines.some((line) => /^retrying in 50 ms/.test(line)), lines.join("\n"));
  });

  it("the same error handler's IGNORE skips a 404 without records, and the read completes", async () => {
    const { records, error } = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/gone", requester: { error_handler: errorHandler } }));
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, []);
  });

  it("a partition router's request params, headers and JSON body are on each slice's request as sent", async () => {
    const manifest = oneStreamManifest({ urlBase: python.api.url, path: "/search", requester: { http_method: "POST" }, partitionRouter: { type: "CustomPartitionRouter", class_name: `${CLASS}.Accounts` } });
    const from = python.api.requests.length;
    const { records, error } = await readPython(python.dir.dir, manifest, { config: { accounts: ["a1", "b2"], fields: ["id", "email"] } });
    assert.equal(error, undefined, String(error));
    assert.deepEqual(records, [{ id: "a1-1" }, { id: "b2-1" }]);
    const sent = python.api.requests.slice(from).map((r) => ({ method: r.method, account: r.url.searchParams.get("account"), header: r.headers["x-account"], body: r.fields }));
    assert.deepEqual(sent, [
      { method: "POST", account: "a1", header: "A1", body: { filter: { account: "a1" }, fields: ["id", "email"] } },
      { method: "POST", account: "b2", header: "B2", body: { filter: { account: "b2" }, fields: ["id", "email"] } },
    ]);
  });

  it("a schema loader fetches the stream's schema with its own request, sent by Sluice's client", async () => {
    const manifest = oneStreamManifest({ urlBase: python.api.url, stream: { schema_loader: { type: "CustomSchemaLoader", class_name: `${CLASS}.SchemaFromApi` } } });
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest, searchFrom: python.dir.dir, config: { base: python.api.url } });
    assert.deepEqual(await connector.stream("items").jsonSchema(), { type: "object", properties: { id: { type: ["null", "integer"] }, email: { type: ["null", "string"] } } });
  });

  it("a state migration rewrites the connector's earlier state before the cursor reads it: the read starts from it", async () => {
    const manifest = oneStreamManifest({
      urlBase: python.api.url,
      path: "/events",
      incrementalSync: {
        type: "DatetimeBasedCursor",
        cursor_field: "updated_at",
        datetime_format: "%Y-%m-%dT%H:%M:%SZ",
        start_datetime: "2024-01-01T00:00:00Z",
        end_datetime: "2024-01-03T00:00:00Z",
        step: "P1D",
        cursor_granularity: "PT1S",
        start_time_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "updated_since" },
      },
      stream: { state_migrations: [{ type: "CustomStateMigration", class_name: `${CLASS}.LastUpdatedToCursor` }] },
    });
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest, searchFrom: python.dir.dir, config: {} });
    const from = python.api.requests.length;
    const records: unknown[] = [];
    const states: unknown[] = [];
    for await (const record of connector.read("items", { state: { last_updated: "2024-01-02" }, onState: (state) => states.push(state) })) records.push(record);
    // One day's window from the migrated state to end_datetime; the saved state unmigrated would start at 2024-01-01.
    assert.deepEqual(python.api.requests.slice(from).map((r) => r.url.searchParams.get("updated_since")), ["2024-01-02T00:00:00Z"]);
    assert.deepEqual(records, [{ id: "e-2024-01-02T00:00:00Z", updated_at: "2024-01-02T00:00:00Z" }]);
    assert.deepEqual(states, [{ updated_at: "2024-01-02T00:00:00Z" }]);
  });
});
