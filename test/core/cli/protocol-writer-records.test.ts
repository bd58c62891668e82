import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ProtocolWriter } from "../../../core/cli/protocol-writer.js";

describe("ProtocolWriter.records", () => {
  it("writes a page of records as the same RECORD lines record() writes, one per record", async () => {
    let written = "";
    const io = { stdout: { write: (text: string) => ((written += text), true) }, stderr: { write: () => true }, env: {}, cwd: "/", interactive: false };
    const out = new ProtocolWriter(io);
    out.records('we"ird', [{ id: 1, text: "a\nb" }, { id: 2 }]);
    out.record('we"ird', { id: 3 });
    await out.flush();
    const lines = written.trimEnd().split("\n").map((line) => JSON.parse(line) as { type: string; record: { stream: string; data: unknown; emitted_at: number } });
    assert.deepEqual(lines.map((l) => [l.type, l.record.stream, l.record.data]), [["RECORD", 'we"ird', { id: 1, text: "a\nb" }], ["RECORD", 'we"ird', { id: 2 }], ["RECORD", 'we"ird', { id: 3 }]]);
    assert.ok(lines.every((l) => Number.isInteger(l.record.emitted_at)));
  });
});
