import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatDatetime, parseDatetime } from "../../python/datetime-format.js";
import { PyDateTime } from "../../python/datetime.js";
import { parseIsoDuration } from "../../python/iso-duration.js";

const at = (iso: string, micro = 0, offset = 0) => new PyDateTime(BigInt(Date.parse(iso)) * 1000n + BigInt(micro), offset);

describe("datetime formats of the kit's DatetimeParser", () => {
  const parses: Array<[unknown, string, PyDateTime]> = [
    ["2021-01-01T00:00:00.000000+0000", "%Y-%m-%dT%H:%M:%S.%f%z", at("2021-01-01T00:00:00Z")],
    ["2021-01-01T00:00:00.000000+0400", "%Y-%m-%dT%H:%M:%S.%f%z", at("2020-12-31T20:00:00Z")],
    ["1609459200", "%s", at("2021-01-01T00:00:00Z")],
    [1609459200, "%s", at("2021-01-01T00:00:00Z")],
    ["1675092508.873709", "%s_as_float", at("2023-01-30T15:28:28Z", 873709)],
    ["1675092508873709", "%epoch_microseconds", at("2023-01-30T15:28:28Z", 873709)],
    ["1609459200001", "%ms", at("2021-01-01T00:00:00.001Z")],
    ["20210101", "%Y%m%d", at("2021-01-01T00:00:00Z")],
    ["2021-11-22T08:41:55.640Z", "%Y-%m-%dT%H:%M:%S.%_msZ", at("2021-11-22T08:41:55.640Z")],
    ["2024-03-05 7:05:09", "%Y-%m-%d %H:%M:%S", at("2024-03-05T07:05:09Z")],
    ["05/03/2024 10:30", "%d/%m/%Y %H:%M", at("2024-03-05T10:30:00Z")],
    ["2024-03-05T10:00:00z", "%Y-%m-%dT%H:%M:%SZ", at("2024-03-05T10:00:00Z")],
    ["2024-03-05T10:00:00+05:30", "%Y-%m-%dT%H:%M:%S%z", at("2024-03-05T04:30:00Z")],
    ["2024-03-05T10:00:00Z", "%Y-%m-%dT%H:%M:%S%z", at("2024-03-05T10:00:00Z")],
  ];
  for (const [input, format, expected] of parses) {
    it(`parses ${JSON.stringify(input)} with ${format}`, () => {
      assert.equal(parseDatetime(input, format).us, expected.us);
    });
  }

  const formats: Array<[PyDateTime, string, string]> = [
    [at("2021-01-01T00:00:00Z"), "%s", "1609459200"],
    [at("2021-01-01T00:00:00.001Z"), "%ms", "1609459200001"],
    [at("2023-01-30T15:28:28Z", 873709), "%s_as_float", "1675092508.873709"],
    [at("2021-01-01T00:00:00Z"), "%s_as_float", "1609459200.0"],
    [at("2023-01-30T15:28:28Z", 873709), "%epoch_microseconds", "1675092508873709"],
    [at("2021-01-01T00:00:00Z"), "%Y-%m-%d", "2021-01-01"],
    [at("2021-01-01T00:00:00Z"), "%Y%m%d", "20210101"],
    [at("2021-11-22T08:41:55.640Z"), "%Y-%m-%dT%H:%M:%S.%_msZ", "2021-11-22T08:41:55.640Z"],
    [at("2024-03-05T10:00:00Z"), "%Y-%m-%dT%H:%M:%S.%f%z", "2024-03-05T10:00:00.000000+0000"],
    [at("2024-03-05T04:30:00Z", 0, 330), "%Y-%m-%dT%H:%M:%S%z", "2024-03-05T10:00:00+0530"],
    [at("2024-02-29T13:05:00Z"), "%a %d %b %Y %I:%M %p, day %j", "Thu 29 Feb 2024 01:05 PM, day 060"],
    [at("2024-03-05T10:00:00Z"), "modified_on:gt:%Y-%m-%dT%H:%M:%S%z", "modified_on:gt:2024-03-05T10:00:00+0000"],
  ];
  for (const [value, format, expected] of formats) {
    it(`formats ${value} with ${format} as ${expected}`, () => {
      assert.equal(formatDatetime(value, format), expected);
    });
  }

  it("refuses text that does not match the whole format, or an impossible date", () => {
    assert.throws(() => parseDatetime("2024-01-01T00:00:00Z", "%Y-%m-%d"), /unconverted data remains: T00:00:00Z/);
    assert.throws(() => parseDatetime("2024-02-30", "%Y-%m-%d"), /day is out of range/);
    assert.throws(() => parseDatetime("1.5", "%s"), /invalid literal for int/);
    assert.throws(() => parseDatetime("2024-01-01", "%Y-%m-%dT%H"), /does not match format/);
  });
});

describe("ISO 8601 durations as isodate adds them", () => {
  it("adds months on the calendar, clamping the day, then the exact part", () => {
    const jan31 = at("2024-01-31T10:00:00Z");
    assert.equal(jan31.plus(parseIsoDuration("P1M")!)!.toString(), "2024-02-29T10:00:00.000000Z");
    assert.equal(jan31.plus(parseIsoDuration("P1Y1M1DT1H")!)!.toString(), "2025-03-01T11:00:00.000000Z");
    assert.equal(jan31.plus(parseIsoDuration("P1W")!)!.toString(), "2024-02-07T10:00:00.000000Z");
    assert.equal(jan31.plus(parseIsoDuration("PT0.000001S")!, -1)!.toString(), "2024-01-31T09:59:59.999999Z");
  });

  it("reads fractions and signs, and refuses what is not a duration", () => {
    assert.deepEqual(parseIsoDuration("PT1.5H"), { years: 0, months: 0, us: 5_400_000_000n });
    assert.deepEqual(parseIsoDuration("-P1D"), { years: 0, months: 0, us: -86_400_000_000n });
    for (const text of ["1D", "P", "PT", "P1H", "P1.5M", "one day"]) assert.equal(parseIsoDuration(text), undefined, text);
  });

  it("gives undefined past year 9999, where Python overflows", () => {
    assert.equal(at("9999-12-31T00:00:00Z").plus(parseIsoDuration("P1D")!), undefined);
  });
});
