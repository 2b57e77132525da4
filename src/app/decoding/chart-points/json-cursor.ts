// A strict cursor over a JSON text held as UTF-8 bytes, for readers that know the shape they expect: every
// method returns false or null where the text leaves that shape, so the reader can leave the body to
// JSON.parse. Walking bytes is faster than a string's characters; the ASCII text is sliced at the same offsets.

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
export const QUOTE = 34;
const PLUS = 43;
export const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
export const COLON = 58;
const E_UPPER = 69;
export const OPEN_BRACKET = 91;
export const BACKSLASH = 92;
export const CLOSE_BRACKET = 93;
const E_LOWER = 101;
export const N_LOWER = 110;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;
const DELETE = 127;
/** What `at` gives past the end. */
const END = -1;

export class JsonCursor {
  protected pos = 0;

  constructor(
    protected readonly bytes: Uint8Array,
    /** The bytes decoded: at the offsets the cursor reached, every byte was ASCII, one character each. */
    protected readonly text: string,
  ) {}

  /** The byte at `p`, or END past the end. */
  protected at(p: number): number {
    return this.bytes[p] ?? END;
  }

  /** An object whose keys (compared in lower case, each at most once) `member` reads the value of. */
  protected object(member: (key: string) => boolean): boolean {
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
  protected nullOrList(item: () => boolean): boolean {
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

  protected literal(word: string): boolean {
    this.skipSpace();
    if (!this.sameAt(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  protected skipNumber(): boolean {
    const end = numberEnd(this.bytes, this.pos);
    if (end === -1 || end === this.pos) return false;
    this.pos = end;
    return true;
  }

  /** A string of printable ASCII without escapes after optional space; null for anything else. */
  protected plainString(): string | null {
    this.skipSpace();
    return this.plainStringHere();
  }

  protected plainStringHere(): string | null {
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
  protected sameAt(part: string, p: number): boolean {
    const bytes = this.bytes;
    const n = part.length;
    if (p + n > bytes.length) return false;
    for (let i = 0; i < n; i++) if (bytes[p + i] !== part.charCodeAt(i)) return false;
    return true;
  }

  /** Consumes `c` after optional space. */
  protected punct(c: number): boolean {
    if (this.peek() !== c) return false;
    this.pos++;
    return true;
  }

  /** The next character after optional space, consumed. */
  protected nextPunct(): number {
    const c = this.peek();
    this.pos++;
    return c;
  }

  protected peek(): number {
    this.skipSpace();
    return this.at(this.pos);
  }

  protected skipSpace(): void {
    let c = this.at(this.pos);
    while (c === SPACE || c === LF || c === CR || c === TAB) c = this.at(++this.pos);
  }
}

/** Printable ASCII but the quote and backslash: one byte a character, so byte offsets are text offsets. */
export function isPlainChar(c: number): boolean {
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
