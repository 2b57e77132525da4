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
  private readonly times: number[] = [];
  private readonly values: number[] = [];
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
    this.times.push(time);
    this.values.push(value);
  }

  /** Sorts by time; of rows with the same time the one seen last wins, as a later write would. */
  finish(): ChartPoints {
    const { times, values } = this;
    const n = times.length;
    let ascending = true;
    let descending = true;
    for (let i = 1; i < n; i++) {
      const step = (times[i] as number) - (times[i - 1] as number);
      if (step <= 0) ascending = false;
      if (step >= 0) descending = false;
    }
    // The CSV arrives oldest first and the public service's rows newest first: no sort for either.
    if (ascending) return this.series(Float64Array.from(times), Float64Array.from(values));
    if (descending)
      return this.series(Float64Array.from(times).reverse(), Float64Array.from(values).reverse());
    const order = lastOfEachTime(times);
    return this.series(
      Float64Array.from(order, (row) => times[row] as number),
      Float64Array.from(order, (row) => values[row] as number),
    );
  }

  private series(times: Float64Array, values: Float64Array): ChartPoints {
    return { times, values, exchange: this.exchange, filter: this.filter, symbol: this.symbol };
  }
}

/** Row indices by ascending time, keeping for each time only the row seen last. */
function lastOfEachTime(times: number[]): number[] {
  const sorted = times.map((_, i) => i).sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
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

/**
 * Reads RFC 3339 UTC times to Unix seconds. Chart times repeat their day for hundreds of rows, so the
 * common `YYYY-MM-DDTHH:MM:SSZ` form parses its day once and only adds the time of day; any other form
 * goes to Date.parse.
 */
export class UtcSecondsReader {
  private dayPrefix = "";
  private dayStart = Number.NaN;

  /** Unix seconds of text[start, end), or NaN when it is no time. */
  read(text: string, start: number, end: number): number {
    if (end - start === 20 && this.isPlainUtcSecond(text, start)) {
      if (!text.startsWith(this.dayPrefix, start) || this.dayPrefix === "") {
        this.dayPrefix = text.slice(start, start + 11);
        this.dayStart = Date.parse(`${this.dayPrefix}00:00:00Z`) / 1000;
      }
      const h = twoDigits(text, start + 11);
      const m = twoDigits(text, start + 14);
      const s = twoDigits(text, start + 17);
      if (h < 24 && m < 60 && s < 60 && Number.isFinite(this.dayStart))
        return this.dayStart + h * 3600 + m * 60 + s;
    }
    return Date.parse(text.slice(start, end)) / 1000;
  }

  private isPlainUtcSecond(text: string, at: number): boolean {
    if (text.charCodeAt(at + 4) !== DASH || text.charCodeAt(at + 7) !== DASH) return false;
    if (text.charCodeAt(at + 10) !== T || text.charCodeAt(at + 19) !== Z) return false;
    if (text.charCodeAt(at + 13) !== COLON || text.charCodeAt(at + 16) !== COLON) return false;
    for (const i of DIGIT_PLACES) {
      const c = text.charCodeAt(at + i);
      if (c < 48 || c > 57) return false;
    }
    return true;
  }
}

const DIGIT_PLACES = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18];

function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}
