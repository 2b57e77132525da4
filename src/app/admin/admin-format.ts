// How the console writes its figures, and reads its datetime-local fields back as RFC 3339. Times name
// their zone, as an operator compares them with the service's UTC logs.
const integer = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return integer.format(value);
}

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes in the largest unit that keeps the number at least 1 (1000-based, as network figures are). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

/** What an empty or zero limit means, said under a limit field. */
export const DEFAULT_LIMIT_HINT = "Empty: the service's default. 0: unlimited.";

/** A key's limit as the operator reads it: null is the service's default, 0 none at all. */
export function formatLimit(limit: number | null): string {
  if (limit === null) return "default";
  if (limit === 0) return "unlimited";
  return `${formatCount(limit)}/min`;
}

/** How far behind the market is: "12 s", "3 min 5 s", "2 h 4 min"; "—" when unknown. */
export function formatLag(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "—";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * How long streams lasted or have been held: "45 s", "12 min 5 s", "3 h 20 min", "2 d 4 h" (a week's
 * streams of one client add up to days).
 */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 86_400) return formatLag(s);
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/**
 * The value of an <input type="datetime-local"> ("2026-11-24T10:30", the reader's zone) as RFC 3339 in
 * UTC; null when it is no such time.
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** `epochMs` as a datetime-local value in the reader's zone, to the minute. */
export function isoToLocalInput(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A limit as typed: a whole number from 0 (unlimited) to 1,000,000 (thousands separators allowed), or
 * "" for none; otherwise the reason it is not one.
 */
export function parseLimit(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const bare = text.trim().replace(/[,_\s]/g, "");
  if (bare === "") return { ok: true, value: null };
  if (!/^\d+$/.test(bare)) return { ok: false, error: `“${text.trim()}” is not a whole number of requests.` };
  const value = Number(bare);
  if (value > 1_000_000) return { ok: false, error: "At most 1,000,000 requests a minute." };
  return { ok: true, value };
}
