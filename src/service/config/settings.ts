// The service's settings: their values (Config) and the table of each setting's env name, flag, default,
// meaning and reader (the readers are in values.ts, those of one concern in access.ts, cluster.ts, rates.ts
// and sources.ts; the host overrides' in hosts.ts). load.ts reads them from the environment and the flags.
import path from "node:path";
import { WIRE_FORMATS, type WireFormat } from "../../interface/vocabulary.ts";
import type { LogLevel } from "../ops/logger.ts";
import type { ChosenSettings } from "../sources/market-choice.ts";
import { ACCESS_SETTINGS } from "./access.ts";
import { parseDatabaseUrl, parseRedisUrl, parseRole, parseTrustProxy } from "./cluster.ts";
import { parseRateIssuerHosts, parseRatesSource } from "./rates.ts";
import { parseExchangeHosts, parseExchanges, parseMarketSource } from "./sources.ts";
import { oneOf, parseMarketCoins, parseOrigins, parseSize, type Setting, wholeNumber } from "./values.ts";

/** Every setting's value (SETTINGS says what each means) and what the start derives; handed to the rooms. */
export type Config = { -readonly [K in keyof typeof SETTINGS]: ReturnType<(typeof SETTINGS)[K]["parse"]> } & {
  /** HISTORY_DAYS was given; else its default depends on the source (30 simulated, 1 real). */
  historyDaysGiven: boolean;
  /** Why the simulator is the fallback for the exchanges MARKET_SOURCE auto wanted; null when it is not. */
  marketFallback: string | null;
  /** `--help` was given: print `helpText()` and exit instead of starting. */
  help: boolean;
};

/** The configuration once the start has chosen the market's and the rates' sources (market-choice.ts). */
export type ChosenConfig = ChosenSettings<Config>;

export const SETTINGS = {
  port: {
    env: "PORT",
    default: "8080",
    meaning: "TCP port to listen on (0 = any free port)",
    parse: (raw, fail) => wholeNumber(raw, 0, 65_535, "a whole number 0–65535 (0 = any free port)", fail),
  },
  dataDir: {
    env: "DATA_DIR",
    default: "./data",
    meaning: "Directory of the embedded database, the write key and the request log",
    parse: (raw, fail) => {
      if (raw.trim() === "") fail("a directory path");
      return path.resolve(raw);
    },
  },
  ...ACCESS_SETTINGS,
  logLevel: {
    env: "LOG_LEVEL",
    default: "info",
    meaning: "The service log's least severe level: trace, debug, info, warn, error, fatal or silent",
    parse: oneOf<LogLevel | "silent">(["trace", "debug", "info", "warn", "error", "fatal", "silent"]),
  },
  wire: {
    env: "WIRE",
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
    default: "30",
    meaning:
      "Days of market history seeded on first start (default 30 simulated; for the real market 1, from 1-minute candles)",
    parse: (raw, fail) => wholeNumber(raw, 1, 3_650, "a whole number 1–3650", fail),
  },
  marketSpeed: {
    env: "MARKET_SPEED",
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
    default: "42",
    meaning: "The market simulator's seed",
    parse: (raw, fail) => wholeNumber(raw, 0, 2 ** 32 - 1, "a whole number 0–4294967295", fail),
  },
  marketCoins: {
    env: "MARKET_COINS",
    default: "all",
    meaning: "Coins the market simulates: all, or a list like BTC,ETH (a long history seeds faster)",
    parse: parseMarketCoins,
  },
  marketSource: {
    env: "MARKET_SOURCE",
    flag: "market",
    default: "auto",
    meaning:
      "Where trades come from: auto (the ten exchanges' public streams when one responds within 10 s, else the simulator), exchanges, or simulator (offline, seeded)",
    parse: parseMarketSource,
  },
  marketRetrySeconds: {
    env: "MARKET_RETRY_SECONDS",
    default: "300",
    meaning:
      "With MARKET_SOURCE auto and no exchange reachable at the start: seconds between tries; the service switches to the real market when one responds",
    parse: (raw, fail) => wholeNumber(raw, 1, 86_400, "a whole number of seconds 1–86400", fail),
  },
  exchanges: {
    env: "EXCHANGES",
    default: "all",
    meaning: "Exchanges the exchanges source reads: all, or a list like binance,kraken",
    parse: parseExchanges,
  },
  exchangeHosts: {
    env: "EXCHANGE_HOSTS",
    default: "",
    meaning:
      "Send an exchange's REST and WebSocket traffic to another origin, keeping its paths: binance=http://127.0.0.1:9101,…",
    parse: parseExchangeHosts,
  },
  ratesSource: {
    env: "RATES_SOURCE",
    flag: "rates",
    default: "auto",
    meaning:
      "Where interest rates come from: auto (the issuers beside the real market where one responds within 10 s, else generated), history (generated, offline) or issuers (the ECB, the New York Fed, the Bank of England)",
    parse: parseRatesSource,
  },
  rateIssuerHosts: {
    env: "RATE_ISSUER_HOSTS",
    default: "",
    meaning:
      "Send an issuer's requests to another origin, keeping their paths: ecb=http://127.0.0.1:9201,nyfed=…,boe=…",
    parse: parseRateIssuerHosts,
  },
  dashboardDir: {
    env: "DASHBOARD_DIR",
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
    default: "*",
    meaning: `Origins browsers may call from: "*" or a comma-separated list like https://example.com`,
    parse: parseOrigins,
  },
  https: {
    env: "HTTPS",
    default: "false",
    meaning:
      "true when clients reach the service over HTTPS (a balancer terminates TLS): responses then carry Strict-Transport-Security",
    parse: (raw, fail) => {
      const value = raw.trim().toLowerCase();
      if (value === "true" || value === "1") return true;
      if (value === "false" || value === "0" || value === "") return false;
      return fail("true or false");
    },
  },
  logMaxBytes: {
    env: "LOG_MAX_SIZE",
    default: "100M",
    meaning:
      "The request log is rotated into a gzipped file at this size (K, M, G) and at every UTC midnight",
    parse: (raw, fail) => parseSize(raw, 1024, fail),
  },
  logKeep: {
    env: "LOG_KEEP",
    default: "14",
    meaning: "Rotated request logs kept (the oldest beyond it are deleted)",
    parse: (raw, fail) => wholeNumber(raw, 1, 999, "a whole number 1–999", fail),
  },
  databaseUrl: {
    env: "DATABASE_URL",
    default: "",
    meaning:
      "PostgreSQL 15 for several processes: postgres://user:password@host:5432/db (none: SQLite in --data-dir)",
    parse: parseDatabaseUrl,
  },
  redisUrl: {
    env: "REDIS_URL",
    default: "",
    meaning: "Redis for several processes (one rate limit, cache invalidation): redis://host:6379",
    parse: parseRedisUrl,
  },
  role: {
    env: "ROLE",
    default: "all",
    meaning:
      "What this process runs: all, api (serves HTTP only) or ingest (the market only; one writes at a time)",
    parse: parseRole,
  },
  trustProxy: {
    env: "TRUST_PROXY",
    default: "",
    meaning: "Load balancers whose X-Forwarded-For names the client: addresses or CIDRs like 10.0.0.0/8",
    parse: parseTrustProxy,
  },
} satisfies Record<string, Setting<unknown>>;
