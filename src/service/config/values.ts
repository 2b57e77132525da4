// The readers of the settings' values: each checks the raw text of one setting and returns its value, or
// calls `fail` with what is allowed (and, where quoting it would leak a key, what was given instead).
import { CATALOG_SYMBOLS, readCoinList } from "../catalog/market-coins.ts";

export type Fail = (allowed: string, got?: string) => never;

const KEY_PATTERN = /^[A-Za-z0-9._~-]+$/;
const KEY_CHARS = "A-Z a-z 0-9 . _ ~ -";
const MIN_API_KEY = 8;
/** One setting: its environment variable, flag, default, meaning (for --help and the README) and reader. */
export interface Setting<T> {
  env: string;
  /** Flag name without the leading dashes; default: the env name in lower case, `_` as `-`. */
  flag?: string;
  default: string;
  meaning: string;
  parse: (raw: string, fail: Fail) => T;
}

export const flagOf = (setting: Setting<unknown>): string =>
  setting.flag ?? setting.env.toLowerCase().replaceAll("_", "-");

/** A reader of one of `choices`, given in any case. */
export function oneOf<T extends string>(choices: readonly T[]): (raw: string, fail: Fail) => T {
  return (raw, fail) => {
    const value = raw.trim().toLowerCase();
    if (!(choices as readonly string[]).includes(value)) fail(`one of ${choices.join(", ")}`);
    return value as T;
  };
}

export const MIN_WRITE_KEY = 16;
const MAX_KEY = 128;

export function wholeNumber(raw: string, min: number, max: number, allowed: string, fail: Fail): number {
  const text = raw.trim();
  if (!/^[0-9]+$/.test(text)) fail(allowed);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) fail(allowed);
  return value;
}

/**
 * Checks one key without ever echoing it: a message that quoted a key would put a (maybe real, maybe
 * one-typo-off) secret into the operator's terminal and logs. It says the length and the bad characters.
 */
function checkKey(key: string, index: number, minLength: number, fail: Fail): void {
  const allowed = `a list of keys of ${minLength}–${MAX_KEY} characters of ${KEY_CHARS}`;
  if (key.length < minLength || key.length > MAX_KEY) {
    fail(allowed, `key #${index + 1} of ${key.length} characters`);
  }
  if (!KEY_PATTERN.test(key)) {
    const bad = [...new Set(key.replace(/[A-Za-z0-9._~-]/g, ""))].map((c) => JSON.stringify(c)).join(" ");
    fail(allowed, `key #${index + 1} with the character(s) ${bad}`);
  }
}

export function listItems(raw: string): string[] {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

export function parseApiKeys(raw: string, fail: Fail): Map<string, number | null> {
  const keys = new Map<string, number | null>();
  listItems(raw).forEach((item, index) => {
    const parts = item.split(":");
    if (parts.length > 2) {
      fail("comma-separated key[:limit] items", `item #${index + 1} with ${parts.length - 1} colons`);
    }
    const key = parts[0] ?? "";
    checkKey(key, index, MIN_API_KEY, (allowed, got) =>
      fail(`${allowed}, each optionally followed by :limit`, got),
    );
    let limit: number | null = null;
    const limitText = parts[1];
    if (limitText !== undefined) {
      const text = limitText.trim();
      if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) {
        fail(
          "key[:limit] items whose limit is a whole number ≥ 0 (0 = unlimited for that key)",
          `key #${index + 1} with the limit ${JSON.stringify(limitText)}`,
        );
      }
      limit = Number(text);
    }
    if (keys.has(key)) fail("distinct keys", `key #${index + 1} repeating an earlier key`);
    keys.set(key, limit);
  });
  return keys;
}

export function parseWriteKeys(raw: string, fail: Fail): string[] {
  const keys: string[] = [];
  listItems(raw).forEach((key, index) => {
    checkKey(key, index, MIN_WRITE_KEY, fail);
    if (keys.includes(key)) fail("distinct keys", `key #${index + 1} repeating an earlier key`);
    keys.push(key);
  });
  return keys;
}

/** "all" (null), or some of the catalog's coins, in its order. */
export function parseMarketCoins(raw: string, fail: Fail): string[] | null {
  const allowed = `"all" or a comma-separated list of the catalog's coins (${CATALOG_SYMBOLS.join(", ")})`;
  if (raw.trim().toLowerCase() === "all") return null;
  const { coins, unknown } = readCoinList(raw);
  if (unknown.length > 0) {
    fail(
      allowed,
      `the unknown coin${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => JSON.stringify(u)).join(", ")}`,
    );
  }
  if (coins.length === 0) fail(allowed);
  return coins.length === CATALOG_SYMBOLS.length ? null : coins;
}

const SIZE_UNITS: Record<string, number> = { "": 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30 };

/** A size like 100M: a whole number of bytes, or of K, M or G (binary: 1K = 1024 bytes). */
export function parseSize(raw: string, min: number, fail: Fail): number {
  const allowed =
    "a size like 100M: a whole number followed by K, M or G (or nothing, for bytes), at least 1K";
  const match = /^([0-9]+)\s*([KMG]?)B?$/i.exec(raw.trim());
  if (!match) return fail(allowed);
  const bytes = Number(match[1]) * (SIZE_UNITS[(match[2] ?? "").toUpperCase()] ?? Number.NaN);
  if (!Number.isSafeInteger(bytes) || bytes < min || bytes > 2 ** 40) fail(allowed);
  return bytes;
}

export function parseOrigins(raw: string, fail: Fail): "*" | string[] {
  const allowed = `"*" or a comma-separated list of http(s) origins like https://example.com`;
  if (raw.trim() === "*") return "*";
  const items = listItems(raw);
  if (items.length === 0) fail(allowed);
  const origins: string[] = [];
  for (const item of items) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return fail(allowed, JSON.stringify(item));
    }
    // An origin is scheme://host[:port] and nothing else (a single trailing slash is forgiven); it is kept
    // in the form browsers send in the Origin header (lower case, default port left out).
    const onlyOrigin =
      url.pathname === "/" && !item.endsWith("//") && !/[?#]/.test(item) && url.username === "";
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !onlyOrigin || url.password !== "") {
      fail(allowed, JSON.stringify(item));
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
