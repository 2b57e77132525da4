// The tokens of a Python literal: space and comments, strings, numbers. A linear scan over char codes that
// slices each token out of the text once, so multi-megabyte bodies cost no per-character strings.
import {
  BACKSLASH,
  CR,
  DOT,
  DQUOTE,
  FF,
  HASH,
  hexValue,
  isDigit,
  isNameChar,
  LF,
  MINUS,
  NINE,
  PLUS,
  SEVEN,
  SPACE,
  SQUOTE,
  TAB,
  UNDERSCORE,
  VT,
  ZERO,
} from "./python-literal-chars.ts";
import { LiteralSyntaxError } from "./python-literal-error.ts";

const SIMPLE_ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

export class PythonLexer {
  pos = 0;
  /** The text of the escape `escape` last decoded. */
  private escaped = "";
  /** Whether the digits `digits` last skipped had underscores among them. */
  private underscores = false;

  constructor(protected readonly text: string) {}

  fail(problem: string, at = this.pos): never {
    throw new LiteralSyntaxError(this.text, at, problem);
  }

  /** Names what stands at `at`, for "expected X, found Y". */
  found(at = this.pos): string {
    if (at >= this.text.length) return "the end of the text";
    let end = at + 1;
    if (isNameChar(this.text.charCodeAt(at))) {
      while (end < this.text.length && end - at < 20 && isNameChar(this.text.charCodeAt(end))) end++;
    }
    return JSON.stringify(this.text.slice(at, end));
  }

  skipSpace(): void {
    const text = this.text;
    let pos = this.pos;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === SPACE || c === LF || c === CR || c === TAB || c === VT || c === FF) pos++;
      else if (c === HASH) {
        const end = text.indexOf("\n", pos);
        pos = end === -1 ? text.length : end + 1;
      } else break;
    }
    this.pos = pos;
  }

  /** Whether a string literal starts at `at`: a quote, or a u/r/ur prefix and a quote. */
  protected startsString(at: number): boolean {
    const c = this.text.charCodeAt(at);
    return c === SQUOTE || c === DQUOTE || this.prefixLength(at) > 0;
  }

  /** The length of a u/r/ur prefix when a quote follows it, else 0. */
  protected prefixLength(at: number): number {
    const text = this.text;
    let end = at;
    while (end - at < 2 && ((text.charCodeAt(end) | 0x20) === 117 || (text.charCodeAt(end) | 0x20) === 114))
      end++;
    const q = text.charCodeAt(end);
    if (end === at || (q !== SQUOTE && q !== DQUOTE)) return 0;
    // Python 3 allows no two-letter form of these; Python 2 allowed ur'..', which costs nothing to take.
    if (end - at === 2 && ((text.charCodeAt(at) | 0x20) !== 117 || (text.charCodeAt(at + 1) | 0x20) !== 114))
      return 0;
    return end - at;
  }

  /** One string literal and any adjacent ones, joined as Python joins them. */
  strings(): string {
    let result = this.string();
    for (;;) {
      const before = this.pos;
      this.skipSpace();
      if (!this.startsString(this.pos)) {
        this.pos = before;
        return result;
      }
      result += this.string();
    }
  }

  private string(): string {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    let raw = false;
    while (text.charCodeAt(pos) !== SQUOTE && text.charCodeAt(pos) !== DQUOTE) {
      if ((text.charCodeAt(pos) | 0x20) === 114) raw = true;
      pos++;
    }
    const quote = text.charCodeAt(pos);
    const triple = text.charCodeAt(pos + 1) === quote && text.charCodeAt(pos + 2) === quote;
    pos += triple ? 3 : 1;
    let out = "";
    let chunk = pos;
    for (;;) {
      if (pos >= text.length) this.fail("unterminated string: expected its closing quote", start);
      const c = text.charCodeAt(pos);
      if (c === quote) {
        if (!triple) break;
        if (text.charCodeAt(pos + 1) === quote && text.charCodeAt(pos + 2) === quote) break;
        pos++;
      } else if (c === BACKSLASH) {
        if (raw) {
          // A raw string keeps the backslash; it only stops the next quote from closing the string.
          pos += 2;
          continue;
        }
        out += text.slice(chunk, pos);
        pos = this.escape(pos);
        out += this.escaped;
        chunk = pos;
      } else if ((c === LF || c === CR) && !triple) {
        this.fail("unterminated string: a line break before its closing quote", start);
      } else pos++;
    }
    out += text.slice(chunk, pos);
    this.pos = pos + (triple ? 3 : 1);
    return out;
  }

  /** Decodes the escape at `at` (the backslash) into `escaped`; returns where the escape ends. */
  private escape(at: number): number {
    const text = this.text;
    const e = text.charAt(at + 1);
    if (e === "") this.fail("unterminated string: expected its closing quote", at);
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      this.escaped = simple;
      return at + 2;
    }
    // A backslash before a line break continues the line.
    this.escaped = "";
    if (e === "\n") return at + 2;
    if (e === "\r") return text.charCodeAt(at + 2) === LF ? at + 3 : at + 2;
    const ec = e.charCodeAt(0);
    if (ec >= ZERO && ec <= SEVEN) {
      let end = at + 1;
      let code = 0;
      while (end < at + 4 && text.charCodeAt(end) >= ZERO && text.charCodeAt(end) <= SEVEN) {
        code = code * 8 + text.charCodeAt(end) - ZERO;
        end++;
      }
      this.escaped = String.fromCharCode(code);
      return end;
    }
    const digits = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    if (digits > 0) {
      let code = 0;
      for (let i = at + 2; i < at + 2 + digits; i++) {
        const h = hexValue(text.charCodeAt(i));
        if (h < 0) this.fail(`expected ${digits} hex digits after \\${e}`, i);
        code = code * 16 + h;
      }
      if (code > 0x10ffff) this.fail(`\\${e} escape beyond U+10FFFF`, at);
      this.escaped = String.fromCodePoint(code);
      return at + 2 + digits;
    }
    if (e === "N") this.fail("named escapes \\N{...} are not supported", at);
    // Python keeps an unknown escape as written, backslash included.
    this.escaped = `\\${e}`;
    return at + 2;
  }

  /** A number with an optional sign: decimal, float, 0x/0o/0b, or json.dumps's ±Infinity. */
  number(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    let sign = 1;
    const first = text.charCodeAt(pos);
    if (first === MINUS || first === PLUS) {
      sign = first === MINUS ? -1 : 1;
      pos++;
      if (text.startsWith("Infinity", pos) && !isNameChar(text.charCodeAt(pos + 8))) {
        this.pos = pos + 8;
        return sign * Number.POSITIVE_INFINITY;
      }
    }
    const radix = this.radix(pos);
    if (radix > 0) return sign * this.radixInteger(pos, radix);
    const digitsStart = pos;
    this.underscores = false;
    pos = this.digits(pos);
    const whole = pos - digitsStart;
    let fraction = 0;
    let isFloat = false;
    if (text.charCodeAt(pos) === DOT) {
      isFloat = true;
      const from = pos + 1;
      pos = this.digits(from);
      fraction = pos - from;
    }
    if (whole === 0 && fraction === 0) this.fail(`expected a number, found ${this.found(start)}`, start);
    if ((text.charCodeAt(pos) | 0x20) === 101) {
      isFloat = true;
      pos++;
      const s = text.charCodeAt(pos);
      if (s === PLUS || s === MINUS) pos++;
      const from = pos;
      pos = this.digits(from);
      if (pos === from) this.fail("expected the digits of an exponent", pos);
    }
    const next = text.charCodeAt(pos);
    if ((next | 0x20) === 106) this.fail("complex numbers are not supported", start);
    if (isNameChar(next) || next === DOT) this.fail(`malformed number ${this.found(start)}`, pos);
    if (!isFloat && whole > 1 && text.charCodeAt(digitsStart) === ZERO) {
      if (/[1-9]/.test(text.slice(digitsStart, pos)))
        this.fail("leading zeros are not allowed in an integer", start);
    }
    this.pos = pos;
    const literal = text.slice(start, pos);
    return Number(this.underscores ? literal.replaceAll("_", "") : literal);
  }

  /** Skips digits from `from`, with single underscores between them (noted in `underscores`). */
  private digits(from: number): number {
    const text = this.text;
    let pos = from;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c >= ZERO && c <= NINE) pos++;
      else if (c === UNDERSCORE && pos > from && isDigit(text.charCodeAt(pos + 1))) {
        this.underscores = true;
        pos++;
      } else break;
    }
    return pos;
  }

  /** 16, 8 or 2 when a 0x/0o/0b prefix stands at `at`, else 0. */
  private radix(at: number): number {
    if (this.text.charCodeAt(at) !== ZERO) return 0;
    const p = this.text.charCodeAt(at + 1) | 0x20;
    return p === 120 ? 16 : p === 111 ? 8 : p === 98 ? 2 : 0;
  }

  private radixInteger(at: number, radix: number): number {
    const text = this.text;
    let pos = at + 2;
    let digits = "";
    let from = pos;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      const d = hexValue(c);
      if (d >= 0 && d < radix) pos++;
      else if (c === UNDERSCORE && hexValue(text.charCodeAt(pos + 1)) >= 0) {
        digits += text.slice(from, pos);
        from = ++pos;
      } else break;
    }
    digits += text.slice(from, pos);
    if (digits === "" || isNameChar(text.charCodeAt(pos)))
      this.fail(`malformed base-${radix} integer ${this.found(at)}`, pos);
    this.pos = pos;
    return Number.parseInt(digits, radix);
  }
}
