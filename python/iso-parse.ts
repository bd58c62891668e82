/**
 * dateutil's `isoparse` (what the kit's `str_to_datetime` uses): `2024-01-02`, `20240102`,
 * `2024-01-02T03:04:05.123456+02:00`, `2024-01-02 03:04Z`; anything else raises ValueError.
 */
import { daysInMonth } from "./calendar.js";
import { PyDateTime } from "./datetime.js";
import { PyError } from "./values.js";

const DATE = /^(\d{4})(?:(-?)(\d{2})(?:\2(\d{2}))?)?/;
const TIME = /^(\d{2})(?:(:?)(\d{2})(?:\2(\d{2})(?:[.,](\d+))?)?)?/;
const ZONE = /^(?:([zZ])|([+-])(\d{2})(?::?(\d{2}))?)$/;

function invalid(text: string): never {
  throw new PyError("ValueError", `Invalid isoformat string: '${text}'`);
}

/** Parses an ISO 8601 date-time the way `dateutil.parser.isoparse` does; naive results have `offset: null`. */
export function isoParse(text: string): PyDateTime {
  const date = DATE.exec(text);
  if (!date) invalid(text);
  const [, y, dash, mo, d] = date;
  if (dash === "" && mo !== undefined && d === undefined) invalid(text);
  const fields = { year: Number(y), month: mo ? Number(mo) : 1, day: d ? Number(d) : 1, hour: 0, minute: 0, second: 0, microsecond: 0 };
  let rest = text.slice(date[0].length);
  let offset: number | null = null;
  if (rest.length) {
    if (d === undefined) invalid(text);
    rest = rest.slice(1);
    const time = TIME.exec(rest);
    if (!time) invalid(text);
    fields.hour = Number(time[1]);
    fields.minute = time[3] ? Number(time[3]) : 0;
    fields.second = time[4] ? Number(time[4]) : 0;
    fields.microsecond = time[5] ? Number(time[5].slice(0, 6).padEnd(6, "0")) : 0;
    const zoneText = rest.slice(time[0].length);
    if (zoneText) {
      const zone = ZONE.exec(zoneText);
      if (!zone) invalid(text);
      if (zone[1]) offset = 0;
      else {
        offset = (zone[2] === "-" ? -1 : 1) * (Number(zone[3]) * 60 + Number(zone[4] ?? 0));
        if (Math.abs(offset) >= 24 * 60) invalid(text);
      }
    }
  }
  if (fields.month < 1 || fields.month > 12 || fields.day < 1 || fields.day > daysInMonth(fields.year, fields.month)) {
    throw new PyError("ValueError", "day is out of range for month");
  }
  if (fields.hour === 24 && fields.minute === 0 && fields.second === 0 && fields.microsecond === 0) {
    fields.hour = 0;
    return new PyDateTime(PyDateTime.fromFields(fields, offset).us + 86_400_000_000n, offset);
  }
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 59) throw new PyError("ValueError", "hour must be in 0..23");
  return PyDateTime.fromFields(fields, offset);
}
