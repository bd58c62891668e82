import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ReadProgress } from "../../../core/cli/read-progress.js";

function terminal(): { writes: string[]; write(text: string): void; columns: number } {
  const writes: string[] = [];
  return { writes, write: (text: string) => void writes.push(text), columns: 200 };
}

describe("the live progress line", () => {
  it("shows the streams being read, records, the API's total, pages, the rate and the time left at that rate", () => {
    let now = 0;
    const screen = terminal();
    const progress = new ReadProgress(screen, { streams: 2, now: () => now });
    progress.streamStarted("users");
    progress.page("users", 1_000);
    progress.records(250);
    now = 2_000;
    assert.equal(progress.line(), "reading users [0/2 streams done] · 250 of ~1,000 records · 1 page · 125 records/s · 2.0 s · ~6 s left");
    progress.page("users");
    progress.records(750);
    now = 4_000;
    assert.equal(progress.line(), "reading users [0/2 streams done] · 1,000 of ~1,000 records · 2 pages · 250 records/s · 4.0 s", "no time left once the total is reached");
    progress.finish();
  });

  it("redraws at most 4 times a second however many records arrive, and clears itself for other lines", () => {
    let now = 0;
    const screen = terminal();
    const progress = new ReadProgress(screen, { streams: 1, now: () => now });
    for (let i = 0; i < 1_000; i++) {
      progress.records(1);
      now += 1; // one second of records, one per millisecond
    }
    const draws = screen.writes.filter((w) => w.startsWith("\r\x1b[2Kreading")).length;
    assert.ok(draws >= 4 && draws <= 5, `${draws} redraws`);
    progress.print("sluice: warn: something\n");
    assert.deepEqual(screen.writes.slice(-3).map((w) => w.slice(0, 12)), ["\r\x1b[2K", "sluice: warn", "\r\x1b[2Kreading"]);
    progress.finish();
    assert.equal(screen.writes.at(-1), "\r\x1b[2K");
  });
});
