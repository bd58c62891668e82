import assert from "node:assert/strict";
import { test } from "node:test";
import { isTokenRequest } from "../../../scripts/corpus/mock/auth-endpoints.js";

test("the corpus mock takes a Python component's own token request for one, and a stream's GET for records", () => {
  assert.equal(isTokenRequest("grant_type=refresh_token"), true);
  assert.equal(isTokenRequest("", new URL("https://auth.eu.example.com/oauth/token?grant_type=client_credentials"), "POST"), true);
  assert.equal(isTokenRequest("client_id=a", new URL("https://x.example.com/api/4.0/login"), "POST"), true);
  assert.equal(isTokenRequest("{}", new URL("https://api2.example.com/api/tokens/refresh"), "POST"), true);
  assert.equal(isTokenRequest("", new URL("https://graph.example.com/123?fields=access_token"), "GET"), true);
  assert.equal(isTokenRequest("", new URL("https://api.example.com/v1/tokens"), "GET"), false);
  assert.equal(isTokenRequest("", new URL("https://api.example.com/v1/login"), "GET"), false);
});
