import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { durationAdder, parseExpiryDate } from "../../../plugins/auth/expiry-date.js";
import { SluiceError } from "../../../sdk/index.js";

const at = (iso: string) => Date.parse(iso);

describe("expiry dates, read as the kit's ab_datetime_parse does", () => {
  it("reads epoch seconds, a date, and date-times in ISO 8601, SQL, RFC 2822 and HTTP form (a naive one is UTC)", () => {
    assert.equal(parseExpiryDate(1714557600), at("2024-05-01T10:00:00Z"));
    assert.equal(parseExpiryDate("1714557600"), at("2024-05-01T10:00:00Z"));
    assert.equal(parseExpiryDate("2024-05-01"), at("2024-05-01T00:00:00Z"));
    assert.equal(parseExpiryDate("2024-5-1"), at("2024-05-01T00:00:00Z"));
    assert.equal(parseExpiryDate("2024-05-01T12:00:00+02:00"), at("2024-05-01T10:00:00Z"));
    assert.equal(parseExpiryDate("2024-05-01T12:00:00Z"), at("2024-05-01T12:00:00Z"));
    assert.equal(parseExpiryDate("2024-05-01T12:00:00"), at("2024-05-01T12:00:00Z"));
    assert.equal(parseExpiryDate("2024-05-01T12:00:00.250Z"), at("2024-05-01T12:00:00.250Z"));
    assert.equal(parseExpiryDate("2024-05-01 12:00:00"), at("2024-05-01T12:00:00Z"));
    assert.equal(parseExpiryDate("Wed, 01 May 2024 12:00:00 +0200"), at("2024-05-01T10:00:00Z"));
    assert.equal(parseExpiryDate("Wed, 01 May 2024 12:00:00 GMT"), at("2024-05-01T12:00:00Z"));
  });

  it("refuses what the kit refuses, with AUTH_TOKEN_EXPIRY_INVALID and the kit's reason", () => {
    const refused = (value: unknown, reason: RegExp) =>
      assert.throws(() => parseExpiryDate(value), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_TOKEN_EXPIRY_INVALID" && reason.test(error.message));
    refused("-5", /Timestamp cannot be negative/);
    refused("1714557600000", /Timestamp value too large/);
    refused("2024-13-01", /Invalid date format/);
    refused("2024-02-30", /Invalid date format/);
    refused("12:00:00", /Missing date part/);
    refused("not a date", /Could not parse datetime string/);
  });

  it("adds a duration to an instant in calendar months (January 31 plus P1M is February 29 in 2024)", () => {
    assert.equal(durationAdder("P1M")(at("2024-01-31T00:00:00Z")), at("2024-02-29T00:00:00Z"));
    assert.equal(durationAdder("PT1H")(at("2024-01-31T00:00:00Z")), at("2024-01-31T01:00:00Z"));
    assert.throws(() => durationAdder("1 hour"), (error: unknown) => error instanceof SluiceError && error.code === "AUTH_TOKEN_EXPIRY_INVALID");
  });
});
