import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { configKeysRead } from "../../templates/index.js";

describe("the config keys a template reads", () => {
  it("finds subscripts, attributes and get(), the top-level key of a nested read", () => {
    assert.deepEqual(configKeysRead("{{ config['credentials']['token'] }}/{{ config.get('region', 'eu') }}"), ["credentials", "region"]);
    assert.deepEqual(configKeysRead("{% if config.sandbox %}sandbox{% endif %}.example.com"), ["sandbox"]);
    assert.deepEqual(configKeysRead("{{ stream_partition.id if config['by_id'] else 0 }}"), ["by_id"]);
  });

  it("finds none in text, in a template that never names config, or in one that does not parse", () => {
    assert.deepEqual(configKeysRead("https://api.example.com/v1"), []);
    assert.deepEqual(configKeysRead("{{ next_page_token['next_page_url'] }}"), []);
    assert.deepEqual(configKeysRead("{{ response.configuration }}"), [], "a field named like config is not config");
    assert.deepEqual(configKeysRead("{{ config[ }}"), []);
  });
});
