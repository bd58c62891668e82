/**
 * Python's `datetime`, `date`, `timedelta` and isodate's `Duration` as template values: they render like
 * Python (`2021-09-01 00:00:00+00:00`, `1 day, 0:00:00`), support `+`/`-`/comparisons, and expose the
 * attributes and methods manifests use (`.year`, `.strftime()`, `.isoformat()`, `.timestamp()`, `.date()`).
 * Calendar arithmetic is done with luxon; instants are kept as microseconds.
 */
import { DateTime } from "luxon";
import { strftime, type DateFields } from "./py-strftime.js";
import { BoundMethod, makeFloat, numeric, PyError, PyFloat } from "./py-values.js";

const US_PER_DAY = 86_400_000_000;

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ":" : ""}${pad(abs % 60)}`;
}

type Method = (self: never, args: unknown[], kwargs: Record<string, unknown>) => unknown;

function method(self: unknown, name: string, impl: Method): BoundMethod {
  return new BoundMethod(self, name, impl);
}

/** Python's `timedelta`, kept as a whole number of microseconds. */
export class PyTimedelta {
  readonly pyType = "timedelta";
  constructor(readonly us: number) {}

  get days(): number { return Math.floor(this.us / US_PER_DAY); }

  pyStr(): string {
    const days = this.days;
    const rest = this.us - days * US_PER_DAY;
    const secs = Math.floor(rest / 1e6);
    const micro = rest - secs * 1e6;
    const clock = `${Math.floor(secs / 3600)}:${pad(Math.floor(secs / 60) % 60)}:${pad(secs % 60)}${micro ? `.${pad(micro, 6)}` : ""}`;
    return days ? `${days} day${Math.abs(days) === 1 ? "" : "s"}, ${clock}` : clock;
  }
  pyRepr(): string {
    const rest = this.us - this.days * US_PER_DAY;
    const parts: string[] = [];
    if (this.days) parts.push(`days=${this.days}`);
    if (Math.floor(rest / 1e6)) parts.push(`seconds=${Math.floor(rest / 1e6)}`);
    if (rest % 1e6) parts.push(`microseconds=${rest % 1e6}`);
    return `datetime.timedelta(${parts.length ? parts.join(", ") : "0"})`;
  }
  pyEq(other: unknown): boolean { return other instanceof PyTimedelta && other.us === this.us; }
  pyCompare(other: unknown): number | undefined { return other instanceof PyTimedelta ? Math.sign(this.us - other.us) : undefined; }
  pyAdd(other: unknown): unknown { return other instanceof PyTimedelta ? new PyTimedelta(this.us + other.us) : undefined; }
  pySub(other: unknown): unknown { return other instanceof PyTimedelta ? new PyTimedelta(this.us - other.us) : undefined; }
  pyMul(other: unknown): unknown {
    return typeof other === "number" || other instanceof PyFloat ? new PyTimedelta(Math.round(this.us * numeric(other))) : undefined;
  }
  pyNeg(): unknown { return new PyTimedelta(-this.us); }
  pyAttr(name: string): unknown {
    const rest = this.us - this.days * US_PER_DAY;
    switch (name) {
      case "days": return this.days;
      case "seconds": return Math.floor(rest / 1e6);
      case "microseconds": return rest % 1e6;
      case "total_seconds": return method(this, name, () => makeFloat(this.us / 1e6));
    }
    return undefined;
  }
}

/** isodate's `Duration`: years and months (calendar units) plus a timedelta. */
export class PyDuration {
  readonly pyType = "Duration";
  constructor(readonly years: number, readonly months: number, readonly delta: PyTimedelta) {}

  pyStr(): string {
    const parts: string[] = [];
    if (this.years) parts.push(`${this.years} years`);
    if (this.months) parts.push(`${this.months} month${this.months <= 1 ? "" : "s"}`);
    parts.push(this.delta.pyStr());
    return parts.join(", ");
  }
  pyRepr(): string { return `isodate.duration.Duration(${this.delta.days}, 0, 0, years=${this.years}, months=${this.months})`; }
  pyEq(other: unknown): boolean {
    return other instanceof PyDuration && other.years === this.years && other.months === this.months && other.delta.us === this.delta.us;
  }
  pyNeg(): unknown { return new PyDuration(-this.years, -this.months, new PyTimedelta(-this.delta.us)); }
  pyAdd(other: unknown): unknown { return other instanceof PyDateTime || other instanceof PyDate ? other.pyAdd(this) : undefined; }
  pyRadd(other: unknown): unknown { return this.pyAdd(other); }
}

function wallFromFields(f: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number; microsecond?: number }): number {
  const ms = Date.UTC(f.year, f.month - 1, f.day, f.hour ?? 0, f.minute ?? 0, f.second ?? 0);
  const d = new Date(ms);
  if (f.year < 100) d.setUTCFullYear(f.year);
  return d.getTime() * 1000 + (f.microsecond ?? 0);
}

function fieldsFromWall(wallUs: number): DateFields {
  const ms = Math.floor(wallUs / 1000);
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(),
    minute: d.getUTCMinutes(), second: d.getUTCSeconds(), microsecond: mod(wallUs, 1e6), weekday: (d.getUTCDay() + 6) % 7,
  };
}

function addMonths(wallUs: number, months: number): number {
  const f = fieldsFromWall(wallUs);
  const shifted = DateTime.utc(f.year, f.month, 1).plus({ months });
  const day = Math.min(f.day, shifted.daysInMonth ?? 28);
  return wallFromFields({ ...f, year: shifted.year, month: shifted.month, day });
}

/** Python's `datetime`: wall-clock microseconds plus a UTC offset in minutes (`null` when naive). */
export class PyDateTime {
  readonly pyType = "datetime";
  constructor(readonly wallUs: number, readonly offset: number | null) {}

  /** A UTC datetime for an instant in epoch microseconds. */
  static utc(epochUs: number): PyDateTime {
    return new PyDateTime(epochUs, 0);
  }

  /** A datetime from its fields. */
  static of(fields: Parameters<typeof wallFromFields>[0], offset: number | null): PyDateTime {
    return new PyDateTime(wallFromFields(fields), offset);
  }

  get fields(): DateFields { return fieldsFromWall(this.wallUs); }
  /** Epoch microseconds (a naive datetime counts as UTC, the machine zone of the kit's containers). */
  get epochUs(): number { return this.wallUs - (this.offset ?? 0) * 60e6; }

  strftime(format: string): string {
    return strftime(this.fields, format, { offset: this.offset, epochSeconds: Math.floor(this.wallUs / 1e6) });
  }
  /** Python's `isoformat(sep="T", timespec="auto")`: `timespec` is auto, hours, minutes, seconds, milliseconds or microseconds. */
  isoformat(sep = "T", timespec = "auto"): string {
    const f = this.fields;
    const date = `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
    const spec = timespec === "auto" ? (f.microsecond ? "microseconds" : "seconds") : timespec;
    const times: Record<string, string> = {
      hours: pad(f.hour),
      minutes: `${pad(f.hour)}:${pad(f.minute)}`,
      seconds: `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`,
      milliseconds: `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}.${pad(Math.floor(f.microsecond / 1000), 3)}`,
      microseconds: `${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}.${pad(f.microsecond, 6)}`,
    };
    const time = Object.hasOwn(times, spec) ? times[spec] : undefined;
    if (time === undefined) throw new PyError("ValueError", "Unknown timespec value");
    return `${date}${sep}${time}${this.offset === null ? "" : offsetText(this.offset, true)}`;
  }
  pyStr(): string { return this.isoformat(" "); }
  pyRepr(): string {
    const f = this.fields;
    const parts = [f.year, f.month, f.day, f.hour, f.minute, f.second, f.microsecond];
    if (parts[6] === 0) parts.pop();
    if (parts.length === 6 && parts[5] === 0) parts.pop();
    const zone = this.offset === null ? "" : this.offset === 0 ? ", tzinfo=datetime.timezone.utc" : `, tzinfo=datetime.timezone(${new PyTimedelta(this.offset * 60e6).pyRepr()})`;
    return `datetime.datetime(${parts.join(", ")}${zone})`;
  }
  pyFormat(spec: string): string { return spec ? this.strftime(spec) : this.pyStr(); }
  pyEq(other: unknown): boolean {
    return other instanceof PyDateTime && (other.offset === null) === (this.offset === null) && other.epochUs === this.epochUs;
  }
  pyCompare(other: unknown): number | undefined {
    if (!(other instanceof PyDateTime)) return undefined;
    if ((other.offset === null) !== (this.offset === null)) throw new PyError("TypeError", "can't compare offset-naive and offset-aware datetimes");
    return Math.sign(this.epochUs - other.epochUs);
  }
  pyAdd(other: unknown): unknown {
    if (other instanceof PyTimedelta) return new PyDateTime(this.wallUs + other.us, this.offset);
    if (other instanceof PyDuration) {
      const shifted = addMonths(this.wallUs, other.years * 12 + other.months);
      return new PyDateTime(shifted + other.delta.us, this.offset);
    }
    return undefined;
  }
  pyRadd(other: unknown): unknown { return this.pyAdd(other); }
  pySub(other: unknown): unknown {
    if (other instanceof PyTimedelta || other instanceof PyDuration) return this.pyAdd(other.pyNeg());
    if (other instanceof PyDateTime) {
      if ((other.offset === null) !== (this.offset === null)) throw new PyError("TypeError", "can't subtract offset-naive and offset-aware datetimes");
      return new PyTimedelta(this.epochUs - other.epochUs);
    }
    return undefined;
  }
  pyAttr(name: string): unknown {
    const f = this.fields;
    switch (name) {
      case "year": case "month": case "day": case "hour": case "minute": case "second": case "microsecond": return f[name];
      case "strftime": return method(this, name, (_s, [format]) => this.strftime(String(format)));
      case "isoformat": return method(this, name, (_s, [sep, timespec], kw) => this.isoformat(String(sep ?? kw.sep ?? "T"), String(timespec ?? kw.timespec ?? "auto")));
      case "timestamp": return method(this, name, () => makeFloat(this.epochUs / 1e6));
      case "date": return method(this, name, () => new PyDate(Math.floor(this.wallUs / US_PER_DAY) * US_PER_DAY));
      case "weekday": return method(this, name, () => f.weekday);
      case "isoweekday": return method(this, name, () => f.weekday + 1);
      case "astimezone": return method(this, name, () => PyDateTime.utc(this.epochUs));
      case "replace": return method(this, name, (_s, _a, kw) => this.replaced(kw));
    }
    return undefined;
  }
  private replaced(kw: Record<string, unknown>): PyDateTime {
    const f = { ...this.fields };
    for (const key of ["year", "month", "day", "hour", "minute", "second", "microsecond"] as const) {
      if (kw[key] !== undefined) f[key] = numeric(kw[key]);
    }
    return PyDateTime.of(f, Object.hasOwn(kw, "tzinfo") && kw.tzinfo === null ? null : this.offset);
  }
}

/** Python's `date` (renders `2021-09-01`). */
export class PyDate {
  readonly pyType = "date";
  constructor(readonly wallUs: number) {}

  get fields(): DateFields { return fieldsFromWall(this.wallUs); }
  strftime(format: string): string {
    return strftime(this.fields, format, { offset: null, epochSeconds: Math.floor(this.wallUs / 1e6) });
  }
  pyStr(): string { const f = this.fields; return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`; }
  pyRepr(): string { return `datetime.date(${this.fields.year}, ${this.fields.month}, ${this.fields.day})`; }
  pyFormat(spec: string): string { return spec ? this.strftime(spec) : this.pyStr(); }
  pyEq(other: unknown): boolean { return other instanceof PyDate && other.wallUs === this.wallUs; }
  pyCompare(other: unknown): number | undefined { return other instanceof PyDate ? Math.sign(this.wallUs - other.wallUs) : undefined; }
  pyAdd(other: unknown): unknown {
    if (other instanceof PyTimedelta) return new PyDate(this.wallUs + other.days * US_PER_DAY);
    if (other instanceof PyDuration) return new PyDate(addMonths(this.wallUs, other.years * 12 + other.months) + other.delta.days * US_PER_DAY);
    return undefined;
  }
  pyRadd(other: unknown): unknown { return this.pyAdd(other); }
  pySub(other: unknown): unknown {
    if (other instanceof PyTimedelta || other instanceof PyDuration) return this.pyAdd(other.pyNeg());
    if (other instanceof PyDate) return new PyTimedelta(this.wallUs - other.wallUs);
    return undefined;
  }
  pyAttr(name: string): unknown {
    const f = this.fields;
    switch (name) {
      case "year": case "month": case "day": return f[name];
      case "strftime": return method(this, name, (_s, [format]) => this.strftime(String(format)));
      case "isoformat": return method(this, name, () => this.pyStr());
      case "weekday": return method(this, name, () => f.weekday);
      case "isoweekday": return method(this, name, () => f.weekday + 1);
    }
    return undefined;
  }
}
