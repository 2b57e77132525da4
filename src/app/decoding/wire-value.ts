// What every decoder needs of an untyped value off the wire: the error it throws, a way to name a value in
// that error, and field lookup that ignores case (the public service wrote PascalCase, this one camelCase).

/** A body the dashboard cannot read: not JSON or a Python literal, or not the resource it should be. */
export class DecodeError extends Error {
  /** A short piece of the body, or of the offending value, to show beside the message. */
  readonly excerpt: string;

  constructor(message: string, excerpt: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DecodeError";
    this.excerpt = excerpt;
  }
}

const EXCERPT_LENGTH = 80;

/** Up to EXCERPT_LENGTH characters of `text` around `offset`, with "…" where it was cut. */
export function excerptAround(text: string, offset: number): string {
  const start = Math.max(0, Math.min(offset - EXCERPT_LENGTH / 2, text.length - EXCERPT_LENGTH));
  const end = Math.min(text.length, start + EXCERPT_LENGTH);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

/** Names a value for an error message: `"abc"`, `12`, `null`, `an object`, `nothing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") {
    const text = JSON.stringify(value);
    return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…"` : text;
  }
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object") return "an object";
  return typeof value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value of the field whose name, lower-cased, is `lowerName`; a field spelt exactly so wins. */
export function fieldIgnoringCase(record: Record<string, unknown>, lowerName: string): unknown {
  if (Object.hasOwn(record, lowerName)) return record[lowerName];
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() === lowerName) return record[key];
  }
  return undefined;
}
