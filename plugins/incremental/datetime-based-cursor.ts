import {
  ConfigError,
  clockMicroseconds,
  makeSlice,
  sliceCursor,
  slicePartition,
  type Clock,
  type DataRecord,
  type IncrementalCursor,
  type Logger,
  type OutgoingRequest,
  type RequestOption,
  type StreamSlice,
  type StreamSlicer,
} from "../../sdk/index.js";
import { NO_CLAMPING, type Clamping } from "./clamping.js";
import { CursorIntervals, type Interval } from "./cursor-intervals.js";
import { formatDatetime, parseDatetime } from "../../python/datetime-format.js";
import { PyDateTime } from "../../python/datetime.js";
import type { IsoDuration } from "../../python/iso-duration.js";
import type { MinMaxDatetime } from "./min-max-datetime.js";
import { PerPartitionCursor } from "./per-partition-cursor.js";
import { sliceWindows } from "./slice-windows.js";
import { isJsonObject } from "../../pure/json-object.js";

/** What a {@link DatetimeBasedCursor} is made of (all templates already evaluated). */
interface DatetimeBasedCursorParts {
  cursorField: string;
  /** How slice bounds and the state are written (`datetime_format`). */
  datetimeFormat: string;
  /** How record values and saved state are read: `cursor_datetime_formats`, then `datetime_format`. */
  inputFormats: readonly string[];
  start: MinMaxDatetime;
  end?: MinMaxDatetime;
  /**
   * The slice length (`step`) and `lookback_window`, evaluated from the config when the first read needs
   * them (a config that leaves them empty still builds, so `spec`, `check` and `discover` work).
   */
  durations(): { step?: IsoDuration; lookback?: IsoDuration };
  granularity?: IsoDuration;
  /** The slice keys of the window bounds (`partition_field_start`/`_end`, default start_time/end_time). */
  startField: string;
  endField: string;
  startOption?: RequestOption;
  endOption?: RequestOption;
  /** Drop records outside the sync window (`is_client_side_incremental`, `is_data_feed`). */
  filterRecords: boolean;
  /** `is_data_feed`: a slice's pagination stops after a page whose last record is outside the window. */
  dataFeed?: boolean;
  clamping?: Clamping;
  /** The end-of-window adjustment that comes with clamping (the kit's ClampingEndProvider). */
  clampEnd?: (end: PyDateTime) => PyDateTime;
  /** `global_substream_cursor: true`: one state for a partitioned stream instead of one per partition. */
  globalSubstreamCursor?: boolean;
  clock: Clock;
  logger?: Logger;
  stream?: string;
  path: string;
}

/** The kit's marker of a concurrent-format state (`{"state_type": "date-range", "slices": [...]}`). */
const CONCURRENT_STATE_TYPES = ["date-range", "integer"];

/**
 * An incremental cursor over a datetime field (the kit's `DatetimeBasedCursor`, run the way the kit
 * runs it today: its concurrent cursor). It cuts the sync window into slices, injects each slice's
 * bounds into the request, notes the highest cursor value read in each slice, and after every slice
 * gives the state `{<cursor_field>: <value in datetime_format>}` that the next sync starts from.
 *
 * @example
 * incremental_sync:
 *   type: DatetimeBasedCursor
 *   cursor_field: updated_at
 *   datetime_format: "%Y-%m-%dT%H:%M:%SZ"
 *   start_datetime: "{{ config['start_date'] }}"
 *   step: P1D
 *   cursor_granularity: PT1S
 *   start_time_option: { type: RequestOption, inject_into: request_parameter, field_name: updated_since }
 *   end_time_option: { type: RequestOption, inject_into: request_parameter, field_name: updated_before }
 */
export class DatetimeBasedCursor implements IncrementalCursor {
  readonly cursorField: string;
  private readonly parts: DatetimeBasedCursorParts;
  private intervals?: CursorIntervals;
  private legacy: Record<string, unknown> = {};
  /** The earliest cursor value this sync keeps (the saved cursor, or the start): the client-side filter's floor. */
  private syncStart?: PyDateTime;
  private windows?: Array<[string, string]>;
  private mostRecent = new Map<StreamSlice, PyDateTime>();
  /** Windows closed for one partition of a partition router: they count once the whole read is done. */
  private pending: Interval[] = [];
  private warned = false;
  /** A data feed's stop condition (see {@link StreamSlicer.stopsPagination}); absent otherwise. */
  readonly stopsPagination?: (slice: StreamSlice, lastRecord: DataRecord) => boolean;

  constructor(parts: DatetimeBasedCursorParts) {
    this.parts = parts;
    this.cursorField = parts.cursorField;
    if (parts.dataFeed) this.stopsPagination = (slice, lastRecord) => !this.shouldSync(slice, lastRecord);
  }

  setState(state: Record<string, unknown> | undefined): void {
    const start = this.parts.start.get();
    this.mostRecent = new Map();
    this.pending = [];
    this.windows = undefined;
    // The kit's global-cursor state of a partitioned stream (`{"use_global_cursor": true, "state": {...}}`).
    const outer = state ?? {};
    const saved = !(this.cursorField in outer) && isJsonObject(outer.state) ? outer.state : outer;
    if (CONCURRENT_STATE_TYPES.includes(String(saved.state_type)) && Array.isArray(saved.slices) && saved.slices.length > 0) {
      const ranges = (saved.slices as Array<Record<string, unknown>>).map((s) => this.savedInterval(s));
      this.syncStart = ranges[0]!.mostRecent ?? ranges[0]!.end;
      this.legacy = { ...((saved.legacy as Record<string, unknown> | undefined) ?? {}) };
      this.intervals = new CursorIntervals(ranges, this.parts.granularity);
      return;
    }
    const savedValue = this.cursorField in saved ? this.parseState(saved[this.cursorField]) : undefined;
    this.syncStart = savedValue && savedValue.compare(start) >= 0 ? savedValue : start;
    // A per-partition state (the kit's `{"states": [...], "state": ...}`) is not carried over.
    this.legacy = Array.isArray(saved.states) ? {} : { ...saved };
    this.intervals = new CursorIntervals([{ start, end: this.syncStart, mostRecent: this.syncStart }], this.parts.granularity);
  }

  async *slices(): AsyncGenerator<StreamSlice> {
    if (!this.intervals) this.setState(undefined);
    // With a partition router the windows are read once per partition: cut them once per sync.
    this.windows ??= [...sliceWindows(this.intervals!.ranges, this.windowOptions())].map(([from, to]) => [this.format(from), this.format(to)]);
    for (const [from, to] of this.windows) yield makeSlice({}, { [this.parts.startField]: from, [this.parts.endField]: to });
  }

  applyToRequest(request: OutgoingRequest, slice: StreamSlice): void {
    const start = slice[this.parts.startField];
    const end = slice[this.parts.endField];
    if (this.parts.startOption && start !== undefined) this.parts.startOption.inject(request, start);
    if (this.parts.endOption && end !== undefined) this.parts.endOption.inject(request, end);
  }

  shouldSync(_slice: StreamSlice, record: DataRecord): boolean {
    if (!this.parts.filterRecords) return true;
    const value = this.recordValue(record);
    return value === undefined || this.withinWindow(value);
  }

  observe(slice: StreamSlice, record: DataRecord): boolean {
    const value = this.recordValue(record);
    if (value === undefined) return true;
    const previous = this.mostRecent.get(slice);
    if (!previous || previous.isBefore(value)) this.mostRecent.set(slice, value);
    return true;
  }

  closeSlice(slice: StreamSlice): void {
    if (!this.intervals) this.setState(undefined);
    const bounds = sliceCursor(slice);
    const interval: Interval = {
      start: this.parseState(bounds[this.parts.startField] ?? slice[this.parts.startField]),
      end: this.parseState(bounds[this.parts.endField] ?? slice[this.parts.endField]),
      mostRecent: this.mostRecent.get(slice),
    };
    this.mostRecent.delete(slice);
    // With a partition router every partition reads the same windows: a window is synced only when the
    // last partition has read it, which is known at the end of the read. Until then the state stays put,
    // so a failed sync never skips a window some partition has not read.
    if (Object.keys(slicePartition(slice)).length > 0 && slicePartition(slice) !== slice) this.pending.push(interval);
    else this.intervals!.add(interval);
  }

  finish(): void {
    for (const interval of this.pending) this.intervals?.add(interval);
    this.pending = [];
  }

  state(): Record<string, unknown> {
    if (!this.intervals) this.setState(undefined);
    return { ...this.legacy, [this.cursorField]: this.format(this.intervals!.latestComplete()) };
  }

  /** A fresh cursor with the same configuration and no state: one partition's cursor (see PerPartitionCursor). */
  fork(): DatetimeBasedCursor {
    return new DatetimeBasedCursor(this.parts);
  }

  /** Whether a partitioned stream keeps one state per partition (false with `global_substream_cursor: true`). */
  get perPartition(): boolean {
    return this.parts.globalSubstreamCursor !== true;
  }

  /** One cursor per partition of `router`, unless `global_substream_cursor: true` keeps one for all. */
  forPartitions(router: StreamSlicer): PerPartitionCursor | undefined {
    return this.perPartition ? new PerPartitionCursor(router, this) : undefined;
  }

  /** The stream this cursor belongs to ("" when unknown), for messages. */
  get streamName(): string {
    return this.parts.stream ?? "";
  }

  /** Logs a warning about this cursor's stream. */
  warn(message: string): void {
    this.parts.logger?.warn(message);
  }

  /** Now, in epoch milliseconds, from the Clock service. */
  now(): number {
    return this.parts.clock.now();
  }

  /** The cursor value of a state `{<cursor_field>: value}`, or undefined when it has none (an unreadable value throws). */
  stateValue(state: Record<string, unknown> | undefined): PyDateTime | undefined {
    const raw = state?.[this.cursorField];
    return raw === undefined || raw === null ? undefined : this.parseState(raw);
  }

  /**
   * A state `{<cursor_field>: value}` moved back by `seconds` (the kit's runtime lookback: a new
   * partition starts from the global cursor minus the previous sync's duration); unchanged when it has no value.
   */
  stateMinusSeconds(state: Record<string, unknown>, seconds: number): Record<string, unknown> {
    const value = this.stateValue(state);
    if (!value || seconds <= 0) return state;
    return { ...state, [this.cursorField]: this.format(new PyDateTime(value.us - BigInt(seconds) * 1_000_000n, value.offset)) };
  }

  /** The end of the sync window: `end_datetime`, else now (clamped down when clamping is set). */
  private end(): PyDateTime {
    const end = this.parts.end ? this.parts.end.get() : new PyDateTime(clockMicroseconds(this.parts.clock));
    return this.parts.clampEnd ? this.parts.clampEnd(end) : end;
  }

  private windowOptions() {
    const { step, lookback } = this.parts.durations();
    return {
      start: this.parts.start.get(),
      step,
      granularity: this.parts.granularity,
      lookback,
      clamping: this.parts.clamping ?? NO_CLAMPING,
      end: () => this.end(),
    };
  }

  /** Whether the record carries a cursor value this cursor can read (no warning: `observe` gives it). */
  hasCursorValue(record: DataRecord): boolean {
    const raw = record[this.cursorField];
    return raw !== undefined && raw !== null && this.tryParse(raw) !== undefined;
  }

  /** The kit's `should_be_synced`: between the saved cursor (or start) and the end of the window, bounds included. */
  private withinWindow(value: PyDateTime): boolean {
    return !value.isBefore(this.syncStart ?? this.parts.start.get()) && !this.end().isBefore(value);
  }

  /** The record's cursor value, or undefined (with one warning per read) when it is missing or unreadable. */
  private recordValue(record: DataRecord): PyDateTime | undefined {
    const raw = record[this.cursorField];
    if (raw !== undefined && raw !== null) {
      const value = this.tryParse(raw);
      if (value) return value;
    }
    if (!this.warned) {
      this.warned = true;
      this.parts.logger?.warn(`Could not find cursor field \`${this.cursorField}\` in record for stream ${this.parts.stream ?? ""}. The incremental sync will assume it needs to be synced`);
    }
    return undefined;
  }

  private tryParse(raw: unknown): PyDateTime | undefined {
    for (const format of this.parts.inputFormats) {
      try {
        return parseDatetime(raw, format);
      } catch {
        // the kit tries each format in turn
      }
    }
    return undefined;
  }

  private parseState(raw: unknown): PyDateTime {
    const value = this.tryParse(raw);
    if (value) return value;
    throw new ConfigError("INCREMENTAL_STATE_INVALID", `The saved cursor value ${JSON.stringify(raw)} of '${this.cursorField}' matches none of the cursor's datetime formats`, {
      where: { manifestPath: this.parts.path, stream: this.parts.stream },
      expected: `a value in one of: ${this.parts.inputFormats.join(", ")}`,
      found: JSON.stringify(raw) ?? "nothing",
    });
  }

  private savedInterval(slice: Record<string, unknown>): Interval {
    return {
      start: this.parseState(slice.start),
      end: this.parseState(slice.end),
      mostRecent: slice.most_recent_cursor_value === undefined || slice.most_recent_cursor_value === null ? undefined : this.parseState(slice.most_recent_cursor_value),
    };
  }

  private format(value: PyDateTime): string {
    return formatDatetime(value, this.parts.datetimeFormat);
  }
}

