import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Detection } from "../../../builder-ui/api-client.js";
import { applyDetection, changedFields } from "../../../builder-ui/model/apply-detection.js";
import { ManifestModel } from "../../../builder-ui/model/manifest-model.js";

const BEFORE = `# hand-written
streams:
  - name: customers # the stream
    retriever:
      record_selector:
        extractor:
          field_path: [items] # guessed
      paginator:
        type: DefaultPaginator # kept
        pagination_strategy:
          type: CursorPagination
          cursor_value: "{{ response.next }}"
        page_token_option: { type: RequestOption, inject_into: request_parameter, field_name: cursor }
`;

function detection(changes: Detection["changes"]): Detection {
  return { stream: "customers", request: { method: "GET", url: "http://x/customers", status: 200 }, proposal: { undecided: [] }, changes, rejected: [], undecided: [] };
}

const paginator = (field: string) => ({
  type: "DefaultPaginator",
  pagination_strategy: { type: "CursorPagination", cursor_value: "{{ last_record['id'] }}" },
  page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: field },
});

describe("applying Detect's changes to the page's model", () => {
  it("replaces only the differing values of a written paginator, keeping its comments and the rest of the text", () => {
    const model = ManifestModel.parse(BEFORE);
    const next = applyDetection(model, [
      { field: "paginator", path: "streams[0].retriever.paginator", segments: ["streams", 0, "retriever", "paginator"], old: model.valueAt(["streams", 0, "retriever", "paginator"]), value: paginator("starting_after"), evidence: "has_more" },
    ]);
    assert.equal(next.text, BEFORE.replace(`"{{ response.next }}"`, `"{{ last_record['id'] }}"`).replace("field_name: cursor", "field_name: starting_after"));
  });

  it("splices a list and a new key into the text, changing only their lines", () => {
    const model = ManifestModel.parse(BEFORE);
    const next = applyDetection(model, [
      { field: "record path", path: "streams[0].retriever.record_selector.extractor.field_path", segments: ["streams", 0, "retriever", "record_selector", "extractor", "field_path"], old: ["items"], value: ["data"], evidence: "data" },
      { field: "primary key", path: "streams[0].primary_key", segments: ["streams", 0, "primary_key"], old: undefined, value: "id", evidence: "id" },
    ]);
    assert.equal(next.text, BEFORE.replace("field_path: [items] # guessed", "field_path: [data] # guessed") + "    primary_key: id\n");
  });

  it("adds a whole paginator as the last key of its block map, at that map's indentation", () => {
    const text = "streams:\n  - name: s\n    retriever:\n      requester: { path: /x } # flow stays\n      record_selector:\n        extractor: { field_path: [] }\ncheck: {}";
    const next = applyDetection(ManifestModel.parse(text), [
      { field: "paginator", path: "", segments: ["streams", 0, "retriever", "paginator"], old: undefined, value: { type: "DefaultPaginator", page_token_option: { type: "RequestPath" } }, evidence: "" },
    ]);
    assert.equal(next.text, text.replace("check: {}", "      paginator:\n        type: DefaultPaginator\n        page_token_option:\n          type: RequestPath\ncheck: {}"));
  });

  it("replaces a written paginator that has a key the detected one lacks, in place", () => {
    const text = "# top\nretriever:\n  paginator:\n    type: DefaultPaginator\n    page_size_option: { type: RequestOption, inject_into: request_parameter, field_name: limit }\n  other: 1 # kept\n";
    const next = applyDetection(ManifestModel.parse(text), [{ field: "paginator", path: "", segments: ["retriever", "paginator"], old: undefined, value: { type: "NoPagination" }, evidence: "" }]);
    assert.equal(next.text, "# top\nretriever:\n  paginator:\n    type: NoPagination\n  other: 1 # kept\n");
  });

  it("falls back to the document when the text cannot take the value in place (a key in a flow map)", () => {
    const next = applyDetection(ManifestModel.parse("retriever: { requester: {} }\n"), [{ field: "paginator", path: "", segments: ["retriever", "paginator"], old: undefined, value: { type: "NoPagination" }, evidence: "" }]);
    assert.deepEqual(next.valueAt(["retriever", "paginator"]), { type: "NoPagination" });
  });

  it("removes a hand-written parameter the paginator now sets (a change without a value), only its line", () => {
    const text = "requester:\n  request_parameters:\n    per_page: 6 # the API's most\n    page: '1' # first page\n    sort: id\n";
    const removal = { field: "request parameter", path: "streams[0].retriever.requester.request_parameters.page", segments: ["requester", "request_parameters", "page"], old: "1", evidence: "page is written by hand" };
    // As the page gets it: JSON leaves the undefined value out.
    const change = JSON.parse(JSON.stringify({ ...removal, value: undefined })) as Detection["changes"][number];
    assert.deepEqual(changedFields(detection([change])).map((c) => c.field), ["request parameter"], "listed as a change");
    assert.equal(applyDetection(ManifestModel.parse(text), [change]).text, "requester:\n  request_parameters:\n    per_page: 6 # the API's most\n    sort: id\n");
  });

  it("lists only the fields that change", () => {
    const changes = changedFields(
      detection([
        { field: "primary key", path: "streams[0].primary_key", segments: ["streams", 0, "primary_key"], old: "id", value: "id", evidence: "id" },
        { field: "record path", path: "p", segments: ["p"], old: ["items"], value: ["data"], evidence: "data" },
      ]),
    );
    assert.deepEqual(changes.map((c) => c.field), ["record path"]);
  });
});
