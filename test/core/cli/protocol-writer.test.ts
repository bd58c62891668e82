import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { CliIO } from "../../../core/cli/command.js";
import { ProtocolWriter } from "../../../core/cli/protocol-writer.js";
import { SluiceError } from "../../../sdk/index.js";

function writer(): { out: ProtocolWriter; written: string[] } {
  const written: string[] = [];
  const io: CliIO = { stdout: { write: (text: string) => written.push(text) }, stderr: { write: () => true }, env: {}, cwd: ".", interactive: false };
  return { out: new ProtocolWriter(io), written };
}

describe("the protocol writer", () => {
  it("refuses a record nested 100,000 levels deep with RECORD_NOT_SERIALIZABLE naming the stream, writing nothing of it", async () => {
    const { out, written } = writer();
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    assert.throws(() => out.record("users", deep), (error: unknown) => {
      assert.ok(error instanceof SluiceError);
      assert.deepEqual([error.code, error.where.stream], ["RECORD_NOT_SERIALIZABLE", "users"]);
      return true;
    });
    out.record("users", { id: 1 });
    await out.flush();
    assert.equal(written.join("").trim().split("\n").length, 1);
  });

  it("refuses a record with a cycle (custom code) with RECORD_NOT_SERIALIZABLE", () => {
    const { out } = writer();
    const cyclic: Record<string, unknown> = { id: 1 };
    cyclic.self = cyclic;
    assert.throws(() => out.record("users", cyclic), { code: "RECORD_NOT_SERIALIZABLE" });
  });
});
