import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, ManifestError } from "../../../sdk/index.js";
import { classifyFailure, fieldOf } from "../../../scripts/corpus/classify-failure.js";
import { featureFamily } from "../../../scripts/corpus/feature-family.js";
import { scanUnsupported } from "../../../scripts/corpus/scan-unsupported.js";
import { createSluice } from "../../../core/sluice.js";
import { validateManifest } from "../../../core/manifest/validate-manifest.js";

test("each problem of a validation error becomes a reason; unknown types count by field and type", () => {
  const error = new ManifestError(
    "MANIFEST_UNKNOWN_TYPE",
    [
      "The manifest is not valid (3 problems):",
      "  - streams[0].incremental_sync: unknown component type 'DatetimeBasedCursor'; expected one of: ; found DatetimeBasedCursor",
      "  - streams[1].retriever.partition_router: expected a component definition (partition_router); expected an object with a type; found [{\"type\":\"X\"}]",
      "  - streams[2].retriever.requester.http_method: the value is not one of the allowed values; expected \"GET\"; found \"HEAD\"",
    ].join("\n"),
  );
  const reasons = classifyFailure(error);
  assert.deepEqual(
    reasons.map((r) => [r.code, r.feature]),
    [
      ["UNSUPPORTED_TYPE", "incremental_sync: DatetimeBasedCursor"],
      ["NOT_A_COMPONENT", "partition_router: a list instead of one component"],
      ["MANIFEST_INVALID", "MANIFEST_INVALID http_method: the value is not one of the allowed values"],
    ],
  );
});

test("a real validation error from the registry is classified by its unknown type", () => {
  const sluice = createSluice();
  const manifest = {
    type: "DeclarativeSource",
    check: { type: "CheckStream", stream_names: ["a"] },
    streams: [
      {
        type: "DeclarativeStream",
        name: "a",
        retriever: {
          type: "SimpleRetriever",
          requester: { type: "HttpRequester", url_base: "https://x", path: "/a", error_handler: { type: "NoSuchHandler" } },
          record_selector: { type: "RecordSelector", extractor: { type: "DpathExtractor", field_path: [] } },
        },
      },
    ],
  };
  let caught: unknown;
  try {
    validateManifest(manifest, sluice.registry, { trustCustomCode: true });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught, "validation must fail");
  assert.deepEqual(classifyFailure(caught).map((r) => r.feature), ["error_handler: NoSuchHandler"]);
});

test("other Sluice errors group by code, place and message with the variable parts blanked", () => {
  const a = classifyFailure(new ConfigError("CONFIG_INVALID", "config.a: must match pattern \"^x$\"\n  more"));
  const b = classifyFailure(new ConfigError("CONFIG_INVALID", "config.a: must match pattern \"^y$\""));
  assert.equal(a[0]!.feature, b[0]!.feature);
  assert.equal(a[0]!.detail, 'config.a: must match pattern "^x$"');
});

test("a non-Sluice error is a crash named by its class", () => {
  const [reason] = classifyFailure(new TypeError("cannot read properties of undefined (reading 'x')"));
  assert.equal(reason!.code, "CRASH");
  assert.match(reason!.feature, /^CRASH TypeError: /);
});

test("fieldOf keeps the last named segment of a path", () => {
  assert.equal(fieldOf("streams[3].retriever.requester.error_handler.backoff_strategies[0]"), "backoff_strategies");
  assert.equal(fieldOf(""), "(root)");
});

test("the scan finds unsupported types anywhere, once per manifest, but not inside JSON schemas", () => {
  const sluice = createSluice();
  const manifest = {
    type: "DeclarativeSource",
    streams: [
      { type: "DeclarativeStream", incremental_sync: { type: "Nope", start_datetime: { type: "AlsoNope" } }, schema_loader: { type: "InlineSchemaLoader", schema: { type: "Object" } } },
      { type: "DeclarativeStream", incremental_sync: { type: "Nope" } },
    ],
  };
  assert.deepEqual(scanUnsupported(manifest, (t) => sluice.registry.find(t)), ["incremental_sync: Nope", "start_datetime: AlsoNope"]);
});

test("families group reasons by area", () => {
  assert.equal(featureFamily("backoff_strategies: WaitTimeFromHeader"), "error handling");
  assert.equal(featureFamily("partition_router: a list instead of one component"), "partition routers");
  assert.equal(featureFamily("extractor: CustomRecordExtractor"), "custom (Python) components");
  assert.equal(featureFamily("CONFIG_INVALID: x"), "other: CONFIG_INVALID");
});
