import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createSluice } from "../../../core/index.js";
import { SluiceError } from "../../../sdk/index.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readPython, usePythonApi } from "./python-connector.js";

/** Components written as source-us-census, source-chargebee and source-bamboo-hr write theirs. */
const COMPONENTS = `
from dataclasses import InitVar, dataclass
from typing import Any, Mapping, Optional, Union

import requests

from airbyte_cdk.models import FailureType
from airbyte_cdk.sources.declarative.interpolation.interpolated_string import InterpolatedString
from airbyte_cdk.sources.declarative.requesters.error_handlers import CompositeErrorHandler, DefaultErrorHandler
from airbyte_cdk.sources.declarative.requesters.error_handlers.backoff_strategies import WaitTimeFromHeaderBackoffStrategy
from airbyte_cdk.sources.declarative.requesters.error_handlers.default_http_response_filter import DefaultHttpResponseFilter
from airbyte_cdk.sources.declarative.schema.json_file_schema_loader import JsonFileSchemaLoader, _default_file_path
from airbyte_cdk.sources.streams.http.error_handlers.response_models import (
    SUCCESS_RESOLUTION,
    ErrorResolution,
    ResponseAction,
    create_fallback_error_resolution,
)


class InvalidKeyErrorHandler(DefaultErrorHandler):
    """A 200 saying "Invalid Key" fails; everything else as the kit's DefaultErrorHandler."""

    def interpret_response(self, response_or_exception: Optional[Union[requests.Response, Exception]]) -> ErrorResolution:
        if self.response_filters:
            for response_filter in self.response_filters:
                matched = response_filter.matches(response_or_exception=response_or_exception)
                if matched:
                    return matched
        if isinstance(response_or_exception, requests.Response):
            if response_or_exception.ok:
                if "Invalid Key" in response_or_exception.text:
                    return ErrorResolution(response_action=ResponseAction.FAIL, failure_type=FailureType.config_error, error_message="Valid API Key needed.")
                return SUCCESS_RESOLUTION
        resolution = DefaultHttpResponseFilter(parameters={}, config=self.config).matches(response_or_exception)
        return resolution if resolution else create_fallback_error_resolution(response_or_exception)


class CountingErrorHandler(DefaultErrorHandler):
    """Calls super(), as source-intercom's handler does."""

    def interpret_response(self, response_or_exception):
        return super().interpret_response(response_or_exception)


class NotFoundIsDone(CompositeErrorHandler):
    """Its own answer first, then the kit's CompositeErrorHandler (source-klaviyo's shape)."""

    def interpret_response(self, response_or_exception):
        if getattr(response_or_exception, "status_code", None) == 410:
            return ErrorResolution(response_action=ResponseAction.IGNORE)
        return super().interpret_response(response_or_exception)


class HalfTheHeaderWait(WaitTimeFromHeaderBackoffStrategy):
    def backoff_time(self, response_or_exception, attempt_count: int) -> Optional[float]:
        wait = super().backoff_time(response_or_exception, attempt_count)
        return wait / 2 if wait else wait


@dataclass
class ReportSchema(JsonFileSchemaLoader):
    """Builds its schema from the config, keeping the kit's default file path (source-bamboo-hr)."""

    config: Mapping[str, Any]
    parameters: InitVar[Mapping[str, Any]] = {"name": "reports"}

    def __post_init__(self, parameters: Mapping[str, Any]):
        if not self.file_path:
            self.file_path = _default_file_path()
        self.file_path = InterpolatedString.create(self.file_path, parameters=self.parameters)

    def get_json_schema(self) -> Mapping[str, Any]:
        properties = {name: {"type": ["null", "string"]} for name in self.config["fields"]}
        return {"type": "object", "description": self.file_path.eval(self.config), "properties": properties}
`;

const CLASS = "source_declarative_manifest.components";

describe("the kit's DefaultErrorHandler, CompositeErrorHandler, HttpResponseFilter, WaitTimeFromHeaderBackoffStrategy and JsonFileSchemaLoader in Python", () => {
  let limited = 0;
  const python = usePythonApi(COMPONENTS, (req) => {
    const path = req.url.pathname;
    if (path === "/bad-key") return { body: "error: Invalid Key" };
    if (path === "/gone") return { status: 404, body: { message: "no such thing" } };
    if (path === "/expired") return { status: 410, body: { message: "expired" } };
    if (path === "/plan") return { status: 403, body: { errors: [{ message: "Active subscription needed" }] } };
    if (path === "/limited") return limited++ === 0 ? { status: 429, headers: { "Retry-After": "0.1" }, body: {} } : { body: { data: [{ id: 7 }] } };
    return { body: { data: [{ id: 1 }, { id: 2 }] } };
  });

  const handler = (className: string, extra: Record<string, unknown> = {}) => ({ error_handler: { type: "CustomErrorHandler", class_name: `${CLASS}.${className}`, ...extra } });

  it("a DefaultErrorHandler subclass passes a 200 (the response is a requests.Response) and fails one saying Invalid Key", async () => {
    const ok = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, requester: handler("InvalidKeyErrorHandler") }));
    assert.equal(ok.error, undefined);
    assert.deepEqual(ok.records, [{ id: 1 }, { id: 2 }]);
    const bad = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/bad-key", fieldPath: [], requester: handler("InvalidKeyErrorHandler") }));
    assert.ok(bad.error instanceof SluiceError);
    assert.match(bad.error.message, /Valid API Key needed\./);
    assert.equal(bad.error.failureType, "config_error");
  });

  it("response_filters from the manifest are built as the kit's HttpResponseFilter: http_codes IGNORE, error_message_contains FAIL", async () => {
    const ignore = handler("CountingErrorHandler", { response_filters: [{ type: "HttpResponseFilter", http_codes: [404], action: "IGNORE" }] });
    const ignored = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/gone", requester: ignore }));
    assert.equal(ignored.error, undefined);
    assert.deepEqual(ignored.records, []);
    const plan = handler("CountingErrorHandler", {
      response_filters: [{ type: "HttpResponseFilter", error_message_contains: "Active subscription needed", action: "FAIL", failure_type: "config_error", error_message: "Check your plan ({{ response['errors'][0]['message'] }})" }],
    });
    const failed = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/plan", requester: plan }));
    assert.ok(failed.error instanceof SluiceError);
    assert.match(failed.error.message, /Check your plan \(Active subscription needed\)/);
    assert.equal(failed.error.failureType, "config_error");
  });

  it("without a matching filter, a 404 fails with the kit's default mapping message", async () => {
    const { error } = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/gone", requester: handler("CountingErrorHandler") }));
    assert.ok(error instanceof SluiceError);
    assert.match(error.message, /HTTP Status Code: 404\. Error: Not found\./);
  });

  it("a CompositeErrorHandler subclass: its own answer, then each handler in turn; a handler's FAIL lets the next one decide, as the kit's does", async () => {
    const composite = (filters: Record<string, unknown>[]) => handler("NotFoundIsDone", {
      error_handlers: [{ type: "DefaultErrorHandler" }, { type: "DefaultErrorHandler", response_filters: filters }],
    });
    const ignored = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/plan", requester: composite([{ type: "HttpResponseFilter", http_codes: [403], action: "IGNORE" }]) }));
    assert.equal(ignored.error, undefined, "the first handler's FAIL for a 403 went on to the second, which ignores it");
    assert.deepEqual(ignored.records, []);
    const failed = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/plan", requester: composite([]) }));
    assert.ok(failed.error instanceof SluiceError, "no handler ignores it: the last handler's FAIL");
    assert.equal(failed.error.failureType, "config_error");
    const own = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/expired", requester: composite([]) }));
    assert.equal(own.error, undefined, "the subclass's own IGNORE for a 410");
  });

  it("a WaitTimeFromHeaderBackoffStrategy subclass reads Retry-After through super() and the retry succeeds", async () => {
    limited = 0;
    const error_handler = { type: "DefaultErrorHandler", backoff_strategies: [{ type: "CustomBackoffStrategy", class_name: `${CLASS}.HalfTheHeaderWait`, header: "Retry-After" }] };
    const { records, error } = await readPython(python.dir.dir, oneStreamManifest({ urlBase: python.api.url, path: "/limited", requester: { error_handler } }));
    assert.equal(error, undefined);
    assert.deepEqual(records, [{ id: 7 }]);
    assert.equal(limited, 2);
  });

  it("a JsonFileSchemaLoader subclass keeps the kit's default file path (./<package>/schemas/<name>.json)", async () => {
    const manifest = oneStreamManifest({ urlBase: python.api.url, stream: { schema_loader: { type: "CustomSchemaLoader", class_name: `${CLASS}.ReportSchema` } } });
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest, searchFrom: python.dir.dir, config: { fields: ["id", "name"] } });
    const schema = (await connector.stream("items").jsonSchema()) as Record<string, unknown>;
    assert.equal(schema.description, "./source_declarative_manifest/schemas/reports.json");
    assert.deepEqual(Object.keys(schema.properties as object), ["id", "name"]);
  });
});
