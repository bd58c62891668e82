import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseStartState } from "../../../builder-ui/model/start-state.js";

const datetime = { cursor: { type: "DatetimeBasedCursor", cursor_field: "updated_at" } };

describe("the test panel's Input state", () => {
  it("sends nothing for an empty text, and a state that holds the cursor field", () => {
    assert.deepEqual(parseStartState("  ", datetime), {});
    assert.deepEqual(parseStartState('{"updated_at": "2024-01-03T00:00:00Z"}', datetime), { state: { updated_at: "2024-01-03T00:00:00Z" } });
  });

  it("says what it expected when the JSON is not a state of the stream's cursor", () => {
    assert.match(parseStartState("{", datetime).problem!, /^Input state is not JSON/);
    assert.equal(parseStartState("[1]", datetime).problem, "Input state: expected a JSON object, found an array");
    assert.equal(parseStartState('{"since": 1}', datetime).problem, 'Input state: expected {"updated_at": "<datetime>"} (the cursor field of Incremental Sync), found the keys since');
    assert.equal(parseStartState('{"updated_at": {}}', datetime).problem, "Input state: updated_at should be a datetime string, found {}");
    assert.match(parseStartState('{"id": "x"}', { cursor: { type: "IncrementingCountCursor", cursor_field: "id" } }).problem!, /id should be a number/);
  });

  it("takes a partitioned stream's state per partition, and checks each entry", () => {
    const shape = { ...datetime, partitioned: true };
    const state = { states: [{ partition: { project_id: "p1" }, cursor: { updated_at: "2024-01-02" } }] };
    assert.deepEqual(parseStartState(JSON.stringify(state), shape), { state });
    assert.equal(parseStartState('{"states": [{"partition": 1}]}', shape).problem, 'Input state: states[0] should be {"partition": {...}, "cursor": {"updated_at": ...}}');
  });

  it("refuses a state for a stream that is not incremental", () => {
    assert.match(parseStartState('{"a": 1}', {}).problem!, /has no Incremental Sync/);
  });
});
