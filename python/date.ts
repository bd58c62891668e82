/**
 * Python's `date` as a value (renders `2021-09-01`), kept as days since 1970-01-01.
 *
 * @example
 * PyDate.of({ year: 2024, month: 1, day: 31 }).pyAdd(new PyDuration(0, 1, new PyTimedelta(0))); // 2024-02-29
 */
import { civilFromDays, daysFromCivil, shiftMonths, weekdayOfDays, type DateFields } from "./calendar.js";
import { strftime } from "./strftime.js";
import { PyDuration, PyTimedelta, US_PER_DAY } from "./timedelta.js";
import { BoundMethod } from "./values.js";

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export class PyDate {
  readonly pyType = "date";
  constructor(readonly days: number) {}

  /** The date of a year, month and day. */
  static of(date: { year: number; month: number; day: number }): PyDate {
    return new PyDate(daysFromCivil(date.year, date.month, date.day));
  }

  fields(): DateFields {
    return { ...civilFromDays(this.days), hour: 0, minute: 0, second: 0, microsecond: 0, weekday: weekdayOfDays(this.days) };
  }
  strftime(format: string): string {
    return strftime(this.fields(), format, { offset: null, wallSeconds: this.days * 86_400 });
  }
  pyStr(): string { const f = this.fields(); return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`; }
  pyRepr(): string { const f = this.fields(); return `datetime.date(${f.year}, ${f.month}, ${f.day})`; }
  pyFormat(spec: string): string { return spec ? this.strftime(spec) : this.pyStr(); }
  pyEq(other: unknown): boolean { return other instanceof PyDate && other.days === this.days; }
  pyCompare(other: unknown): number | undefined { return other instanceof PyDate ? Math.sign(this.days - other.days) : undefined; }
  pyAdd(other: unknown): unknown {
    if (other instanceof PyTimedelta) return new PyDate(this.days + other.days);
    if (other instanceof PyDuration) return new PyDate(PyDate.of(shiftMonths(this.fields(), other.years * 12 + other.months)).days + other.delta.days);
    return undefined;
  }
  pyRadd(other: unknown): unknown { return this.pyAdd(other); }
  pySub(other: unknown): unknown {
    if (other instanceof PyTimedelta || other instanceof PyDuration) return this.pyAdd(other.pyNeg());
    if (other instanceof PyDate) return new PyTimedelta((this.days - other.days) * US_PER_DAY);
    return undefined;
  }
  pyAttr(name: string): unknown {
    const f = this.fields();
    const method = (impl: () => unknown) => new BoundMethod(this, name, () => impl());
    switch (name) {
      case "year": case "month": case "day": return f[name];
      case "strftime": return new BoundMethod(this, name, (_s, [format]) => this.strftime(String(format)));
      case "isoformat": return method(() => this.pyStr());
      case "weekday": return method(() => f.weekday);
      case "isoweekday": return method(() => f.weekday + 1);
    }
    return undefined;
  }
}
