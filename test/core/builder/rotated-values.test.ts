import assert from "node:assert/strict";
import { it } from "node:test";
import { RotatedValues } from "../../../core/builder/rotated-values.js";

it("a save still holding a rotated token's old value keeps the new one, nested and added values included", () => {
  const rotations = new RotatedValues();
  rotations.remember({ credentials: { refresh_token: "rt_1", client_id: "c" } }, { credentials: { refresh_token: "rt_2", client_id: "c" }, oauth_access_token: "at_2" });
  assert.deepEqual(rotations.keep({ credentials: { refresh_token: "rt_1", client_id: "edited" }, region: "eu" }), {
    credentials: { refresh_token: "rt_2", client_id: "edited" },
    region: "eu",
    oauth_access_token: "at_2",
  });
});

it("a save that holds the rotation's values forgets it: later edits are saved as typed", () => {
  const rotations = new RotatedValues();
  rotations.remember({ rt: "rt_1" }, { rt: "rt_2", at: "at_2" });
  assert.deepEqual(rotations.keep({ rt: "rt_2", at: "at_2" }), { rt: "rt_2", at: "at_2" });
  assert.deepEqual(rotations.keep({ rt: "rt_1" }), { rt: "rt_1" }, "the author typed the old token back on purpose");
});

it("a value the author changed since the read is not touched", () => {
  const rotations = new RotatedValues();
  rotations.remember({ rt: "rt_1" }, { rt: "rt_2" });
  assert.deepEqual(rotations.keep({ rt: "typed by hand" }), { rt: "typed by hand" });
});
