import assert from "node:assert/strict";
import { test } from "node:test";
import { checkRequest, type CheckedHeaders } from "../../../core/http/check-request.js";
import { SecretRegistry } from "../../../sdk/services/secret-registry.js";

const request = (headers: Record<string, string>) => ({ method: "GET", url: "https://api.example.com/items", headers });

test("a header is tested once per value: a later value with a line break is still refused, whatever was checked before", () => {
  const checked: CheckedHeaders = new Map();
  const secrets = new SecretRegistry();
  checkRequest(request({ Authorization: "Bearer tok-1" }), secrets, {}, checked);
  checkRequest(request({ Authorization: "Bearer tok-1" }), secrets, {}, checked);
  assert.throws(() => checkRequest(request({ Authorization: "Bearer tok-1\r\nX-Injected: 1" }), secrets, {}, checked), { code: "HTTP_REQUEST_INVALID" });
  assert.throws(() => checkRequest(request({ "Bad Name": "x" }), secrets, {}, checked), { code: "HTTP_REQUEST_INVALID" });
  assert.equal(checked.get("Authorization"), "Bearer tok-1", "only values that passed are remembered");
});

test("the memory of checked headers stays bounded", () => {
  const checked: CheckedHeaders = new Map();
  const secrets = new SecretRegistry();
  for (let i = 0; i < 1_000; i++) checkRequest(request({ [`X-Header-${i}`]: "v" }), secrets, {}, checked);
  assert.ok(checked.size <= 256, `${checked.size} values remembered`);
});
