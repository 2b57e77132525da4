// The interface document allows a GET body in Python literal syntax, so a Python server may respond with
// `repr(...)` of its dicts rather than JSON: this reads that subset without eval, in one linear pass. It also
// takes json.dumps's `NaN` and `±Infinity`, exactly the bodies JSON.parse refuses.

import {
  COLON,
  COMMA,
  DOT,
  DQUOTE,
  isDigit,
  isNameChar,
  LBRACE,
  LBRACKET,
  LPAREN,
  MINUS,
  PLUS,
  RBRACE,
  RBRACKET,
  RPAREN,
  SQUOTE,
} from "./python-literal-chars.ts";
import { LiteralSyntaxError } from "./python-literal-error.ts";
import { PythonLexer } from "./python-literal-lexer.ts";

/** Deeper nesting than any resource has; the limit keeps hostile input from exhausting the stack. */
export const MAX_LITERAL_DEPTH = 256;
/** Far above the largest chart body (a year of 5-minute points is ~6 MB). */
export const MAX_LITERAL_LENGTH = 64 * 1024 * 1024;

/** Parses one Python literal (or JSON) value into plain arrays and objects; throws LiteralSyntaxError. */
export function parsePythonLiteral(text: string): unknown {
  if (text.length > MAX_LITERAL_LENGTH) {
    throw new LiteralSyntaxError(
      "",
      0,
      `the text has ${text.length} characters, more than the ${MAX_LITERAL_LENGTH} a literal may have`,
    );
  }
  const parser = new PythonLiteralParser(text);
  const value = parser.value();
  parser.skipSpace();
  if (parser.pos < text.length)
    parser.fail(`expected the end of the text after the value, found ${parser.found()}`);
  return value;
}

class PythonLiteralParser extends PythonLexer {
  private depth = 0;

  value(): unknown {
    this.skipSpace();
    const c = this.text.charCodeAt(this.pos);
    if (c === DQUOTE || c === SQUOTE) return this.strings();
    if (isDigit(c) || c === MINUS || c === PLUS || c === DOT) return this.number();
    if (c === LBRACE) return this.dict();
    if (c === LBRACKET) return this.list();
    if (c === LPAREN) return this.tuple();
    if (isNameChar(c)) return this.constant();
    return this.fail(`expected a value, found ${this.found()}`);
  }

  /** A named constant, or a string behind a u/r prefix. */
  private constant(): unknown {
    const start = this.pos;
    if (this.startsString(start)) return this.strings();
    let end = start;
    while (end < this.text.length && isNameChar(this.text.charCodeAt(end))) end++;
    const word = this.text.slice(start, end);
    this.pos = end;
    switch (word) {
      case "True":
      case "true":
        return true;
      case "False":
      case "false":
        return false;
      case "None":
      case "null":
        return null;
      case "NaN":
        return Number.NaN;
      case "Infinity":
        return Number.POSITIVE_INFINITY;
      case "inf":
      case "nan":
        return this.fail(`"${word}" is not a Python literal; expected a value`, start);
    }
    const next = this.text.charCodeAt(end);
    if (next === LPAREN) this.fail(`a call like ${word}(...) is not a literal; expected a value`, start);
    if (next === SQUOTE || next === DQUOTE)
      this.fail(`the string prefix "${word}" is not supported (only u and r); expected a value`, start);
    return this.fail(`expected a value, found ${JSON.stringify(word)}`, start);
  }

  private enter(): void {
    if (++this.depth > MAX_LITERAL_DEPTH)
      this.fail(`nesting deeper than ${MAX_LITERAL_DEPTH} levels; expected a flatter value`);
    this.pos++;
  }

  /** After an item: true at the closing bracket (consumed), false after a comma. */
  private endOfItem(close: number, what: string): boolean {
    this.skipSpace();
    const c = this.text.charCodeAt(this.pos);
    if (c === COMMA) {
      this.pos++;
      return false;
    }
    if (c === close) {
      this.pos++;
      this.depth--;
      return true;
    }
    return this.fail(`expected "," or "${String.fromCharCode(close)}" after ${what}, found ${this.found()}`);
  }

  /** Consumes the closing bracket if it comes next: an empty container, or the end after a trailing comma. */
  private closes(close: number): boolean {
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) !== close) return false;
    this.pos++;
    this.depth--;
    return true;
  }

  private list(): unknown[] {
    this.enter();
    const items: unknown[] = [];
    if (this.closes(RBRACKET)) return items;
    do {
      items.push(this.value());
    } while (!this.endOfItem(RBRACKET, "a list item") && !this.closes(RBRACKET));
    return items;
  }

  /** `(x)` is only x in parentheses; a comma makes it a tuple, which reads as an array. */
  private tuple(): unknown {
    this.enter();
    if (this.closes(RPAREN)) return [];
    const first = this.value();
    if (this.closes(RPAREN)) return first;
    const items: unknown[] = [first];
    while (!this.endOfItem(RPAREN, "a tuple item") && !this.closes(RPAREN)) items.push(this.value());
    return items;
  }

  private dict(): Record<string, unknown> {
    this.enter();
    const dict: Record<string, unknown> = {};
    if (this.closes(RBRACE)) return dict;
    do {
      const key = this.key();
      this.skipSpace();
      if (this.text.charCodeAt(this.pos) !== COLON)
        this.fail(`expected ":" after a dict key, found ${this.found()}`);
      this.pos++;
      const value = this.value();
      // Assigning "__proto__" would replace the object's prototype; define it as an own field instead,
      // as JSON.parse does. Other names ("constructor", "prototype") are ordinary own fields.
      if (key === "__proto__")
        Object.defineProperty(dict, key, { value, writable: true, enumerable: true, configurable: true });
      else dict[key] = value;
    } while (!this.endOfItem(RBRACE, "a dict entry") && !this.closes(RBRACE));
    return dict;
  }

  /** Dict keys are strings, or numbers, which become their JavaScript text as object keys do. */
  private key(): string {
    this.skipSpace();
    if (this.startsString(this.pos)) return this.strings();
    const c = this.text.charCodeAt(this.pos);
    if (isDigit(c) || c === MINUS || c === PLUS || c === DOT) return String(this.number());
    return this.fail(`expected a string or number as a dict key, found ${this.found()}`);
  }
}
