import { countNoun } from "../../pure/count-noun.js";
import { monotonicMs } from "../../sdk/services/clock.js";
/** Where the progress line is drawn: a terminal (stderr). */
interface ProgressTerminal {
  write(text: string): unknown;
  columns?: number;
}

/** Options of {@link ReadProgress}. */
interface ReadProgressOptions {
  /** How many streams the read has. */
  streams: number;
  /** Least milliseconds between two redraws (default 250: at most 4 a second). */
  intervalMs?: number;
  /** Milliseconds, for rates (default `monotonicMs`). */
  now?: () => number;
}

/**
 * The live progress line of `sluice read` in a terminal: the streams being read, records (and the API's
 * total when the manifest says where to find it), pages, records per second and time so far, redrawn in
 * place on stderr at most 4 times a second. Other stderr lines go through {@link ReadProgress.print},
 * which clears the line first. The CLI creates it only when stderr is a terminal and logs are text.
 * (Hand-written: one line of ANSI `\r` + erase; a progress-bar library would add a dependency for that.)
 *
 * @example
 * const progress = new ReadProgress(process.stderr, { streams: 3 });
 * progress.streamStarted("users"); progress.page("users", 100); progress.records(100);
 * progress.finish(); // clears the line; the summary line follows
 */
export class ReadProgress {
  private readonly active = new Set<string>();
  private done = 0;
  private recordCount = 0;
  private pageCount = 0;
  private estimate = 0;
  private readonly started: number;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private shown = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly terminal: ProgressTerminal, private readonly options: ReadProgressOptions) {
    this.started = this.now();
    // Keeps the rate and the time moving while a slow page is in flight.
    this.timer = setInterval(() => this.draw(true), this.options.intervalMs ?? 250);
    this.timer.unref();
  }

  streamStarted(stream: string): void {
    this.active.add(stream);
    this.draw();
  }

  streamEnded(stream: string): void {
    this.active.delete(stream);
    this.done++;
    this.draw();
  }

  page(_stream: string, totalRecords?: number): void {
    this.pageCount++;
    if (totalRecords !== undefined) this.estimate += totalRecords;
    this.draw();
  }

  records(count: number): void {
    this.recordCount += count;
    this.draw();
  }

  /** Writes a line above the progress line. */
  print(text: string): void {
    this.clear();
    this.terminal.write(text);
    this.draw(true);
  }

  /** Stops redrawing and clears the line. */
  finish(): void {
    clearInterval(this.timer);
    this.clear();
  }

  /** The progress line's text (without escape codes). */
  line(): string {
    const seconds = (this.now() - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(this.recordCount / seconds) : 0;
    const streams = [...this.active].join(", ") || "-";
    const total = this.estimate > 0 ? ` of ~${this.estimate.toLocaleString("en-US")}` : "";
    // With a total the API announced and a rate to go by, the time left at that rate.
    const left = this.estimate > this.recordCount && rate > 0 ? ` · ~${formatDuration((this.estimate - this.recordCount) / rate)} left` : "";
    return `reading ${streams} [${this.done}/${this.options.streams} streams done] · ${this.recordCount.toLocaleString("en-US")}${total} records · ${countNoun(this.pageCount, "page")} · ${rate.toLocaleString("en-US")} records/s · ${seconds.toFixed(1)} s${left}`;
  }

  private draw(force = false): void {
    const now = this.now();
    if (!force && now - this.lastDraw < (this.options.intervalMs ?? 250)) return;
    this.lastDraw = now;
    const width = Math.max(20, (this.terminal.columns ?? 100) - 1);
    const text = this.line();
    this.terminal.write(`\r\x1b[2K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.shown = true;
  }

  private clear(): void {
    if (this.shown) this.terminal.write("\r\x1b[2K");
    this.shown = false;
  }

  private now(): number {
    return (this.options.now ?? (() => monotonicMs()))();
  }
}

/** `42 s`, `3 min 5 s`, `1 h 2 min`: a time left as a person reads it. */
function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
