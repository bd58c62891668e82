import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { RecentTexts } from "../../../core/builder/recent-texts.js";
import { SluiceError } from "../../../sdk/index.js";

describe("RecentTexts", () => {
  it("makes an edit of a text it holds, and holds the last eight", () => {
    const texts = new RecentTexts();
    const ids = Array.from({ length: 9 }, (_, i) => texts.remember(`page_size: ${i}\n`));
    assert.equal(texts.edited({ base: ids[8]!, start: 11, end: 12, insert: "75" }), "page_size: 75\n");
    assert.equal(texts.edited({ base: ids[1]!, start: 0, end: 0, insert: "# a\n" }), "# a\npage_size: 1\n");
    const forgotten = (() => {
      try {
        texts.edited({ base: ids[0]!, start: 0, end: 0, insert: "" });
      } catch (error) {
        return error;
      }
    })();
    assert.ok(forgotten instanceof SluiceError && forgotten.code === "BUILDER_TEXT_UNKNOWN", String(forgotten));
  });
});
