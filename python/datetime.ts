/**
 * Python's `datetime`: the one datetime model of Sluice. Templates use it as a value (it renders like
 * Python, `2021-09-01 00:00:00+00:00`, supports `+`/`-`/comparisons and the attributes manifests use:
 * `.year`, `.strftime()`, `.isoformat()`, `.timestamp()`, `.date()`), and the incremental cursor does its
 * window arithmetic with it. An instant is kept as exact BigInt microseconds since the epoch, so `%f`
 * and `%epoch_microseconds` round-trip for every year from 1 to 9999; the offset is fixed minutes, or
 * `null` for a naive value, which counts as UTC (the machine zone of the kit's containers).
 *
 * @example
 * const start = PyDateTime.fromFields({ year: 2024, month: 1, day: 31 });
 * start.plus(parseIsoDuration("P1M")!)!.fields().day; // 29 (the month's last day, as isodate)
 * start.strftime("%Y-%m-%d");                          // "2024-01-31"
 */
import { civilFromDays, daysFromCivil, shiftMonths, weekdayOfDays, type DateFields } from "./calendar.js";
import { PyDate } from "./date.js";
import type { IsoDuration } from "./iso-duration.js";
import { strftime } from "./strftime.js";
import { PyDuration, PyTimedelta } from "./timedelta.js";
import { BoundMethod, makeFloat, numeric, PyError } from "./values.js";

const US_PER_SECOND = 1_000_000n;
const US_PER_MINUTE = 60n * US_PER_SECOND;
const US_PER_DAY = 86_400n * US_PER_SECOND;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Calendar fields with Python's defaults for what is missing (January 1, midnight). */
export type FieldsInput = Partial<Omit<DateFields, "weekday">> & { year: number };

export class PyDateTime {
  readonly pyType = "datetime";
  private cached?: DateFields;

  /**
   * @param us microseconds since 1970-01-01T00:00:00Z (for a naive value: of its wall clock read as UTC)
   * @param offset the UTC offset in minutes, `null` for a naive value
   */
  constructor(readonly us: bigint, readonly offset: number | null = 0) {}

  /** A datetime from calendar fields read in `offset` (missing fields as Python's defaults). */
  static fromFields(fields: FieldsInput, offset: number | null = 0): PyDateTime {
    const days = daysFromCivil(fields.year, fields.month ?? 1, fields.day ?? 1);
    const seconds = BigInt((fields.hour ?? 0) * 3600 + (fields.minute ?? 0) * 60 + (fields.second ?? 0));
    const local = BigInt(days) * US_PER_DAY + seconds * US_PER_SECOND + BigInt(fields.microsecond ?? 0);
    return new PyDateTime(local - BigInt(offset ?? 0) * US_PER_MINUTE, offset);
  }

  /** An aware UTC datetime for an instant in epoch microseconds. */
  static utc(epochUs: number | bigint): PyDateTime {
    return new PyDateTime(BigInt(epochUs), 0);
  }

  /** The offset in minutes (0 for a naive value). */
  get offsetMinutes(): number { return this.offset ?? 0; }
  /** Epoch microseconds as a number (exact up to about year 2255; use `us` for exact arithmetic). */
  get epochUs(): number { return Number(this.us); }
  /** Wall-clock microseconds: the fields read as if they were UTC. */
  get wallUs(): bigint { return this.us + BigInt(this.offsetMinutes) * US_PER_MINUTE; }

  /** The calendar fields in this value's offset. */
  fields(): DateFields {
    if (this.cached) return this.cached;
    const local = this.wallUs;
    let days = local / US_PER_DAY;
    let rest = local % US_PER_DAY;
    if (rest < 0n) {
      rest += US_PER_DAY;
      days -= 1n;
    }
    const { year, month, day } = civilFromDays(Number(days));
    const seconds = Number(rest / US_PER_SECOND);
    this.cached = {
      year, month, day,
      hour: Math.floor(seconds / 3600),
      minute: Math.floor((seconds % 3600) / 60),
      second: seconds % 60,
      microsecond: Number(rest % US_PER_SECOND),
      weekday: weekdayOfDays(Number(days)),
    };
    return this.cached;
  }

  /** Seconds since the epoch as Python's `datetime.timestamp()` gives them (a float). */
  timestamp(): number {
    return Number(this.us) / 1e6;
  }

  /**
   * Adds (or with `sign` -1 subtracts) an ISO 8601 duration as isodate does: years and months first
   * (the day clamped to the month's length), then the exact part. Undefined when the result leaves
   * Python's datetime range (years 1 to 9999), where Python raises OverflowError.
   */
  plus(duration: IsoDuration, sign: 1 | -1 = 1): PyDateTime | undefined {
    let value: PyDateTime = this;
    const months = sign * (duration.years * 12 + duration.months);
    if (months !== 0) {
      const f = this.fields();
      const shifted = shiftMonths(f, months);
      if (shifted.year < 1 || shifted.year > 9999) return undefined;
      value = PyDateTime.fromFields({ ...f, ...shifted }, this.offset);
    }
    const result = new PyDateTime(value.us + BigInt(sign) * duration.us, this.offset);
    const year = result.fields().year;
    return year < 1 || year > 9999 ? undefined : result;
  }

  /** The same instant shown in another offset. */
  withOffset(offsetMinutes: number): PyDateTime {
    return new PyDateTime(this.us, offsetMinutes);
  }

  /** This value if aware; a naive one becomes UTC with the same wall clock (the kit's `replace(tzinfo=utc)`). */
  assumeUtc(): PyDateTime {
    return this.offset === null ? new PyDateTime(this.us, 0) : this;
  }

  /** A copy with some calendar fields replaced, in this value's offset (Python's `datetime.replace`). */
  replace(fields: Partial<DateFields>, offset: number | null = this.offset): PyDateTime {
    return PyDateTime.fromFields({ ...this.fields(), ...fields }, offset);
  }

  /** Negative, zero or positive as this instant is before, at or after `other` (offsets do not matter). */
  compare(other: PyDateTime): number {
    return this.us < other.us ? -1 : this.us > other.us ? 1 : 0;
  }

  /** True when this instant is strictly before `other`. */
  isBefore(other: PyDateTime): boolean {
    return this.us < other.us;
  }

  /** The later of two values (the first on a tie, as Python's `max`). */
  static max(a: PyDateTime, b: PyDateTime): PyDateTime {
    return b.us > a.us ? b : a;
  }

  /** The earlier of two values (the first on a tie, as Python's `min`). */
  static min(a: PyDateTime, b: PyDateTime): PyDateTime {
    return b.us < a.us ? b : a;
  }

  /** ISO text in UTC with microseconds, for messages. */
  toString(): string {
    const f = this.withOffset(0).fields();
    return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}.${pad(f.microsecond, 6)}Z`;
  }

  /** Python's `strftime` (glibc directives). */
  strftime(format: string): string {
    const wall = this.wallUs;
    const wallSeconds = Number(wall / US_PER_SECOND - (wall % US_PER_SECOND < 0n ? 1n : 0n));
    return strftime(this.fields(), format, { offset: this.offset, wallSeconds });
  }

  /**
   * Python's `isoformat(sep="T", timespec="auto")`: `auto` shows microseconds only when non-zero; `hours`,
   * `minutes`, `seconds`, `milliseconds`, `microseconds` fix the precision; the offset only when aware.
   */
  isoformat(sep = "T", timespec = "auto"): string {
    const f = this.fields();
    const date = `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
    const spec = timespec === "auto" ? (f.microsecond ? "microseconds" : "seconds") : timespec;
    const seconds = `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`;
    const times: Record<string, string> = {
      hours: pad(f.hour),
      minutes: `${pad(f.hour)}:${pad(f.minute)}`,
      seconds,
      milliseconds: `${seconds}.${pad(Math.floor(f.microsecond / 1000), 3)}`,
      microseconds: `${seconds}.${pad(f.microsecond, 6)}`,
    };
    if (!Object.hasOwn(times, spec)) throw new PyError("ValueError", "Unknown timespec value");
    return `${date}${sep}${times[spec]}${this.offset === null ? "" : offsetText(this.offset)}`;
  }

  /** The date part (Python's `.date()`). */
  date(): PyDate {
    const f = this.fields();
    return PyDate.of(f);
  }

  pyStr(): string { return this.isoformat(" "); }
  pyRepr(): string {
    const f = this.fields();
    const parts = [f.year, f.month, f.day, f.hour, f.minute, f.second, f.microsecond];
    if (parts[6] === 0) parts.pop();
    if (parts.length === 6 && parts[5] === 0) parts.pop();
    const zone = this.offset === null ? "" : this.offset === 0 ? ", tzinfo=datetime.timezone.utc" : `, tzinfo=datetime.timezone(${new PyTimedelta(this.offset * 60e6).pyRepr()})`;
    return `datetime.datetime(${parts.join(", ")}${zone})`;
  }
  pyFormat(spec: string): string { return spec ? this.strftime(spec) : this.pyStr(); }
  pyEq(other: unknown): boolean {
    return other instanceof PyDateTime && (other.offset === null) === (this.offset === null) && other.us === this.us;
  }
  pyCompare(other: unknown): number | undefined {
    if (!(other instanceof PyDateTime)) return undefined;
    if ((other.offset === null) !== (this.offset === null)) throw new PyError("TypeError", "can't compare offset-naive and offset-aware datetimes");
    return this.compare(other);
  }
  pyAdd(other: unknown): unknown {
    if (other instanceof PyTimedelta) return new PyDateTime(this.us + BigInt(other.us), this.offset);
    if (other instanceof PyDuration) {
      const result = this.plus({ years: other.years, months: other.months, us: BigInt(other.delta.us) });
      if (!result) throw new PyError("OverflowError", "date value out of range");
      return result;
    }
    return undefined;
  }
  pyRadd(other: unknown): unknown { return this.pyAdd(other); }
  pySub(other: unknown): unknown {
    if (other instanceof PyTimedelta || other instanceof PyDuration) return this.pyAdd(other.pyNeg());
    if (other instanceof PyDateTime) {
      if ((other.offset === null) !== (this.offset === null)) throw new PyError("TypeError", "can't subtract offset-naive and offset-aware datetimes");
      return new PyTimedelta(Number(this.us - other.us));
    }
    return undefined;
  }
  pyAttr(name: string): unknown {
    const f = this.fields();
    const method = (impl: (args: unknown[], kwargs: Record<string, unknown>) => unknown) => new BoundMethod(this, name, (_s, a, k) => impl(a, k));
    switch (name) {
      case "year": case "month": case "day": case "hour": case "minute": case "second": case "microsecond": return f[name];
      case "strftime": return method(([format]) => this.strftime(String(format)));
      case "isoformat": return method(([sep, timespec], kw) => this.isoformat(String(sep ?? kw.sep ?? "T"), String(timespec ?? kw.timespec ?? "auto")));
      case "timestamp": return method(() => makeFloat(this.epochUs / 1e6));
      case "date": return method(() => this.date());
      case "weekday": return method(() => f.weekday);
      case "isoweekday": return method(() => f.weekday + 1);
      case "astimezone": return method(() => this.withOffset(0));
      case "replace": return method((_a, kw) => this.replaced(kw));
    }
    return undefined;
  }
  private replaced(kw: Record<string, unknown>): PyDateTime {
    const f = { ...this.fields() };
    for (const key of ["year", "month", "day", "hour", "minute", "second", "microsecond"] as const) {
      if (kw[key] !== undefined) f[key] = numeric(kw[key]);
    }
    return PyDateTime.fromFields(f, Object.hasOwn(kw, "tzinfo") && kw.tzinfo === null ? null : this.offset);
  }
}
