// For tests: writes a JSON-compatible value as Python would print it, with a few choices Python leaves open
// (which quote, tuples for lists, escaped or literal non-ASCII, trailing commas), so the literal parser is
// tested against the texts a Python server can produce.

export interface ReprStyle {
  /** "python" picks as repr() does: single quotes unless the text has a ' and no ". */
  quote: "python" | "single" | "double";
  /** Lists written as tuples: `(1,)`, `(1, 2)`, `()`. */
  tuples: boolean;
  /** Non-ASCII written as \xNN, \uNNNN and \UNNNNNNNN escapes. */
  escapeNonAscii: boolean;
  trailingCommas: boolean;
  /** Whole numbers written as floats (`5.0`), as Python prints a float. */
  wholeAsFloat: boolean;
}

export const PYTHON_REPR: ReprStyle = {
  quote: "python",
  tuples: false,
  escapeNonAscii: false,
  trailingCommas: false,
  wholeAsFloat: false,
};

export function pythonRepr(value: unknown, style: ReprStyle = PYTHON_REPR): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return numberRepr(value, style);
  if (typeof value === "string") return stringRepr(value, style);
  if (Array.isArray(value)) {
    const items = value.map((item) => pythonRepr(item, style));
    if (style.tuples) {
      if (items.length === 1) return `(${items[0]},)`;
      return `(${items.join(", ")}${style.trailingCommas && items.length > 0 ? "," : ""})`;
    }
    return `[${items.join(", ")}${style.trailingCommas && items.length > 0 ? "," : ""}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${stringRepr(k, style)}: ${pythonRepr(v, style)}`);
    return `{${entries.join(", ")}${style.trailingCommas && entries.length > 0 ? "," : ""}}`;
  }
  throw new Error(`no Python literal for ${typeof value}`);
}

function numberRepr(n: number, style: ReprStyle): string {
  if (Object.is(n, -0)) return "-0.0";
  if (!Number.isFinite(n)) throw new Error(`no Python literal for ${n}`);
  if (style.wholeAsFloat && Number.isInteger(n) && Math.abs(n) < 1e16) return `${n}.0`;
  // Python prints exponents with at least two digits (1e-07); JavaScript with one (1e-7).
  return String(n).replace(/e([+-])(\d)$/, "e$10$2");
}

function stringRepr(text: string, style: ReprStyle): string {
  const quote =
    style.quote === "double" || (style.quote === "python" && text.includes("'") && !text.includes('"'))
      ? '"'
      : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += `\\x${hex(code, 2)}`;
    else if (code >= 0xd800 && code <= 0xdfff) out += `\\u${hex(code, 4)}`;
    else if (code > 0x7f && style.escapeNonAscii) {
      out +=
        code < 0x100 ? `\\x${hex(code, 2)}` : code < 0x10000 ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
    } else out += ch;
  }
  return out + quote;
}

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, "0");
}
