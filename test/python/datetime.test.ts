import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  isoParse, parseIsoDuration, parseIsoDurationParts, PyDate, PyDateTime, PyDuration, PyTimedelta, pyIntExact, pyStr, strptime, truthy,
} from "../../python/index.js";

describe("the one datetime model (sluice/python)", () => {
  it("keeps microseconds exact at the ends of Python's range", () => {
    const last = PyDateTime.fromFields({ year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59, microsecond: 999_999 });
    assert.equal(last.us, 253_402_300_799_999_999n);
    assert.equal(last.strftime("%Y-%m-%d %H:%M:%S.%f"), "9999-12-31 23:59:59.999999");
    assert.equal(PyDateTime.fromFields({ year: 1 }).isoformat(), "0001-01-01T00:00:00+00:00");
  });

  it("renders naive and aware values as Python does (%z, %Z and isoformat)", () => {
    const naive = strptime("2024-03-05 10:00", "%Y-%m-%d %H:%M");
    assert.equal(naive.offset, null);
    assert.equal(pyStr(naive), "2024-03-05 10:00:00");
    assert.equal(naive.strftime("[%z][%Z]"), "[][]");
    const aware = strptime("2024-03-05 10:00+0130", "%Y-%m-%d %H:%M%z");
    assert.equal(pyStr(aware), "2024-03-05 10:00:00+01:30");
    assert.equal(aware.strftime("%z %Z"), "+0130 UTC+01:30");
    assert.equal(aware.assumeUtc(), aware);
    assert.equal(naive.assumeUtc().offset, 0);
  });

  it("prints %s from the wall clock as glibc's mktime in a UTC container does", () => {
    const aware = strptime("1970-01-01 01:00+0100", "%Y-%m-%d %H:%M%z");
    assert.equal(aware.strftime("%s"), "3600");
    assert.equal(aware.timestamp(), 0);
  });

  it("adds calendar months with the day clamped, as isodate", () => {
    const jan31 = PyDateTime.fromFields({ year: 2024, month: 1, day: 31 });
    assert.equal(jan31.plus(parseIsoDuration("P1M")!)!.fields().day, 29);
    assert.equal(pyStr(jan31.pyAdd(new PyDuration(1, 1, new PyTimedelta(0)))), "2025-02-28 00:00:00+00:00");
    assert.equal(pyStr(PyDate.of({ year: 2023, month: 3, day: 31 }).pyAdd(new PyDuration(0, -1, new PyTimedelta(0)))), "2023-02-28");
  });

  it("subtracts dates and datetimes into timedeltas", () => {
    const a = isoParse("2024-03-01T00:00:00Z");
    const b = isoParse("2024-02-28T12:00:00Z");
    assert.equal(pyStr(a.pySub(b)), "1 day, 12:00:00");
    assert.equal(pyStr(a.date().pySub(b.date())), "2 days, 0:00:00");
    assert.throws(() => a.pySub(isoParse("2024-02-28T12:00:00")), /can't subtract offset-naive and offset-aware/);
  });

  it("parses ISO durations once for both templates (fractions kept) and cursors (fractions refused)", () => {
    assert.deepEqual(parseIsoDurationParts("P1.5Y"), { years: 1.5, months: 0, us: 0 });
    assert.equal(parseIsoDuration("P1.5Y"), undefined);
    assert.deepEqual(parseIsoDuration(" -PT1M "), { years: 0, months: 0, us: -60_000_000n });
  });
});

describe("Python's int() and truthiness (sluice/python)", () => {
  it("parses integers exactly past 2^53 and in other bases", () => {
    assert.equal(pyIntExact("253402300799999999"), 253_402_300_799_999_999n);
    assert.equal(pyIntExact("-0x1f", 0), -31n);
    assert.equal(pyIntExact("1_000"), 1000n);
    assert.throws(() => pyIntExact("1.5"), /invalid literal for int\(\) with base 10: '1.5'/);
  });

  it("treats empty containers, zero, None and empty text as false, everything else as true", () => {
    for (const value of [null, undefined, false, 0, "", [], {}, new Map(), new Set()]) assert.equal(truthy(value), false, String(value));
    for (const value of [1, "0", [0], { a: 0 }, new Map([[1, 1]]), Number.NaN]) assert.equal(truthy(value), true, String(value));
  });
});
