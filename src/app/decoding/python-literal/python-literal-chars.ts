// The characters the Python literal syntax gives a meaning to, as char codes: the scanner compares codes,
// never one-character strings.

export const DQUOTE = 34;
export const SQUOTE = 39;
export const LPAREN = 40;
export const RPAREN = 41;
export const PLUS = 43;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const COLON = 58;
export const LBRACKET = 91;
export const RBRACKET = 93;
export const LBRACE = 123;
export const RBRACE = 125;
export const TAB = 9;
export const LF = 10;
export const VT = 11;
export const FF = 12;
export const CR = 13;
export const SPACE = 32;
export const HASH = 35;
export const ZERO = 48;
export const SEVEN = 55;
export const NINE = 57;
export const BACKSLASH = 92;
export const UNDERSCORE = 95;

export function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/** Letters, digits, `_` and non-ASCII: what may continue a name, so `1abc` or `Truex` is one bad token. */
export function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === UNDERSCORE || c > 127;
}

export function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}
