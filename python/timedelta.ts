/**
 * Python's `timedelta` and isodate's `Duration` as values: they render like Python (`1 day, 0:00:00`),
 * add, subtract and compare, and expose `.days`, `.seconds`, `.total_seconds()`.
 */
import { BoundMethod, makeFloat, numeric, PyFloat } from "./values.js";

export const US_PER_DAY = 86_400_000_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/**
 * Python's `timedelta`, kept as a whole number of microseconds.
 *
 * @example
 * new PyTimedelta(86_400_000_000).pyStr(); // "1 day, 0:00:00"
 */
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
      case "total_seconds": return new BoundMethod(this, name, () => makeFloat(this.us / 1e6));
    }
    return undefined;
  }
}

/**
 * isodate's `Duration`: years and months (calendar units) plus a timedelta. Adding one to a datetime or
 * date is done by the datetime or date.
 *
 * @example
 * new PyDuration(0, 1, new PyTimedelta(0)).pyStr(); // "1 month, 0:00:00"
 */
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
  pyAdd(other: unknown): unknown {
    return typeof other === "object" && other !== null && "pyAdd" in other && (other as { pyType?: string }).pyType?.startsWith("date")
      ? (other as { pyAdd(d: unknown): unknown }).pyAdd(this)
      : undefined;
  }
  pyRadd(other: unknown): unknown { return this.pyAdd(other); }
}
