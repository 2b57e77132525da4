// Reads RateLimit-Policy and Retry-After so the budget follows the server's rate limit rather than a guess.
// Members it cannot read are skipped, so one odd policy from a proxy does not hide the one we understand.
import type { RateLimitPolicy } from "../budget/budget-options.ts";

/**
 * `"fair-use";q=5;w=60` (current draft), also several comma-separated policies (the first with both q and
 * w wins) and the older draft form `5;w=60`, where the item itself is the quota. Null when no policy has a
 * quota ≥ 1 and a window ≥ 1 s: a zero quota would stall the dashboard for good, so it is left to 429s.
 */
export function parseRateLimitPolicy(header: string | null | undefined): RateLimitPolicy | null {
  for (const member of structuredList(header)) {
    const limit = member.params.get("q") ?? member.item;
    const windowSeconds = member.params.get("w");
    if (isCount(limit) && limit >= 1 && isCount(windowSeconds) && windowSeconds >= 1) {
      return { limit, windowSeconds };
    }
  }
  return null;
}

/** The requests a `RateLimit` header (`"fair-use";r=0;t=42`) says remain; null when it names none. */
export function parseRateLimitRemaining(header: string | null | undefined): number | null {
  for (const member of structuredList(header)) {
    const remaining = member.params.get("r");
    if (isCount(remaining)) return remaining;
  }
  return null;
}

/**
 * Milliseconds to wait from `nowMs`: Retry-After is delta-seconds (`120`) or an HTTP date in any of the
 * three forms HTTP asks recipients to accept. A date already past means 0. Null when absent or unreadable,
 * so the caller falls back to its own pause rather than trusting a garbled value.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | null {
  const value = header?.trim() ?? "";
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    return Number.isSafeInteger(seconds * 1000) ? seconds * 1000 : null;
  }
  const at = parseHttpDate(value, nowMs);
  return at === null ? null : Math.max(0, at - nowMs);
}

// --- structured fields (RFC 9651), the subset these headers use -------------------------------------

type BareItem = number | string | boolean;

interface ListMember {
  item: BareItem;
  params: Map<string, BareItem>;
}

export function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/** A structured-field list: also how X-Market-Source (market-source.ts) is read. */
export function structuredList(header: string | null | undefined): ListMember[] {
  if (!header) return [];
  const members: ListMember[] = [];
  for (const text of splitOutsideQuotes(header, ",")) {
    const [head = "", ...params] = splitOutsideQuotes(text, ";");
    const item = parseBareItem(head.trim());
    if (item === null) continue;
    const member: ListMember = { item, params: new Map() };
    for (const param of params) {
      const [key = "", value] = splitOnce(param.trim(), "=");
      if (key === "") continue;
      const parsed = value === undefined ? true : parseBareItem(value.trim());
      if (parsed !== null) member.params.set(key.toLowerCase(), parsed);
    }
    members.push(member);
  }
  return members;
}

function parseBareItem(text: string): BareItem | null {
  if (/^-?\d{1,15}(\.\d{1,3})?$/.test(text)) return Number(text);
  if (text === "?1" || text === "?0") return text === "?1";
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replace(/\\(["\\])/g, "$1");
  }
  if (/^[A-Za-z*][\w!#$%&'*+.^`|~:/-]*$/.test(text)) return text;
  return null;
}

/** Splits at `separator`s that are not inside a quoted string (quotes may hold `,` and `;`). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === "\\") i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

// --- HTTP dates (RFC 9110 §5.6.7) ---------------------------------------------------------------------

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// Written out rather than left to Date.parse, which reads asctime dates as local time and accepts
// garbage like "1.5" as a date in 2001.
const IMF_FIXDATE = /^[a-z]{3},\s+(\d{1,2})\s+([a-z]{3})\s+(\d{4})\s+(\d{2}):(\d{2}):(\d{2})\s+gmt$/i;
const RFC_850 = /^[a-z]{6,9},\s+(\d{1,2})-([a-z]{3})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\s+gmt$/i;
const ASCTIME = /^[a-z]{3}\s+([a-z]{3})\s+(\d{1,2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{4})$/i;

function parseHttpDate(text: string, nowMs: number): number | null {
  let match = IMF_FIXDATE.exec(text);
  if (match) return utc(match[3], match[2], match[1], match[4], match[5], match[6]);
  match = RFC_850.exec(text);
  if (match) {
    // Two-digit years: the most recent past year with those digits unless that is over 50 years ago.
    const thisYear = new Date(nowMs).getUTCFullYear();
    let year = thisYear - (thisYear % 100) + Number(match[3]);
    if (year > thisYear + 50) year -= 100;
    return utc(String(year), match[2], match[1], match[4], match[5], match[6]);
  }
  match = ASCTIME.exec(text);
  if (match) return utc(match[6], match[1], match[2], match[3], match[4], match[5]);
  return null;
}

function utc(...fields: (string | undefined)[]): number | null {
  const [yearText, monthText, dayText, hourText, minuteText, secondText] = fields;
  const month = MONTHS.indexOf(monthText?.toLowerCase() ?? "");
  const [year, day, hour, minute, second] = [yearText, dayText, hourText, minuteText, secondText].map(Number);
  if (year === undefined || day === undefined || hour === undefined || minute === undefined) return null;
  if (second === undefined || month < 0 || hour > 23 || minute > 59 || second > 60) return null;
  const at = Date.UTC(year, month, day, hour, minute, Math.min(second, 59));
  // Date.UTC rolls 31 Feb over into March; a date that does not exist is garbage, not a date.
  return new Date(at).getUTCDate() === day ? at : null;
}
