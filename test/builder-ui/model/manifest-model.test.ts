import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";
import { SHARED_MANIFEST } from "../../core/builder/builder-support.js";

describe("the page's manifest model", () => {
  it("keeps the exact bytes of a manifest nothing was done to", () => {
    const text = "# top\r\nversion:   6.0.0 # spaced\r\nstreams: [ ]\r\n";
    assert.equal(ManifestModel.parse(text).text, text);
    assert.equal(ManifestModel.parse(SHARED_MANIFEST).withText(SHARED_MANIFEST).text, SHARED_MANIFEST);
  });

  it("a form edit replaces only the value's characters: comments, quoting and key order elsewhere stay", () => {
    const model = ManifestModel.parse(SHARED_MANIFEST).setIn(["definitions", "requester", "url_base"], "https://api.acme.com/v2");
    assert.equal(model.text, SHARED_MANIFEST.replace(`"{{ config['base_url'] }}" # the API`, `"https://api.acme.com/v2" # the API`));
    const path = ManifestModel.parse(SHARED_MANIFEST).setIn(["streams", 1, "$parameters", "path"], "/orders/v2");
    assert.equal(path.text, SHARED_MANIFEST.replace("path: /orders", "path: /orders/v2"));
  });

  it("quotes a value whose plain form would mean something else, and keeps a quoted one quoted", () => {
    const model = ManifestModel.parse("a: x\nb: 'y'\nlist: [p, q]\nn: 3\n");
    assert.equal(model.setIn(["a"], "k: v").text, 'a: "k: v"\nb: \'y\'\nlist: [p, q]\nn: 3\n');
    assert.equal(model.setIn(["b"], "it's").text, "a: x\nb: 'it''s'\nlist: [p, q]\nn: 3\n");
    assert.equal(model.setIn(["a"], "123").valueAt(["a"]), "123");
    assert.equal(model.setIn(["list", 0], "r, s").valueAt(["list", 0]), "r, s");
    assert.deepEqual(model.setIn(["list", 0], "r, s").valueAt(["list"]), ["r, s", "q"]);
  });

  it("writes a new value over a block scalar in place, as one double-quoted line, leaving the lines after it alone", () => {
    const text = "url_base: >-\n  {{ 'https://a' if config['eu'] else\n  'https://b' }}\npath: /x # keep\n";
    const model = ManifestModel.parse(text).setIn(["url_base"], "https://c");
    assert.equal(model.text, 'url_base: "https://c"\npath: /x # keep\n');
  });

  it("adds a field that is not written yet through the Document API, keeping comments", () => {
    const model = ManifestModel.parse("# keep me\nrequester:\n  url_base: https://x # and me\n").setIn(["requester", "path"], "/items");
    assert.equal(model.text, "# keep me\nrequester:\n  url_base: https://x # and me\n  path: /items\n");
  });

  it("says what is written at a place and on which line", () => {
    const model = ManifestModel.parse(SHARED_MANIFEST);
    assert.equal(model.kindAt(["definitions", "requester", "url_base"]), "scalar");
    assert.equal(model.kindAt(["definitions", "requester"]), "map");
    assert.equal(model.kindAt(["check", "stream_names"]), "seq");
    assert.equal(model.kindAt(["definitions", "nothing"]), "absent");
    assert.equal(model.lineOf(["definitions", "requester", "url_base"]), 7);
  });
});
