// The service's settings: their values (Config), the table of each setting's env name, flag, default, meaning
// and parser, and the value parsers. config.ts reads them from the environment and the flags.
import path from "node:path";
import {
  DEFAULT_RATE_LIMIT,
  RATE_LIMIT_WINDOW_SECONDS,
  WIRE_FORMATS,
  type WireFormat,
} from "../interface/vocabulary.ts";
import { CATALOG_SYMBOLS, readCoinList } from "./catalog/market-coins.ts";

export interface Config {
  /** TCP port to listen on; 0 = any free port. */
  port: number;
  /** Absolute path of the directory holding the embedded database, write key and request log. */
  dataDir: string;
  /** Requests per client in any 60-second window; 0 = no limit. */
  rateLimit: number;
  /** Issued client keys and each one's own limit; null = `rateLimit` applies, 0 = unlimited. */
  apiKeys: Map<string, number | null>;
  /** Keys allowed to post supply; empty = use (or create) the key file in `dataDir`. */
  writeKeys: string[];
  wire: WireFormat;
  /** Days of market history seeded on first start. */
  historyDays: number;
  /** How fast the market clock runs: 1 = real time, 60 = a 120-second block every 2 s. */
  marketSpeed: number;
  /** The market simulator's seed. */
  seed: number;
  /** The coins the market simulates, in the catalog's order; null = all of them. */
  marketCoins: string[] | null;
  /** "*" = any origin, else the allowed origins (scheme://host[:port]). */
  corsOrigins: "*" | string[];
  /** The built dashboard served at /. */
  dashboardDir: string;
  /** The request log is rotated (gzipped) once it holds this many bytes, and at every UTC midnight. */
  logMaxBytes: number;
  /** Rotated request logs kept; older ones are deleted. */
  logKeep: number;
  /** `--help` was given: print `helpText()` and exit instead of starting. */
  help: boolean;
}

export type Fail = (allowed: string, got?: string) => never;

export interface Setting<T> {
  env: string;
  /** Flag name without the leading dashes. */
  flag: string;
  default: string;
  meaning: string;
  parse: (raw: string, fail: Fail) => T;
}

type Settings = { [K in Exclude<keyof Config, "help">]: Setting<Config[K]> };

const KEY_PATTERN = /^[A-Za-z0-9._~-]+$/;
const KEY_CHARS = "A-Z a-z 0-9 . _ ~ -";
const MIN_API_KEY = 8;
const MIN_WRITE_KEY = 16;
const MAX_KEY = 128;

function wholeNumber(raw: string, min: number, max: number, allowed: string, fail: Fail): number {
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

function listItems(raw: string): string[] {
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

function parseApiKeys(raw: string, fail: Fail): Map<string, number | null> {
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

function parseWriteKeys(raw: string, fail: Fail): string[] {
  const keys: string[] = [];
  listItems(raw).forEach((key, index) => {
    checkKey(key, index, MIN_WRITE_KEY, fail);
    if (keys.includes(key)) fail("distinct keys", `key #${index + 1} repeating an earlier key`);
    keys.push(key);
  });
  return keys;
}

/** "all" (null), or some of the catalog's coins, in its order. */
function parseMarketCoins(raw: string, fail: Fail): string[] | null {
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
function parseSize(raw: string, min: number, fail: Fail): number {
  const allowed =
    "a size like 100M: a whole number followed by K, M or G (or nothing, for bytes), at least 1K";
  const match = /^([0-9]+)\s*([KMG]?)B?$/i.exec(raw.trim());
  if (!match) return fail(allowed);
  const bytes = Number(match[1]) * (SIZE_UNITS[(match[2] ?? "").toUpperCase()] ?? Number.NaN);
  if (!Number.isSafeInteger(bytes) || bytes < min || bytes > 2 ** 40) fail(allowed);
  return bytes;
}

function parseOrigins(raw: string, fail: Fail): "*" | string[] {
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

export const SETTINGS: Settings = {
  port: {
    env: "PORT",
    flag: "port",
    default: "8080",
    meaning: "TCP port to listen on (0 = any free port)",
    parse: (raw, fail) => wholeNumber(raw, 0, 65_535, "a whole number 0–65535 (0 = any free port)", fail),
  },
  dataDir: {
    env: "DATA_DIR",
    flag: "data-dir",
    default: "./data",
    meaning: "Directory of the embedded database, the write key and the request log",
    parse: (raw, fail) => {
      if (raw.trim() === "") fail("a directory path");
      return path.resolve(raw);
    },
  },
  rateLimit: {
    env: "RATE_LIMIT",
    flag: "rate-limit",
    default: String(DEFAULT_RATE_LIMIT),
    meaning: `Requests per client in any ${RATE_LIMIT_WINDOW_SECONDS}-second window (0 turns the limit off)`,
    parse: (raw, fail) =>
      wholeNumber(raw, 0, Number.MAX_SAFE_INTEGER, "a whole number ≥ 0 (0 turns the limit off)", fail),
  },
  apiKeys: {
    env: "API_KEYS",
    flag: "api-keys",
    default: "",
    meaning:
      "Issued client keys, comma separated, each optionally with its own limit: key[:limit],… (0 = unlimited)",
    parse: parseApiKeys,
  },
  writeKeys: {
    env: "WRITE_KEYS",
    flag: "write-keys",
    default: "",
    meaning: `Keys allowed to post supply, comma separated, ${MIN_WRITE_KEY}+ characters each (none: <data-dir>/write-key)`,
    parse: parseWriteKeys,
  },
  wire: {
    env: "WIRE",
    flag: "wire",
    default: "seed",
    meaning: "Wire format: seed (the interface document's) or dia (the public service's)",
    parse: (raw, fail) => {
      const value = raw.trim();
      const known: readonly string[] = WIRE_FORMATS;
      if (!known.includes(value)) fail(`one of ${WIRE_FORMATS.join(", ")}`);
      return value as WireFormat;
    },
  },
  historyDays: {
    env: "HISTORY_DAYS",
    flag: "history-days",
    default: "30",
    meaning: "Days of market history seeded on first start",
    parse: (raw, fail) => wholeNumber(raw, 1, 3_650, "a whole number 1–3650", fail),
  },
  marketSpeed: {
    env: "MARKET_SPEED",
    flag: "market-speed",
    default: "1",
    meaning: "How fast the market clock runs (1 = real time, 60 = a block every 2 s)",
    parse: (raw, fail) => {
      const allowed = "a number > 0 and ≤ 10000";
      const text = raw.trim();
      if (!/^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(text)) fail(allowed);
      const value = Number(text);
      if (!(value > 0 && value <= 10_000)) fail(allowed);
      return value;
    },
  },
  seed: {
    env: "SEED",
    flag: "seed",
    default: "42",
    meaning: "The market simulator's seed",
    parse: (raw, fail) => wholeNumber(raw, 0, 2 ** 32 - 1, "a whole number 0–4294967295", fail),
  },
  marketCoins: {
    env: "MARKET_COINS",
    flag: "market-coins",
    default: "all",
    meaning: "Coins the market simulates: all, or a list like BTC,ETH (a long history seeds faster)",
    parse: parseMarketCoins,
  },
  dashboardDir: {
    env: "DASHBOARD_DIR",
    flag: "dashboard-dir",
    default: "dist/app",
    meaning: "The built dashboard served at / (vite build writes dist/app)",
    parse: (raw, fail) => {
      const value = raw.trim();
      if (value === "") fail("a directory path");
      return value;
    },
  },
  corsOrigins: {
    env: "CORS_ORIGINS",
    flag: "cors-origins",
    default: "*",
    meaning: `Origins browsers may call from: "*" or a comma-separated list like https://example.com`,
    parse: parseOrigins,
  },
  logMaxBytes: {
    env: "LOG_MAX_SIZE",
    flag: "log-max-size",
    default: "100M",
    meaning:
      "The request log is rotated into a gzipped file at this size (K, M, G) and at every UTC midnight",
    parse: (raw, fail) => parseSize(raw, 1024, fail),
  },
  logKeep: {
    env: "LOG_KEEP",
    flag: "log-keep",
    default: "14",
    meaning: "Rotated request logs kept (the oldest beyond it are deleted)",
    parse: (raw, fail) => wholeNumber(raw, 1, 999, "a whole number 1–999", fail),
  },
};
