// The fast path of the chart points decoder. A chart body is one long text of near-identical rows; going
// through JSON.parse builds a string or an array per cell only to throw them away, which made decoding
// cost two to three times the parse itself. This scanner reads the two shapes the services write
// (`{"dataPoints":"<csv>"}` and `{"DataPoints":[<InfluxDB results>]}`) straight from the text into the
// series, one number per row, reading the UTF-8 bytes (twice as fast to walk as the string's characters)
// and slicing the decoded text only for each value's Number(). Anything else (escapes, other keys, whitespace inside rows, other time
// forms, another series, an error result) makes it give up with null, and the general decoder, which
// names what is wrong, reads the body instead: the scanner never accepts what that decoder would refuse.
import { DATA_POINTS_HEADER } from "../../interface/data-points.ts";
import { type ChartPoints, SeriesBuilder, UtcSecondsReader } from "./point-series.ts";

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const COLON = 58;
const E_UPPER = 69;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const E_LOWER = 101;
const N_LOWER = 110;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const PLUS = 43;
const DELETE = 127;

/** The InfluxDB columns in the order the public service wrote them; another order goes the general way. */
const COLUMNS = ["time", "exchange", "filter", "symbol", "value"];

const END = -1;

/**
 * The points of a body when it has one of the two usual shapes, else null (see the file's comment).
 * `bytes` are the body's UTF-8 bytes, `text` the same decoded; either is made from the other if missing.
 */
export function scanPoints(
  body: { text: string; bytes?: Uint8Array } | { text?: string; bytes: Uint8Array },
): ChartPoints | null {
  const bytes = body.bytes ?? new TextEncoder().encode(body.text);
  const text = body.text ?? new TextDecoder().decode(bytes);
  return new PointsScanner(bytes, text).body();
}

class PointsScanner {
  private pos = 0;
  private readonly series = new SeriesBuilder();
  private readonly clock = new UtcSecondsReader();
  /** The text between a row's time and its value, as last seen: later rows of the series repeat it. */
  private middle = "";

  constructor(
    private readonly bytes: Uint8Array,
    /** The bytes decoded: at the offsets the scanner reached, every byte was ASCII, one character each. */
    private readonly text: string,
  ) {}

  /** The byte at `p`, or END past the end. */
  private at(p: number): number {
    return this.bytes[p] ?? END;
  }

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

  // ---- the envelope: a little strict JSON ----

  /** An object whose keys (compared in lower case, each at most once) `member` reads the value of. */
  private object(member: (key: string) => boolean): boolean {
    if (!this.punct(OPEN_BRACE)) return false;
    if (this.peek() === CLOSE_BRACE) {
      this.pos++;
      return true;
    }
    const seen = new Set<string>();
    for (;;) {
      const key = this.plainString()?.toLowerCase();
      if (key === undefined || seen.has(key) || !this.punct(COLON)) return false;
      seen.add(key);
      this.skipSpace();
      if (!member(key)) return false;
      const c = this.nextPunct();
      if (c === CLOSE_BRACE) return true;
      if (c !== COMMA) return false;
    }
  }

  /** null, or a list whose every item `item` reads (starting at the item's first character). */
  private nullOrList(item: () => boolean): boolean {
    if (this.literal("null")) return true;
    if (!this.punct(OPEN_BRACKET)) return false;
    if (this.peek() === CLOSE_BRACKET) {
      this.pos++;
      return true;
    }
    for (;;) {
      this.skipSpace();
      if (!item()) return false;
      const c = this.nextPunct();
      if (c === CLOSE_BRACKET) return true;
      if (c !== COMMA) return false;
    }
  }

  private literal(word: string): boolean {
    this.skipSpace();
    if (!this.sameAt(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  private skipNumber(): boolean {
    const end = numberEnd(this.bytes, this.pos);
    if (end === -1 || end === this.pos) return false;
    this.pos = end;
    return true;
  }

  /** A string of printable ASCII without escapes after optional space; null for anything else. */
  private plainString(): string | null {
    this.skipSpace();
    return this.plainStringHere();
  }

  private plainStringHere(): string | null {
    if (this.at(this.pos) !== QUOTE) return null;
    const start = this.pos + 1;
    for (let p = start; ; p++) {
      const c = this.at(p);
      if (c === QUOTE) {
        this.pos = p + 1;
        return this.text.slice(start, p);
      }
      if (!isPlainChar(c)) return null;
    }
  }

  /** Whether the bytes at `p` are `part`'s characters (ASCII); a loop beats building a string to compare. */
  private sameAt(part: string, p: number): boolean {
    const bytes = this.bytes;
    const n = part.length;
    if (p + n > bytes.length) return false;
    for (let i = 0; i < n; i++) if (bytes[p + i] !== part.charCodeAt(i)) return false;
    return true;
  }

  /** Consumes `c` after optional space. */
  private punct(c: number): boolean {
    if (this.peek() !== c) return false;
    this.pos++;
    return true;
  }

  /** The next character after optional space, consumed. */
  private nextPunct(): number {
    const c = this.peek();
    this.pos++;
    return c;
  }

  private peek(): number {
    this.skipSpace();
    return this.at(this.pos);
  }

  private skipSpace(): void {
    let c = this.at(this.pos);
    while (c === SPACE || c === LF || c === CR || c === TAB) c = this.at(++this.pos);
  }
}

/**
 * Printable ASCII but the quote and backslash: a string's character that needs no escape, and one byte
 * for one character (so the scanner's byte offsets are the text's offsets).
 */
function isPlainChar(c: number): boolean {
  return c >= SPACE && c < DELETE && c !== QUOTE && c !== BACKSLASH;
}

/**
 * Where the JSON number at `p` ends (`-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`): p itself when nothing
 * there starts one, -1 when one starts but breaks off. Number() of that text is the value JSON gives it.
 */
export function numberEnd(bytes: Uint8Array, p: number): number {
  // No closures here: this runs once per row.
  const n = bytes.length;
  let q = p;
  let c = q < n ? (bytes[q] as number) : END;
  if (c === MINUS) c = ++q < n ? (bytes[q] as number) : END;
  if (c === ZERO) c = ++q < n ? (bytes[q] as number) : END;
  else if (c > ZERO && c <= NINE) {
    do c = ++q < n ? (bytes[q] as number) : END;
    while (c >= ZERO && c <= NINE);
  } else return q === p ? p : -1;
  if (c === DOT) {
    c = ++q < n ? (bytes[q] as number) : END;
    if (!(c >= ZERO && c <= NINE)) return -1;
    do c = ++q < n ? (bytes[q] as number) : END;
    while (c >= ZERO && c <= NINE);
  }
  if (c === E_LOWER || c === E_UPPER) {
    c = ++q < n ? (bytes[q] as number) : END;
    if (c === PLUS || c === MINUS) c = ++q < n ? (bytes[q] as number) : END;
    if (!(c >= ZERO && c <= NINE)) return -1;
    do c = ++q < n ? (bytes[q] as number) : END;
    while (c >= ZERO && c <= NINE);
  }
  return q;
}
