// The fast path of the chart points decoder: JSON.parse builds a string or array per cell only to throw
// it away, so the two usual shapes are read straight from the text into the series. Anything else gives up
// with null for the general decoder, so the scanner never accepts what that decoder would refuse.
import { DATA_POINTS_HEADER } from "../../../interface/data-points.ts";
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isPlainChar,
  JsonCursor,
  N_LOWER,
  numberEnd,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from "./json-cursor.ts";
import { type ChartPoints, SeriesBuilder, UtcSecondsReader } from "./point-series.ts";

/** The InfluxDB columns in the order the public service wrote them; another order goes the general way. */
const COLUMNS = ["time", "exchange", "filter", "symbol", "value"];

/** The points of a body of one of the two usual shapes, else null; `bytes` or `text` is made if missing. */
export function scanPoints(
  body: { text: string; bytes?: Uint8Array } | { text?: string; bytes: Uint8Array },
): ChartPoints | null {
  const bytes = body.bytes ?? new TextEncoder().encode(body.text);
  const text = body.text ?? new TextDecoder().decode(bytes);
  return new PointsScanner(bytes, text).body();
}

class PointsScanner extends JsonCursor {
  private readonly series = new SeriesBuilder();
  private readonly clock = new UtcSecondsReader();
  /** The text between a row's time and its value, as last seen: later rows of the series repeat it. */
  private middle = "";

  body(): ChartPoints | null {
    if (!this.punct(OPEN_BRACE)) return null;
    const key = this.plainString();
    if (key === null || key.toLowerCase() !== "datapoints" || !this.punct(COLON)) return null;
    const next = this.peek();
    const read = next === QUOTE ? this.csv() : next === OPEN_BRACKET ? this.influxResults() : false;
    if (!read || !this.punct(CLOSE_BRACE)) return null;
    this.skipSpace();
    return this.pos === this.bytes.length ? this.series.finish() : null;
  }

  // ---- this service: one JSON string of CSV lines, "\n" escaped ----

  private csv(): boolean {
    const text = this.text;
    let p = this.pos + 1;
    if (!this.sameAt(DATA_POINTS_HEADER, p)) return false;
    p += DATA_POINTS_HEADER.length;
    for (;;) {
      const c = this.at(p);
      if (c === QUOTE) {
        this.pos = p + 1;
        return true;
      }
      if (c !== BACKSLASH || this.at(p + 1) !== N_LOWER) return false;
      p += 2;
      const first = this.at(p);
      if (first === QUOTE || first === BACKSLASH) continue; // the last newline, or an empty line
      const time = this.clock.readPlainBytes(this.bytes, text, p);
      if (Number.isNaN(time)) return false;
      p += 20;
      if (this.middle !== "" && this.sameAt(this.middle, p)) p += this.middle.length;
      else {
        p = this.csvCells(p);
        if (p === -1) return false;
      }
      const end = numberEnd(this.bytes, p);
      if (end === -1) return false;
      const after = this.at(end);
      if (after !== BACKSLASH && after !== QUOTE) return false;
      // An empty value is a gap, as null is on the other wire.
      this.series.add(time, end === p ? null : Number(text.slice(p, end)));
      p = end;
    }
  }

  /** Reads `,exchange,filter,symbol,` at `p` for the first line; -1 when it is not that or another series. */
  private csvCells(p: number): number {
    if (this.middle !== "" || this.at(p) !== COMMA) return -1;
    const cells: string[] = [];
    let start = p + 1;
    for (let q = start; cells.length < 3; q++) {
      const c = this.at(q);
      if (c === COMMA) {
        cells.push(this.text.slice(start, q));
        start = q + 1;
      } else if (!isPlainChar(c)) return -1;
    }
    const [exchange, filter, symbol] = cells as [string, string, string];
    if (this.series.conflict(exchange === "" ? null : exchange, filter, symbol) !== null) return -1;
    this.middle = this.text.slice(p, start);
    return start;
  }

  // ---- the public service: InfluxDB query results, rows newest first ----

  private influxResults(): boolean {
    this.pos++;
    if (this.peek() === CLOSE_BRACKET) {
      this.pos++;
      return true;
    }
    for (;;) {
      if (!this.influxResult()) return false;
      const c = this.nextPunct();
      if (c === CLOSE_BRACKET) return true;
      if (c !== COMMA) return false;
    }
  }

  /** `{"statement_id":0,"Series":[…],"Messages":null}`, each part optional. An error result: null. */
  private influxResult(): boolean {
    return this.object((key) => {
      if (key === "statement_id") return this.skipNumber();
      if (key === "messages") return this.literal("null");
      if (key === "series") return this.nullOrList(() => this.influxSeries());
      return false;
    });
  }

  /** `{"name":"…","columns":[…],"values":[[…],…]}`; tags or unusual columns: null. */
  private influxSeries(): boolean {
    return this.object((key) => {
      if (key === "name") return this.plainString() !== null;
      if (key === "columns") return this.columns();
      if (key === "values") return this.nullOrList(() => this.influxRow());
      return false;
    });
  }

  private columns(): boolean {
    if (!this.punct(OPEN_BRACKET)) return false;
    for (let i = 0; i < COLUMNS.length; i++) {
      if (i > 0 && !this.punct(COMMA)) return false;
      if (this.plainString()?.toLowerCase() !== COLUMNS[i]) return false;
    }
    return this.punct(CLOSE_BRACKET);
  }

  /** `["2026-11-22T09:24:00Z","Binance","MEDIR120","BTC",95000.5]` with no spaces, as Go writes it. */
  private influxRow(): boolean {
    let p = this.pos;
    if (this.at(p) !== OPEN_BRACKET || this.at(p + 1) !== QUOTE) return false;
    const time = this.clock.readPlainBytes(this.bytes, this.text, p + 2);
    if (Number.isNaN(time) || this.at(p + 22) !== QUOTE) return false;
    p += 23;
    if (this.middle !== "" && this.sameAt(this.middle, p)) p += this.middle.length;
    else {
      p = this.influxCells(p);
      if (p === -1) return false;
    }
    let value: number | null = null;
    if (this.sameAt("null", p)) p += 4;
    else {
      const end = numberEnd(this.bytes, p);
      if (end === -1 || end === p) return false;
      value = Number(this.text.slice(p, end));
      p = end;
    }
    if (this.at(p) !== CLOSE_BRACKET) return false;
    this.series.add(time, value);
    this.pos = p + 1;
    return true;
  }

  /** Reads `,"exchange" or null,"filter","symbol",` at `p`; -1 when it is not that or another series. */
  private influxCells(p: number): number {
    if (this.at(p) !== COMMA) return -1;
    let exchange: string | null = null;
    this.pos = p + 1;
    if (this.sameAt("null", this.pos)) this.pos += 4;
    else {
      exchange = this.plainStringHere();
      if (exchange === null) return -1;
    }
    if (this.at(this.pos++) !== COMMA) return -1;
    const filter = this.plainStringHere();
    if (filter === null || this.at(this.pos++) !== COMMA) return -1;
    const symbol = this.plainStringHere();
    if (symbol === null || this.at(this.pos++) !== COMMA) return -1;
    if (this.series.conflict(exchange === "" ? null : exchange, filter, symbol) !== null) return -1;
    this.middle = this.text.slice(p, this.pos);
    return this.pos;
  }
}
