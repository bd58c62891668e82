import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { isCredentialName } from "../../../pure/credential-name.js";

describe("a credential-like query parameter name", () => {
  const cases: Array<[string, boolean]> = [
    // ordinary names that merely contain a credential word
    ["author", false], ["authorName", false], ["authority", false], ["country_code", false], ["zipcode", false], ["keyword", false],
    ["monkey", false], ["keys_only", true], ["secretary", false], ["passenger", false], ["signup", false], ["design", false],
    ["tokenizer", false], ["limit", false], ["format", false], ["page", false], ["a1b2", false],
    // credentials, by word, by compound, by the whole name
    ["api_key", true], ["apikey", true], ["apiKey", true], ["APIKey", true], ["X-API-Key", true], ["x.api.key", true], ["key", true],
    ["key2", true], ["access_token", true], ["accessToken2", true], ["accesstoken", true], ["token", true], ["client_secret", true],
    ["clientsecret", true], ["password", true], ["passwd", true], ["pwd", true], ["sig", true], ["signature", true],
    ["X-Amz-Signature", true], ["X-Amz-Credential", true], ["auth", true], ["authToken", true], ["session", true], ["sessionid", true],
    ["session_id", true], ["code", true], ["sign", true], ["passphrase", true], ["jwt", true],
    // one-word compounds of a qualifier and key/token/secret/pass/id words (issue 36: HubSpot's hapikey...)
    ["hapikey", true], ["appid", true], ["appsecret", true], ["usertoken", true], ["appkey", true], ["licensekey", true],
    ["app_id", true], ["appId", true], ["AppSecret", true], ["devkey", true], ["consumerkey", true], ["consumersecret", true],
    ["userpass", true], ["masterkey", true], ["subscriptionkey", true], ["apikeys", true], ["accesskeyid", true], ["my_appkey", true],
    ["secretkeyid", true], ["privatetoken", true], ["authpass", true],
    // ordinary words that end like one
    ["donkey", false], ["hockey", false], ["turkey", false], ["bypass", false], ["compass", false], ["surpass", false],
    ["userid", false], ["user_id", false], ["accountid", false], ["account_id", false], ["appliance", false], ["application", false],
    ["apply", false], ["idle", false], ["valid", false], ["paid", false], ["keynote", false], ["tokenized", false],
  ];
  for (const [name, credential] of cases) {
    it(`${name} ${credential ? "is" : "is not"} a credential`, () => assert.equal(isCredentialName(name), credential));
  }
});
