// One chart series gathered from either wire, row by row, then put in time order for drawing.

/** A chart series in time order: Unix seconds ascending, no time twice, every value finite. */
export interface ChartPoints {
  times: Float64Array;
  values: Float64Array;
  /** null for the all-exchanges series (and when there are no points). */
  exchange: string | null;
  /** "" when there are no points to say which series it is. */
  filter: string;
  symbol: string;
}

export class SeriesBuilder {
  // Growable typed arrays: a chart has up to a million rows, and plain arrays of boxed numbers cost more
  // to fill and then copy.
  private times = new Float64Array(1024);
  private values = new Float64Array(1024);
  private count = 0;
  private exchange: string | null = null;
  private filter = "";
  private symbol = "";
  private started = false;

  /** Names the series so far when a row's series differs from it, else null (the first row sets it). */
  conflict(exchange: string | null, filter: string, symbol: string): string | null {
    if (!this.started) {
      this.started = true;
      this.exchange = exchange;
      this.filter = filter;
      this.symbol = symbol;
      return null;
    }
    if (exchange === this.exchange && filter === this.filter && symbol === this.symbol) return null;
    return `${this.filter} ${this.symbol} on ${this.exchange ?? "all exchanges"}`;
  }

  /** A row without a value (null, NaN, ±Infinity) is no point: a gap in the chart. */
  add(time: number, value: number | null): void {
    if (value === null || !Number.isFinite(value)) return;
    if (this.count === this.times.length) this.grow();
    this.times[this.count] = time;
    this.values[this.count] = value;
    this.count++;
  }

  /** Sorts by time; of rows with the same time the one seen last wins, as a later write would. */
  finish(): ChartPoints {
    const n = this.count;
    const times = this.times.subarray(0, n);
    const values = this.values.subarray(0, n);
    let ascending = true;
    let descending = true;
    for (let i = 1; i < n; i++) {
      const step = (times[i] as number) - (times[i - 1] as number);
      if (step <= 0) ascending = false;
      if (step >= 0) descending = false;
    }
    // The CSV arrives oldest first and the public service's rows newest first: no sort for either. The
    // copies are exactly as long as the series, so the buffers transferred out of a worker hold nothing else.
    if (ascending) return this.series(times.slice(), values.slice());
    if (descending) return this.series(times.slice().reverse(), values.slice().reverse());
    const order = lastOfEachTime(times);
    return this.series(
      Float64Array.from(order, (row) => times[row] as number),
      Float64Array.from(order, (row) => values[row] as number),
    );
  }

  private grow(): void {
    const times = new Float64Array(this.times.length * 2);
    const values = new Float64Array(this.values.length * 2);
    times.set(this.times);
    values.set(this.values);
    this.times = times;
    this.values = values;
  }

  private series(times: Float64Array, values: Float64Array): ChartPoints {
    return { times, values, exchange: this.exchange, filter: this.filter, symbol: this.symbol };
  }
}

/** Row indices by ascending time, keeping for each time only the row seen last. */
function lastOfEachTime(times: Float64Array): number[] {
  const sorted = Array.from(times, (_, i) => i).sort(
    (a, b) => (times[a] as number) - (times[b] as number) || a - b,
  );
  const kept: number[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const row = sorted[i] as number;
    const next = sorted[i + 1];
    if (next === undefined || times[next] !== times[row]) kept.push(row);
  }
  return kept;
}

const DASH = 45;
const COLON = 58;
const T = 84;
const Z = 90;

/** Reads RFC 3339 UTC times to Unix seconds, parsing each day once as chart times repeat it for many rows. */
export class UtcSecondsReader {
  /** The date last read, as the number YYYYMMDD, and its midnight in Unix seconds. */
  private day = -1;
  private dayStart = Number.NaN;

  /** Unix seconds of text[start, end), or NaN when it is no time. */
  read(text: string, start: number, end: number): number {
    if (end - start === 20) {
      const seconds = this.readPlain(text, start);
      if (!Number.isNaN(seconds)) return seconds;
    }
    return Date.parse(text.slice(start, end)) / 1000;
  }

  /** Unix seconds of the `YYYY-MM-DDTHH:MM:SSZ` at `at`, or NaN when no valid time of that form is there. */
  readPlain(text: string, at: number): number {
    // Character by character, no substrings and no closures: this runs once per row of a million rows.
    if (text.charCodeAt(at + 4) !== DASH || text.charCodeAt(at + 7) !== DASH) return Number.NaN;
    if (text.charCodeAt(at + 10) !== T || text.charCodeAt(at + 19) !== Z) return Number.NaN;
    if (text.charCodeAt(at + 13) !== COLON || text.charCodeAt(at + 16) !== COLON) return Number.NaN;
    const year =
      digits(text.charCodeAt(at), text.charCodeAt(at + 1)) * 100 +
      digits(text.charCodeAt(at + 2), text.charCodeAt(at + 3));
    const monthDate =
      digits(text.charCodeAt(at + 5), text.charCodeAt(at + 6)) * 100 +
      digits(text.charCodeAt(at + 8), text.charCodeAt(at + 9));
    const h = digits(text.charCodeAt(at + 11), text.charCodeAt(at + 12));
    const m = digits(text.charCodeAt(at + 14), text.charCodeAt(at + 15));
    const s = digits(text.charCodeAt(at + 17), text.charCodeAt(at + 18));
    return this.seconds(year, monthDate, h, m, s, text, at);
  }

  /** readPlain over UTF-8 bytes; `text` holds the same characters at the same offsets (ASCII up to `at`). */
  readPlainBytes(bytes: Uint8Array, text: string, at: number): number {
    if (at + 20 > bytes.length) return Number.NaN;
    if (bytes[at + 4] !== DASH || bytes[at + 7] !== DASH) return Number.NaN;
    if (bytes[at + 10] !== T || bytes[at + 19] !== Z) return Number.NaN;
    if (bytes[at + 13] !== COLON || bytes[at + 16] !== COLON) return Number.NaN;
    // In range (checked above), so every byte is a number.
    const year =
      digits(bytes[at] as number, bytes[at + 1] as number) * 100 +
      digits(bytes[at + 2] as number, bytes[at + 3] as number);
    const monthDate =
      digits(bytes[at + 5] as number, bytes[at + 6] as number) * 100 +
      digits(bytes[at + 8] as number, bytes[at + 9] as number);
    const h = digits(bytes[at + 11] as number, bytes[at + 12] as number);
    const m = digits(bytes[at + 14] as number, bytes[at + 15] as number);
    const s = digits(bytes[at + 17] as number, bytes[at + 18] as number);
    return this.seconds(year, monthDate, h, m, s, text, at);
  }

  /** `monthDate` is MMDD; any part NaN (not two digits) or out of range gives NaN. */
  private seconds(
    year: number,
    monthDate: number,
    h: number,
    m: number,
    s: number,
    text: string,
    at: number,
  ) {
    if (!(year >= 0 && monthDate >= 0 && h < 24 && m < 60 && s < 60)) return Number.NaN;
    const day = year * 10_000 + monthDate;
    if (day !== this.day) {
      this.day = day;
      // Date.parse decides what a valid date is (month 13 or 30 February are not).
      this.dayStart = Date.parse(`${text.slice(at, at + 10)}T00:00:00Z`) / 1000;
    }
    return Number.isFinite(this.dayStart) ? this.dayStart + h * 3600 + m * 60 + s : Number.NaN;
  }
}

/** The number of two digit characters' codes, or NaN when either is no digit. */
function digits(tens: number, ones: number): number {
  const t = tens - 48;
  const o = ones - 48;
  return t >= 0 && t <= 9 && o >= 0 && o <= 9 ? t * 10 + o : Number.NaN;
}
