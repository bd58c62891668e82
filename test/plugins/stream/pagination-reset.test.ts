import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SluiceError } from "../../../sdk/index.js";
import { useLoopback, type SeenRequest } from "../../support/loopback.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";
import { readStream } from "../../support/read-stream.js";

/**
 * An API whose cursor expires: /items?cursor=c2 answers 409 "cursor expired" while `expireOnce` holds
 * (once), then pages normally: 3 pages of 2 records.
 */
let expiries = 0;
function route(req: SeenRequest) {
  const cursor = req.url.searchParams.get("cursor");
  const page = cursor ? Number(cursor.slice(1)) : 1;
  if (cursor === "c2" && expiries > 0) {
    expiries--;
    return { status: 409, body: { error: "cursor expired" } };
  }
  return { body: { data: [{ id: page * 10 + 1 }, { id: page * 10 + 2 }], next: page < 3 ? `c${page + 1}` : null } };
}

describe("PaginationReset and the RESET_PAGINATION action", () => {
  const api = useLoopback(route);
  const manifest = (reset?: Record<string, unknown>, handler = true) => oneStreamManifest({
    urlBase: api.url,
    paginator: { type: "DefaultPaginator", pagination_strategy: { type: "CursorPagination", cursor_value: "{{ response.next }}", stop_condition: "{{ not response.next }}" }, page_token_option: { type: "RequestOption", inject_into: "request_parameter", field_name: "cursor" } },
    requester: handler ? { error_handler: { type: "DefaultErrorHandler", response_filters: [{ type: "HttpResponseFilter", http_codes: [409], action: "RESET_PAGINATION" }] } } : {},
    retriever: reset ? { pagination_reset: { type: "PaginationReset", ...reset } } : {},
  });
  const cursors = (requests: SeenRequest[]) => requests.map((r) => r.url.searchParams.get("cursor") ?? "-");

  it("RESET_PAGINATION starts the slice's pagination again from its first page, as the kit does", async () => {
    expiries = 1;
    const sent = api.since();
    const { records, error } = await readStream(manifest());
    assert.equal(error, undefined, String(error));
    assert.deepEqual(cursors(sent()), ["-", "c2", "-", "c2", "c3"]);
    assert.deepEqual(records.map((r) => r.id), [11, 12, 11, 12, 21, 22, 31, 32], "the first page is read again (the kit re-emits it too)");
  });

  it("a second reset of the same slice fails with the kit's message, after the records read", async () => {
    expiries = 2;
    const { records, error } = await readStream(manifest({ action: "RESET" }));
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "PAGINATION_RESET_LIMIT");
    assert.match(error.message, /There were 2 attempts with the same slice already while the max allowed is 2/);
    assert.deepEqual(records.map((r) => r.id), [11, 12, 11, 12]);
  });

  it("limits.number_of_records restarts the pagination once a pagination read that many records", async () => {
    expiries = 0;
    const sent = api.since();
    const { records, error } = await readStream(manifest({ action: "RESET", limits: { type: "PaginationResetLimits", number_of_records: 4 } }, false));
    assert.ok(error instanceof SluiceError, String(error));
    assert.equal(error.code, "PAGINATION_RESET_LIMIT");
    assert.deepEqual(cursors(sent()), ["-", "c2", "-", "c2"]);
    assert.deepEqual(records.map((r) => r.id), [11, 12, 21, 22, 11, 12, 21, 22]);
  });

  it("without a RESET_PAGINATION filter nor pagination_reset, a 409 fails the read as before", async () => {
    expiries = 1;
    const { error } = await readStream(manifest(undefined, false));
    assert.ok(error instanceof SluiceError);
    assert.equal(error.code, "HTTP_STATUS");
    expiries = 0;
  });
});
