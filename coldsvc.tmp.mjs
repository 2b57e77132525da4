// src/service/config.ts
import { parseArgs } from "node:util";

// src/service/config-settings.ts
import path from "node:path";

// src/interface/vocabulary.ts
var BLOCK_SECONDS = 120;
var FILTERS = ["MEDIR120", "MAIR120", "MA120"];
var SCALE_SECONDS = {
  "5m": 300,
  "30m": 1800,
  "1h": 3600,
  "4h": 14400,
  "1d": 86400,
  "1w": 604800
};
var SCALES = Object.keys(SCALE_SECONDS);
var DAY = 86400;
var DEFAULT_WINDOW_SECONDS = {
  raw: DAY,
  "5m": 7 * DAY,
  "30m": 30 * DAY,
  "1h": 90 * DAY,
  "4h": 365 * DAY,
  "1d": null,
  "1w": null
};
var MAX_CHART_POINTS = 1e5;
var WEEK_OFFSET_SECONDS = 4 * DAY;
function bucketStart(t, scale) {
  const size = SCALE_SECONDS[scale];
  const offset = scale === "1w" ? WEEK_OFFSET_SECONDS : 0;
  return Math.floor((t - offset) / size) * size + offset;
}
var RATE_TYPES = {
  ESTER: { issuer: "ECB", firstDate: "2019-10-01", decimals: 3, name: "Euro short-term rate (\u20ACSTR)" },
  SOFR: { issuer: "FED", firstDate: "2018-04-02", decimals: 2, name: "Secured Overnight Financing Rate" },
  SOFR30: { issuer: "FED", firstDate: "2020-03-02", decimals: 5, name: "30-day average SOFR" },
  SOFR90: { issuer: "FED", firstDate: "2020-03-02", decimals: 5, name: "90-day average SOFR" },
  SOFR180: { issuer: "FED", firstDate: "2020-03-02", decimals: 5, name: "180-day average SOFR" },
  SAFR: { issuer: "FED", firstDate: "2020-03-02", decimals: 8, name: "SOFR Index" },
  SONIA: { issuer: "BOE", firstDate: "1997-01-02", decimals: 4, name: "Sterling Overnight Index Average" }
};
var RATE_TYPE_SYMBOLS = Object.keys(RATE_TYPES);
var FX_CURRENCIES = ["EUR", "JPY", "GBP", "SEK", "CHF", "NOK", "AUD", "CAD", "CNY", "KRW"];
var WIRE_FORMATS = ["seed", "dia"];
var DEFAULT_RATE_LIMIT = 5;
var RATE_LIMIT_WINDOW_SECONDS = 60;

// src/service/config-settings.ts
var KEY_PATTERN = /^[A-Za-z0-9._~-]+$/;
var KEY_CHARS = "A-Z a-z 0-9 . _ ~ -";
var MIN_API_KEY = 8;
var MIN_WRITE_KEY = 16;
var MAX_KEY = 128;
function wholeNumber(raw, min, max, allowed, fail) {
  const text = raw.trim();
  if (!/^[0-9]+$/.test(text)) fail(allowed);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) fail(allowed);
  return value;
}
function checkKey(key, index, minLength, fail) {
  const allowed = `a list of keys of ${minLength}\u2013${MAX_KEY} characters of ${KEY_CHARS}`;
  if (key.length < minLength || key.length > MAX_KEY) {
    fail(allowed, `key #${index + 1} of ${key.length} characters`);
  }
  if (!KEY_PATTERN.test(key)) {
    const bad = [...new Set(key.replace(/[A-Za-z0-9._~-]/g, ""))].map((c) => JSON.stringify(c)).join(" ");
    fail(allowed, `key #${index + 1} with the character(s) ${bad}`);
  }
}
function listItems(raw) {
  return raw.split(",").map((item) => item.trim()).filter((item) => item !== "");
}
function parseApiKeys(raw, fail) {
  const keys = /* @__PURE__ */ new Map();
  listItems(raw).forEach((item, index) => {
    const parts = item.split(":");
    if (parts.length > 2) {
      fail("comma-separated key[:limit] items", `item #${index + 1} with ${parts.length - 1} colons`);
    }
    const key = parts[0] ?? "";
    checkKey(
      key,
      index,
      MIN_API_KEY,
      (allowed, got) => fail(`${allowed}, each optionally followed by :limit`, got)
    );
    let limit = null;
    const limitText = parts[1];
    if (limitText !== void 0) {
      const text = limitText.trim();
      if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(Number(text))) {
        fail(
          "key[:limit] items whose limit is a whole number \u2265 0 (0 = unlimited for that key)",
          `key #${index + 1} with the limit ${JSON.stringify(limitText)}`
        );
      }
      limit = Number(text);
    }
    if (keys.has(key)) fail("distinct keys", `key #${index + 1} repeating an earlier key`);
    keys.set(key, limit);
  });
  return keys;
}
function parseWriteKeys(raw, fail) {
  const keys = [];
  listItems(raw).forEach((key, index) => {
    checkKey(key, index, MIN_WRITE_KEY, fail);
    if (keys.includes(key)) fail("distinct keys", `key #${index + 1} repeating an earlier key`);
    keys.push(key);
  });
  return keys;
}
function parseOrigins(raw, fail) {
  const allowed = `"*" or a comma-separated list of http(s) origins like https://example.com`;
  if (raw.trim() === "*") return "*";
  const items = listItems(raw);
  if (items.length === 0) fail(allowed);
  const origins = [];
  for (const item of items) {
    let url;
    try {
      url = new URL(item);
    } catch {
      return fail(allowed, JSON.stringify(item));
    }
    const onlyOrigin = url.pathname === "/" && !item.endsWith("//") && !/[?#]/.test(item) && url.username === "";
    if (url.protocol !== "http:" && url.protocol !== "https:" || !onlyOrigin || url.password !== "") {
      fail(allowed, JSON.stringify(item));
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
var SETTINGS = {
  port: {
    env: "PORT",
    flag: "port",
    default: "8080",
    meaning: "TCP port to listen on (0 = any free port)",
    parse: (raw, fail) => wholeNumber(raw, 0, 65535, "a whole number 0\u201365535 (0 = any free port)", fail)
  },
  dataDir: {
    env: "DATA_DIR",
    flag: "data-dir",
    default: "./data",
    meaning: "Directory of the embedded database, the write key and the request log",
    parse: (raw, fail) => {
      if (raw.trim() === "") fail("a directory path");
      return path.resolve(raw);
    }
  },
  rateLimit: {
    env: "RATE_LIMIT",
    flag: "rate-limit",
    default: String(DEFAULT_RATE_LIMIT),
    meaning: `Requests per client in any ${RATE_LIMIT_WINDOW_SECONDS}-second window (0 turns the limit off)`,
    parse: (raw, fail) => wholeNumber(raw, 0, Number.MAX_SAFE_INTEGER, "a whole number \u2265 0 (0 turns the limit off)", fail)
  },
  apiKeys: {
    env: "API_KEYS",
    flag: "api-keys",
    default: "",
    meaning: "Issued client keys, comma separated, each optionally with its own limit: key[:limit],\u2026 (0 = unlimited)",
    parse: parseApiKeys
  },
  writeKeys: {
    env: "WRITE_KEYS",
    flag: "write-keys",
    default: "",
    meaning: `Keys allowed to post supply, comma separated, ${MIN_WRITE_KEY}+ characters each (none: <data-dir>/write-key)`,
    parse: parseWriteKeys
  },
  wire: {
    env: "WIRE",
    flag: "wire",
    default: "seed",
    meaning: "Wire format: seed (the interface document's) or dia (the public service's)",
    parse: (raw, fail) => {
      const value = raw.trim();
      const known = WIRE_FORMATS;
      if (!known.includes(value)) fail(`one of ${WIRE_FORMATS.join(", ")}`);
      return value;
    }
  },
  historyDays: {
    env: "HISTORY_DAYS",
    flag: "history-days",
    default: "30",
    meaning: "Days of market history seeded on first start",
    parse: (raw, fail) => wholeNumber(raw, 1, 3650, "a whole number 1\u20133650", fail)
  },
  marketSpeed: {
    env: "MARKET_SPEED",
    flag: "market-speed",
    default: "1",
    meaning: "How fast the market clock runs (1 = real time, 60 = a block every 2 s)",
    parse: (raw, fail) => {
      const allowed = "a number > 0 and \u2264 10000";
      const text = raw.trim();
      if (!/^(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(text)) fail(allowed);
      const value = Number(text);
      if (!(value > 0 && value <= 1e4)) fail(allowed);
      return value;
    }
  },
  seed: {
    env: "SEED",
    flag: "seed",
    default: "42",
    meaning: "The market simulator's seed",
    parse: (raw, fail) => wholeNumber(raw, 0, 2 ** 32 - 1, "a whole number 0\u20134294967295", fail)
  },
  corsOrigins: {
    env: "CORS_ORIGINS",
    flag: "cors-origins",
    default: "*",
    meaning: `Origins browsers may call from: "*" or a comma-separated list like https://example.com`,
    parse: parseOrigins
  }
};

// src/service/config.ts
var ConfigError = class extends Error {
  /** The environment variable name of the offending setting, or null for a problem with the flags. */
  setting;
  constructor(message, setting = null) {
    super(message);
    this.name = "ConfigError";
    this.setting = setting;
  }
};
var SETTING_LIST = Object.values(SETTINGS);
var CONFIG_TABLE = SETTING_LIST.map((s) => ({ env: s.env, flag: `--${s.flag}`, default: s.default, meaning: s.meaning }));
function parseFlags(argv) {
  const options = {
    help: { type: "boolean", short: "h" }
  };
  for (const s of SETTING_LIST) options[s.flag] = { type: "string" };
  const known = ["--help", ...SETTING_LIST.map((s) => `--${s.flag}`)].join(", ");
  const { tokens } = parseArgs({ args: argv, options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind === "option" && !(token.name in options)) {
      throw new ConfigError(`Unknown flag ${JSON.stringify(token.rawName)}; the known flags are ${known}`);
    }
    if (token.kind === "positional") {
      throw new ConfigError(
        `Unexpected argument ${JSON.stringify(token.value)}; settings are given as --flag value or --flag=value (known flags: ${known})`
      );
    }
  }
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return { values, help: values.help === true };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new ConfigError(`Bad flags: ${message} (known flags: ${known})`);
  }
}
function loadConfig(env, argv) {
  const { values, help } = parseFlags(argv);
  function resolve(setting) {
    const flagValue = values[setting.flag];
    const envValue = env[setting.env];
    const raw = typeof flagValue === "string" ? flagValue : envValue !== void 0 && envValue !== "" ? envValue : void 0;
    const fail = (allowed, got) => {
      const given = got ?? JSON.stringify(raw ?? setting.default);
      throw new ConfigError(
        `${setting.env} (--${setting.flag}) must be ${allowed}; got ${given}`,
        setting.env
      );
    };
    try {
      return setting.parse(raw ?? setting.default, fail);
    } catch (error) {
      if (help && error instanceof ConfigError) return setting.parse(setting.default, fail);
      throw error;
    }
  }
  return {
    port: resolve(SETTINGS.port),
    dataDir: resolve(SETTINGS.dataDir),
    rateLimit: resolve(SETTINGS.rateLimit),
    apiKeys: resolve(SETTINGS.apiKeys),
    writeKeys: resolve(SETTINGS.writeKeys),
    wire: resolve(SETTINGS.wire),
    historyDays: resolve(SETTINGS.historyDays),
    marketSpeed: resolve(SETTINGS.marketSpeed),
    seed: resolve(SETTINGS.seed),
    corsOrigins: resolve(SETTINGS.corsOrigins),
    help
  };
}

// src/service/server.ts
import { createServer } from "node:http";
import { join as join3 } from "node:path";
import { getRequestListener } from "@hono/node-server";

// src/service/clock.ts
var systemClock = { now: () => Date.now() };
var MarketClock = class {
  constructor(base, speed, startMs = base.now()) {
    this.base = base;
    this.speed = speed;
    this.startMs = startMs;
    this.baseStart = base.now();
  }
  base;
  speed;
  startMs;
  baseStart;
  now() {
    return this.startMs + (this.base.now() - this.baseStart) * this.speed;
  }
  /** Real milliseconds until the market clock reaches `marketMs`. */
  realDelayUntil(marketMs) {
    return Math.max(0, (marketMs - this.now()) / this.speed);
  }
};

// src/service/http/app.ts
import { OpenAPIHono } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";

// src/interface/errors.ts
var ERROR_STATUSES = {
  400: "A malformed or out-of-range parameter or body; the message names it and what is allowed",
  401: "A missing or wrong write key on POST /v1/supply, or an X-Api-Key that was not issued",
  404: "An unknown symbol, exchange, rate type or route, or no fixing within 30 days of the date",
  405: "A method the path does not take; the Allow header lists the ones it does",
  413: "A request body over the size limit",
  429: "Over the fair-usage limit; Retry-After says in how many seconds to try again",
  500: "A fault of the service itself, never bad input"
};
var MAX_BODY_BYTES = 16 * 1024;

// src/service/http/cors.ts
var ALLOW_METHODS = "GET, POST, OPTIONS";
var ALLOW_HEADERS = "Authorization, Content-Type, X-Api-Key";
var EXPOSE_HEADERS = "RateLimit, RateLimit-Policy, Retry-After, Content-Length";
function corsHeaderValues(origins, origin) {
  const allowed = origins === "*" ? "*" : origin !== void 0 && origins.includes(origin) ? origin : null;
  const headers = {};
  if (allowed) {
    headers["Access-Control-Allow-Origin"] = allowed;
    headers["Access-Control-Expose-Headers"] = EXPOSE_HEADERS;
  }
  if (origins !== "*") headers.Vary = "Origin";
  return headers;
}
function corsHeaders(origins) {
  return async (c, next) => {
    const headers = corsHeaderValues(origins, c.req.header("Origin"));
    if (c.req.method === "OPTIONS" && c.req.header("Access-Control-Request-Method") !== void 0) {
      delete headers["Access-Control-Expose-Headers"];
      headers["Access-Control-Allow-Methods"] = ALLOW_METHODS;
      headers["Access-Control-Allow-Headers"] = ALLOW_HEADERS;
      headers["Access-Control-Max-Age"] = "86400";
      return c.body(null, 204, headers);
    }
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    await next();
  };
}

// src/service/http/docs.ts
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
var swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
var PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Market Data Query Service \u2014 API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="api"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;
var INIT = `window.ui = SwaggerUIBundle({ url: "/v1/openapi.json", dom_id: "#api", deepLinking: true });`;
function registerDocs(app) {
  app.get("/docs", (c) => c.html(PAGE));
  app.get("/docs/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  app.use(
    "/docs/assets/*",
    serveStatic({ root: swaggerDir, rewriteRequestPath: (path6) => path6.replace(/^\/docs\/assets/, "") })
  );
}

// src/service/http/errors.ts
var ApiError = class extends Error {
  constructor(status, message, headers = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
  status;
  headers;
};
function errorBody(status, message) {
  return JSON.stringify({ errorcode: status, errormessage: message });
}
function errorResponse(c, error) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  const body = errorBody(error.status, error.message);
  c.header("Content-Type", "application/json; charset=utf-8");
  c.header("Content-Length", String(Buffer.byteLength(body)));
  return c.body(body, error.status);
}
var LOCATION = {
  param: "path parameter",
  query: "query parameter",
  json: "body field",
  form: "form field",
  header: "header"
};
function describeValidationError(c, target, error) {
  const parts = error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "");
    const where = LOCATION[target] ?? target;
    const given = receivedValue(c, target, name);
    const got = given === void 0 ? "" : `; got ${JSON.stringify(given)}`;
    return name ? `${where} '${name}' ${issue.message}${got}` : `${where}s: ${issue.message}`;
  });
  return parts.join("; ");
}
function receivedValue(c, target, name) {
  if (target === "param") return c.req.param(name);
  if (target === "query") return c.req.query(name);
  return void 0;
}
function validationHook(result, c) {
  if (result.success) return void 0;
  return errorResponse(c, new ApiError(400, describeValidationError(c, result.target, result.error)));
}

// src/service/http/fair-usage-middleware.ts
import { getConnInfo } from "@hono/node-server/conninfo";

// src/service/http/fair-usage.ts
var INITIAL_CAPACITY = 8;
function monotonicNow() {
  return performance.timeOrigin + performance.now();
}
var FairUsageLimiter = class {
  windowMs;
  maxClients;
  now;
  /** Clients in least-recently-seen-first order (a Map keeps insertion order; a take re-inserts). */
  clients = /* @__PURE__ */ new Map();
  lastSweep = Number.NEGATIVE_INFINITY;
  constructor(options = {}) {
    this.windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_SECONDS * 1e3;
    this.now = options.now ?? monotonicNow;
    this.maxClients = options.maxClients ?? 1e5;
    if (!(this.windowMs > 0)) throw new RangeError(`windowMs must be > 0; got ${this.windowMs}`);
    if (!(Number.isSafeInteger(this.maxClients) && this.maxClients >= 1)) {
      throw new RangeError(`maxClients must be a whole number \u2265 1; got ${this.maxClients}`);
    }
  }
  /** Clients currently remembered. */
  get size() {
    return this.clients.size;
  }
  /**
   * Decides one request of `client` under `limit` requests per window (0 = unlimited: always allowed,
   * nothing stored). An allowed request is counted; a refused one is not.
   */
  take(client, limit) {
    if (!(Number.isSafeInteger(limit) && limit >= 0)) {
      throw new RangeError(`limit must be a whole number \u2265 0; got ${limit}`);
    }
    const now = this.now();
    const cutoff = now - this.windowMs;
    this.sweep(now, cutoff);
    if (limit === 0) {
      this.clients.delete(client);
      return { allowed: true, limit: 0, remaining: 0, resetSeconds: 0, retryAfterSeconds: 0 };
    }
    let window = this.clients.get(client);
    if (window) {
      this.clients.delete(client);
    } else {
      window = { times: new Float64Array(Math.min(limit, INITIAL_CAPACITY)), head: 0, count: 0 };
      this.evictFor(1);
    }
    this.clients.set(client, window);
    expire(window, cutoff);
    const allowed = window.count < limit;
    if (allowed) push(window, now, limit);
    const freeing = window.times[(window.head + Math.max(0, window.count - limit)) % window.times.length] ?? now;
    const untilFree = Math.max(1, Math.ceil((freeing + this.windowMs - now) / 1e3));
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: window.count > 0 ? untilFree : 0,
      retryAfterSeconds: allowed ? 0 : untilFree
    };
  }
  /** Forgets every client. */
  clear() {
    this.clients.clear();
  }
  /** Drops clients whose requests have all left the window: a full pass at most once per window. */
  sweep(now, cutoff) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [client, window] of this.clients) {
      expire(window, cutoff);
      if (window.count === 0) this.clients.delete(client);
    }
  }
  /** Makes room for `extra` new clients by forgetting the least recently seen. */
  evictFor(extra) {
    for (const client of this.clients.keys()) {
      if (this.clients.size + extra <= this.maxClients) return;
      this.clients.delete(client);
    }
  }
};
function expire(window, cutoff) {
  const capacity = window.times.length;
  while (window.count > 0 && (window.times[window.head] ?? cutoff) <= cutoff) {
    window.head = (window.head + 1) % capacity;
    window.count--;
  }
}
function push(window, time2, limit) {
  if (window.count === window.times.length) {
    resize(window, Math.min(limit, Math.max(INITIAL_CAPACITY, window.times.length * 2)));
  }
  window.times[(window.head + window.count) % window.times.length] = time2;
  window.count++;
}
function resize(window, capacity) {
  const times = new Float64Array(capacity);
  const old = window.times;
  for (let i = 0; i < window.count; i++) times[i] = old[(window.head + i) % old.length] ?? 0;
  window.times = times;
  window.head = 0;
}
function rateLimitPolicyHeader(limit, windowSeconds = RATE_LIMIT_WINDOW_SECONDS) {
  return `"fair-use";q=${limit};w=${windowSeconds}`;
}
function rateLimitHeader(decision) {
  return `"fair-use";r=${decision.remaining};t=${decision.resetSeconds}`;
}

// src/service/http/write-keys.ts
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path2 from "node:path";
var WRITE_KEY_FILE = "write-key";
function loadWriteKeys(dataDir, configured) {
  if (configured.length > 0) return { keys: [...configured], created: null };
  const file = path2.join(dataDir, WRITE_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing !== null) return { keys: [existing], created: null };
  const key = randomBytes(24).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${key}
`, { mode: 384, flag: "wx" });
  } catch (error) {
    const raced = error.code === "EEXIST" ? readKeyFile(file) : null;
    if (raced !== null) return { keys: [raced], created: null };
    throw error;
  }
  return { keys: [key], created: key };
}
function readKeyFile(file) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  const key = text.trim();
  if (key === "" || /\s/.test(key)) {
    throw new Error(`${file} must hold one write key on one line; delete it to have a new one created`);
  }
  return key;
}
function sha256(text) {
  return createHash("sha256").update(text, "utf8").digest();
}
function keyFingerprint(key) {
  return sha256(key).toString("hex").slice(0, 8);
}
function matchWriteKey(presented, keys) {
  if (presented === void 0 || presented === "") return null;
  const digest = sha256(presented);
  let match = null;
  for (const key of keys) {
    const equal = timingSafeEqual(digest, sha256(key));
    if (equal && match === null) match = key;
  }
  return match === null ? null : keyFingerprint(match);
}

// src/service/http/fair-usage-middleware.ts
var CLIENT = "client";
function remoteAddress(c) {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
var fingerprints = /* @__PURE__ */ new Map();
function admit(config2, limiter, apiKey, address) {
  const issued = apiKey !== void 0 && config2.apiKeys.has(apiKey);
  let client = address;
  if (issued) {
    let fingerprint = fingerprints.get(apiKey);
    if (fingerprint === void 0) {
      fingerprint = `key:${keyFingerprint(apiKey)}`;
      fingerprints.set(apiKey, fingerprint);
    }
    client = fingerprint;
  }
  const limit = (issued ? config2.apiKeys.get(apiKey) : null) ?? config2.rateLimit;
  const decision = limiter.take(client, limit);
  const headers = {};
  if (decision.limit > 0) {
    headers["RateLimit-Policy"] = rateLimitPolicyHeader(decision.limit);
    headers.RateLimit = rateLimitHeader(decision);
  }
  let refusal = null;
  if (!decision.allowed) {
    refusal = new ApiError(
      429,
      `over the fair-usage limit of ${decision.limit} requests per 60 seconds; try again in ${decision.retryAfterSeconds} s`,
      { "Retry-After": String(decision.retryAfterSeconds) }
    );
  } else if (apiKey !== void 0 && !issued) {
    refusal = new ApiError(
      401,
      "the X-Api-Key sent was not issued by this service; send none to use the default limit"
    );
  }
  return { client, headers, refusal };
}
function fairUsage(config2, limiter) {
  return async (c, next) => {
    const admission = admit(config2, limiter, c.req.header("X-Api-Key"), remoteAddress(c));
    c.set(CLIENT, admission.client);
    for (const [name, value] of Object.entries(admission.headers)) c.header(name, value);
    if (admission.refusal) throw admission.refusal;
    await next();
  };
}

// src/interface/resources.ts
import { z } from "zod";
var time = z.string().meta({
  description: "RFC 3339 time in UTC, e.g. 2026-11-22T09:24:00.412Z",
  example: "2026-11-22T09:24:00.412Z"
});
var usd = (description) => z.number().meta({ description });
var usdOrNull = (description) => z.number().nullable().meta({ description });
var symbol = z.string().meta({ description: "Coin symbol, case-sensitive", example: "BTC" });
var PairSchema = z.object({
  symbol,
  foreignName: z.string().meta({ description: "The exchange's own name of the pair", example: "BTC-USDT" }),
  exchange: z.string().meta({ example: "Binance" }),
  ignore: z.boolean().meta({ description: "true when the aggregation leaves this pair's trades out" })
}).meta({ id: "Pair", description: "A traded pair on one exchange" });
var SupplySchema = z.object({
  symbol,
  name: z.string().meta({ example: "Bitcoin" }),
  circulatingSupply: z.number().meta({ description: "Coins in circulation", example: 19912345 }),
  source: z.string().meta({ description: "Who reported the value", example: "api" }),
  time,
  block: z.int().meta({ description: "The 120-second market block (Unix time / 120) the value was stored in" })
}).meta({ id: "Supply", description: "The circulating supply of a coin" });
var SymbolsSchema = z.object({ symbols: z.array(z.string()).meta({ example: ["BTC", "ETH"] }) }).meta({ id: "Symbols", description: "All symbols" });
var TradeSchema = z.object({
  symbol,
  pair: z.string().meta({ example: "BTC-USDT" }),
  price: z.number().meta({ description: "Price in the pair's quote currency" }),
  volume: z.number().meta({ description: "Amount of the coin traded; negative for a sell" }),
  time,
  foreignTradeID: z.string().meta({ description: "The exchange's trade id" }),
  estimatedUSDPrice: usd("Price converted to USD at the time of the trade"),
  source: z.string().meta({ description: "Exchange", example: "Binance" })
}).meta({ id: "Trade", description: "One trade on one exchange" });
var CurrencyChangeSchema = z.object({
  symbol: z.string().meta({ example: "EUR" }),
  rate: z.number().meta({ description: "Units of the currency per 1 USD today" }),
  rateYesterday: z.number().meta({ description: "Units of the currency per 1 USD the day before" })
}).meta({ id: "CurrencyChange" });
var ChangeSchema = z.object({ usd: z.array(CurrencyChangeSchema) }).meta({ id: "Change", description: "USD foreign-exchange rates (ECB reference rates)" });
var CoinSchema = z.object({
  symbol,
  name: z.string().meta({ example: "Bitcoin" }),
  price: usd("MA120 price across all exchanges, USD"),
  priceYesterday: usdOrNull("MA120 price 24 hours earlier, USD; null without that much history"),
  volumeYesterdayUSD: usdOrNull("Traded volume of the last 24 hours, USD"),
  time,
  circulatingSupply: z.number().nullable().meta({ description: "null when no supply is known" })
}).meta({ id: "Coin" });
var CoinSymbolAndNameSchema = z.object({ symbol, name: z.string().meta({ example: "Bitcoin" }) }).meta({ id: "CoinSymbolAndName" });
var CoinsSchema = z.object({
  completeCoinList: z.array(CoinSymbolAndNameSchema).meta({ description: "Every coin, by market cap" }),
  change: ChangeSchema.nullable(),
  coins: z.array(CoinSchema).meta({ description: "The top 50 coins by market cap" })
}).meta({ id: "Coins" });
var PairsSchema = z.object({ pairs: z.array(PairSchema) }).meta({ id: "Pairs" });
var DATA_POINTS_DESCRIPTION = [
  "CSV text. The first line is the header `time,exchange,filter,symbol,value`; then one line per point,",
  "oldest first. `time` is RFC 3339 UTC to the second; `exchange` is empty for all-exchanges points;",
  "`value` is a USD number in shortest round-trip form. A raw point (no scale) is one 120-second block's",
  "filter value; a scaled point is the mean of the block values of its whole UTC bucket, stamped at the",
  "bucket start (weeks start on Monday), and starttime/endtime select buckets by their start."
].join(" ");
var PointsSchema = z.object({
  dataPoints: z.string().meta({
    description: DATA_POINTS_DESCRIPTION,
    example: "time,exchange,filter,symbol,value\n2026-11-22T09:20:00Z,Binance,MEDIR120,BTC,95123.5\n"
  })
}).meta({ id: "Points", description: "Chart points" });
var QuotationSchema = z.object({
  symbol,
  name: z.string().meta({ example: "Bitcoin" }),
  price: usd("MA120 price across all exchanges, USD"),
  priceYesterday: usdOrNull("MA120 price 24 hours earlier, USD"),
  volumeYesterdayUSD: usdOrNull("Traded volume of the last 24 hours, USD"),
  source: z.string().meta({ example: "crowd" }),
  time
}).meta({ id: "Quotation" });
var SymbolExchangeDetailsSchema = z.object({
  name: z.string().meta({ description: "Exchange", example: "Kraken" }),
  price: usd("MA120 price on this exchange, USD"),
  priceYesterday: usdOrNull("MA120 price on this exchange 24 hours earlier"),
  volumeYesterdayUSD: usdOrNull("Volume on this exchange over the last 24 hours, USD"),
  time: time.nullable().meta({ description: "Time of the last trade on this exchange" }),
  lastTrades: z.array(TradeSchema).meta({ description: "Up to 10 newest trades, newest first" })
}).meta({ id: "SymbolExchangeDetails" });
var SymbolDetailsSchema = z.object({
  change: ChangeSchema.nullable(),
  coin: CoinSchema,
  rank: z.int().meta({ description: "1-based rank by market cap; 0 outside the top 50" }),
  exchanges: z.array(SymbolExchangeDetailsSchema),
  gfx1: PointsSchema.meta({ description: "MA120 chart points across all exchanges, last 24 hours" })
}).meta({ id: "SymbolDetails" });
var InterestRateSchema = z.object({
  symbol: z.string().meta({ example: "ESTER" }),
  value: z.number().meta({ description: "Percent; SAFR is an index level", example: 1.932 }),
  publicationTime: time,
  effectiveDate: time.meta({ description: "The day the fixing applies to, at 00:00 UTC" }),
  source: z.string().meta({ description: "Issuer", example: "ECB" })
}).meta({ id: "InterestRate" });
var InterestRatesSchema = z.array(InterestRateSchema).meta({ id: "InterestRateRange" });
var InterestRateMetaSchema = z.object({
  symbol: z.string().meta({ example: "SOFR" }),
  firstDate: time,
  decimals: z.int().meta({ description: "Decimals the rate is quoted with" }),
  issuer: z.string().meta({ example: "FED" })
}).meta({ id: "InterestRateMeta" });
var InterestRateMetaListSchema = z.array(InterestRateMetaSchema).meta({ id: "InterestRateList" });
var ErrorRecordSchema = z.object({
  errorcode: z.int().meta({ description: "Equals the HTTP status", example: 404 }),
  errormessage: z.string().meta({ description: "What went wrong, naming the parameter or resource" })
}).meta({ id: "Error", description: "Every failure answers this record" });

// src/service/http/openapi.ts
function openApiInfo() {
  const errors = Object.entries(ERROR_STATUSES).map(([status, when]) => `| ${status} | ${when} |`).join("\n");
  const description = `Crowd-aggregated crypto market data: quotations, chart points per exchange and across exchanges,
circulating supply and interest rates. Prices come from simulated trades on many exchanges, aggregated
every 120 seconds by the MA120, MAIR120 and MEDIR120 filters.

**Fair usage.** At most 5 requests per client in any 60-second window (configurable). A client is an issued
\`X-Api-Key\`, else the remote address. Every /v1 answer carries \`RateLimit-Policy: "fair-use";q=5;w=60\` and
\`RateLimit: "fair-use";r=<remaining>;t=<seconds until a slot frees>\` (IETF httpapi RateLimit headers draft);
over the limit the answer is 429 with \`Retry-After\`.

**Chart points.** ${DATA_POINTS_DESCRIPTION}

**Errors.** Every failure answers \`{"errorcode": <status>, "errormessage": "..."}\`:

| Status | When |
|---|---|
${errors}

**Wire formats.** Started with \`--wire dia\`, the service speaks the public service's format instead:
PascalCase field names and InfluxDB-style chart points (\`{"DataPoints":[{"statement_id":0,"Series":[{"name",
"columns","values"}],"Messages":null}]}\`, newest first).`;
  return {
    openapi: "3.1.0",
    info: { title: "Market Data Query Service", version: "1.0.0", description }
  };
}

// src/interface/data-points.ts
var DATA_POINTS_HEADER = "time,exchange,filter,symbol,value";
function formatUtcSecond(unixSeconds2) {
  return `${new Date(unixSeconds2 * 1e3).toISOString().slice(0, 19)}Z`;
}
var clock = [];
function timeOfDay(s) {
  let text = clock[s];
  if (text === void 0) {
    text = `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s % 3600 / 60))}:${pad2(s % 60)}`;
    clock[s] = text;
  }
  return text;
}
function encodeDataPoints(series, times, values, newline = "\n") {
  const middle = `,${series.exchange ?? ""},${series.filter},${series.symbol},`;
  const lines = [DATA_POINTS_HEADER];
  let dayStart = Number.NaN;
  let dayPrefix = "";
  for (let i = 0; i < times.length; i++) {
    const t = times[i];
    const day = t - t % 86400;
    if (day !== dayStart) {
      dayStart = day;
      dayPrefix = formatUtcSecond(day).slice(0, 11);
    }
    lines.push(`${dayPrefix}${timeOfDay(t - day)}Z${middle}${String(values[i])}`);
  }
  return `${lines.join(newline)}${newline}`;
}
function pad2(n) {
  return n < 10 ? `0${n}` : String(n);
}

// src/interface/dia-wire.ts
function diaFieldName(camel) {
  if (camel === "usd") return "USD";
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}
var INFLUX_COLUMNS = ["time", "exchange", "filter", "symbol", "value"];

// src/service/http/wire.ts
var ChartSeries = class {
  constructor(key, scale, times, values) {
    this.key = key;
    this.scale = scale;
    this.times = times;
    this.values = values;
  }
  key;
  scale;
  times;
  values;
  get length() {
    return this.times.length;
  }
  toSeedPoints() {
    return { dataPoints: encodeDataPoints(this.key, this.times, this.values) };
  }
  /**
   * The Points resource as JSON text, written directly: the CSV holds no quotes or backslashes (symbols,
   * exchanges and filters are validated names), so only its newlines need escaping.
   */
  toSeedJson() {
    return `{"dataPoints":"${encodeDataPoints(this.key, this.times, this.values, "\\n")}"}`;
  }
  toDiaPoints() {
    const n = this.times.length;
    if (n === 0) return { DataPoints: [{ statement_id: 0, Series: null, Messages: null }] };
    const values = new Array(n);
    for (let i = 0; i < n; i++) {
      const j = n - 1 - i;
      values[i] = [
        formatUtcSecond(this.times[j]),
        this.key.exchange,
        this.key.filter,
        this.key.symbol,
        this.values[j]
      ];
    }
    const name = this.scale ? `filters_mean_${this.scale}` : "filters";
    return {
      DataPoints: [
        { statement_id: 0, Series: [{ name, columns: [...INFLUX_COLUMNS], values }], Messages: null }
      ]
    };
  }
};
function serialize(value, wire) {
  if (wire === "dia") return JSON.stringify(toDia(value));
  if (value instanceof ChartSeries) return value.toSeedJson();
  return JSON.stringify(value, (_key, v) => v instanceof ChartSeries ? v.toSeedPoints() : v);
}
function toDia(value) {
  if (value instanceof ChartSeries) return value.toDiaPoints();
  if (Array.isArray(value)) return value.map(toDia);
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const [key, v] of Object.entries(value)) out[diaFieldName(key)] = toDia(v);
    return out;
  }
  return value;
}

// src/service/http/respond.ts
var JSON_TYPE = "application/json; charset=utf-8";
var CACHEABLE_BODY = "cacheableBody";
function respond(c, wire, value) {
  const body = serialize(value, wire);
  c.header("Content-Type", JSON_TYPE);
  c.header("Content-Length", String(Buffer.byteLength(body)));
  c.set(CACHEABLE_BODY, body);
  return c.body(body, 200);
}

// src/service/http/routes/chart-points.ts
import { createRoute } from "@hono/zod-openapi";

// src/interface/parameters.ts
import { z as z2 } from "zod";
var symbolParam = z2.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/, {
  error: "must be a coin symbol: 1\u201320 letters, digits, '.', '_' or '-' (symbols are case-sensitive, e.g. BTC)"
}).meta({ description: "Coin symbol, case-sensitive (from GET /v1/coins or /v1/symbols)", example: "BTC" });
var exchangeParam = z2.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$/, {
  error: "must be an exchange name: 1\u201340 letters, digits, spaces, '.', '_' or '-' (e.g. Binance)"
}).meta({ description: "Exchange name, as in GET /v1/pairs", example: "Binance" });
var filterParam = z2.enum(FILTERS, { error: `must be one of ${FILTERS.join(", ")}` }).meta({ description: "Filter: MEDIR120 or MAIR120 (MA120, the quotation price, is also accepted)" });
var scaleParam = z2.enum(SCALES, { error: `must be one of ${SCALES.join(", ")} (or omitted for the raw 120-second values)` }).optional().meta({ description: "Bucket size; omitted: the raw 120-second block values" });
var unixSeconds = (what) => z2.string().regex(/^\d{1,11}$/, { error: "must be Unix seconds: a whole number \u2265 0" }).transform(Number).optional().meta({ description: what, example: "1763800000" });
var startTimeParam = unixSeconds(
  "Start of the range, Unix seconds (default: by scale, see description)"
);
var endTimeParam = unixSeconds("End of the range, Unix seconds (default: now)");
var rateTypeParam = z2.string().regex(/^[A-Za-z0-9]{1,16}$/, { error: `must be a rate type: one of ${RATE_TYPE_SYMBOLS.join(", ")}` }).meta({ description: `Short-hand symbol of a rate: ${RATE_TYPE_SYMBOLS.join(", ")}`, example: "ESTER" });
var rateDateParam = z2.string().regex(/^\d{4}[-:]\d{2}[-:]\d{2}$/, { error: "must be a date as yyyy-mm-dd (yyyy:mm:dd also accepted)" }).meta({
  description: "Date as yyyy-mm-dd (the interface's yyyy:mm:dd also accepted)",
  example: "2026-11-20"
});
var ChartPointsParams = z2.object({
  filter: filterParam,
  trading_place: exchangeParam,
  symbol: symbolParam
});
var ChartPointsAllExchangesParams = z2.object({ filter: filterParam, symbol: symbolParam });
var ChartPointsQuery = z2.object({
  scale: scaleParam,
  starttime: startTimeParam,
  endtime: endTimeParam
});
var SymbolPathParams = z2.object({ symbol: symbolParam });
var RateTypeParams = z2.object({ rateType: rateTypeParam });
var RateTypeDateParams = z2.object({ rateType: rateTypeParam, date: rateDateParam });
var RateRangeQuery = z2.object({
  dateInit: rateDateParam.optional().meta({ description: "First effective date of a range (returns an array)" }),
  dateFinal: rateDateParam.optional().meta({ description: "Last effective date of a range (default: today)" })
});
var SupplyPostQuery = z2.object({
  Symbol: z2.string().optional().meta({ description: "Coin symbol", example: "BTC" }),
  CirculatingSupply: z2.string().optional().meta({ description: "Coins in circulation: a number > 0 and \u2264 1e15", example: "19912345" }),
  Source: z2.string().optional().meta({ description: "Who reports the value (default: api)", example: "api" })
});
var SupplyPostBody = z2.looseObject({
  Symbol: z2.string().optional(),
  CirculatingSupply: z2.union([z2.number(), z2.string()]).optional(),
  Source: z2.string().optional()
}).meta({ id: "SupplyPost", description: "Symbol and CirculatingSupply; camelCase names are accepted too" });
var MAX_CIRCULATING_SUPPLY = 1e15;

// src/service/http/routes/shared.ts
var errorContent = { "application/json": { schema: ErrorRecordSchema } };
var errorResponses = (...statuses) => {
  const described = {
    429: { description: "Over the fair-usage limit (Retry-After, RateLimit headers)", content: errorContent }
  };
  const text = {
    400: "A malformed or out-of-range parameter; the message names it",
    401: "Missing or wrong key",
    404: "Unknown symbol, exchange, rate type or date",
    413: "Body too large"
  };
  for (const s of statuses) described[s] = { description: text[s], content: errorContent };
  return described;
};
var jsonContent = (schema, description) => ({
  description,
  content: { "application/json": { schema } }
});
function requireSymbol(ctx, symbol2) {
  if (ctx.view.isKnownSymbol(symbol2)) return;
  const upper = symbol2.toUpperCase();
  const hint = ctx.view.isKnownSymbol(upper) ? ` (symbols are case-sensitive: did you mean ${upper}?)` : "; GET /v1/symbols lists them";
  throw new ApiError(404, `unknown symbol '${symbol2}'${hint}`);
}
function requireExchangeOf(ctx, symbol2, exchange) {
  const exchanges = ctx.view.exchangeNamesOf(symbol2);
  if (exchanges.includes(exchange)) return;
  const match = exchanges.find((e) => e.toLowerCase() === exchange.toLowerCase());
  const hint = match ? `did you mean ${match}?` : `exchanges trading ${symbol2}: ${exchanges.join(", ")}`;
  throw new ApiError(404, `exchange '${exchange}' has no ${symbol2} market (${hint})`);
}

// src/service/http/routes/chart-points.ts
var WINDOWS = `Default window when starttime is omitted: raw 1 day, 5m 7 days, 30m 30 days, 1h 90 days, 4h 1 year, 1d and 1w all history. A request that would return more than ${MAX_CHART_POINTS} points is refused with a 400 that says how to narrow it.`;
function chartSeries(ctx, request) {
  const now = Math.floor(ctx.marketClock.now() / 1e3);
  const scale = request.scale ?? null;
  const to = request.endtime ?? now;
  const window = DEFAULT_WINDOW_SECONDS[scale ?? "raw"];
  const from = request.starttime ?? (window === null ? 0 : to - window);
  if (from > to) {
    throw new ApiError(400, `query parameter 'starttime' (${from}) must not be after 'endtime' (${to})`);
  }
  const step = scale ? SCALE_SECONDS[scale] : BLOCK_SECONDS;
  const tooMany = () => new ApiError(
    400,
    `this request would return more than ${MAX_CHART_POINTS} points; narrow it with starttime/endtime (at most ${MAX_CHART_POINTS * step} seconds at this scale) or use a larger scale`
  );
  if ((to - from) / step > MAX_CHART_POINTS * 1.5) throw tooMany();
  const series = ctx.store.seriesId(request.symbol, request.exchange);
  const query = { series, filter: request.filter, from, to, scale, limit: MAX_CHART_POINTS + 1 };
  const points = ctx.charts.points(query, ctx.view.latestBlockEnd() ?? to);
  if (points.times.length > MAX_CHART_POINTS) throw tooMany();
  const key = { filter: request.filter, exchange: request.exchange, symbol: request.symbol };
  return new ChartSeries(key, scale, points.times, points.values);
}
var perExchange = createRoute({
  method: "get",
  path: "/v1/chartPoints/{filter}/{trading_place}/{symbol}",
  summary: "Chart points for one symbol at one exchange",
  description: `Filter values of one (symbol, exchange) series. ${WINDOWS}`,
  request: { params: ChartPointsParams, query: ChartPointsQuery },
  responses: { 200: jsonContent(PointsSchema, "Chart points, oldest first"), ...errorResponses(400, 404) }
});
var allExchanges = createRoute({
  method: "get",
  path: "/v1/chartPointsAllExchanges/{filter}/{symbol}",
  summary: "Chart points for a symbol across all exchanges",
  description: `Filter values computed over the trades of every exchange. ${WINDOWS}`,
  request: { params: ChartPointsAllExchangesParams, query: ChartPointsQuery },
  responses: { 200: jsonContent(PointsSchema, "Chart points, oldest first"), ...errorResponses(400, 404) }
});
function registerChartPoints(app, ctx) {
  app.openapi(perExchange, (c) => {
    const { filter, trading_place, symbol: symbol2 } = c.req.valid("param");
    const query = c.req.valid("query");
    requireSymbol(ctx, symbol2);
    requireExchangeOf(ctx, symbol2, trading_place);
    return respond(
      c,
      ctx.config.wire,
      chartSeries(ctx, { symbol: symbol2, exchange: trading_place, filter, ...query })
    );
  });
  app.openapi(allExchanges, (c) => {
    const { filter, symbol: symbol2 } = c.req.valid("param");
    const query = c.req.valid("query");
    requireSymbol(ctx, symbol2);
    return respond(c, ctx.config.wire, chartSeries(ctx, { symbol: symbol2, exchange: null, filter, ...query }));
  });
}

// src/service/http/routes/interest-rates.ts
import { createRoute as createRoute2 } from "@hono/zod-openapi";

// src/service/rates/business-days.ts
var MS_PER_DAY = 864e5;
var ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function toDayNumber(date2) {
  const match = ISO_DATE.exec(date2);
  if (!match) throw new RangeError(`not an ISO date (yyyy-mm-dd): ${date2}`);
  const time2 = /* @__PURE__ */ new Date(0);
  time2.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Math.round(time2.getTime() / MS_PER_DAY);
}
function fromDayNumber(day) {
  const code = civil(day);
  const year = Math.floor(code / 1e4);
  const monthDay = code - year * 1e4;
  const yyyy = year < 0 ? `-${String(-year).padStart(4, "0")}` : String(year).padStart(4, "0");
  return `${yyyy}-${pad22(Math.floor(monthDay / 100))}-${pad22(monthDay % 100)}`;
}
function pad22(n) {
  return n < 10 ? `0${n}` : String(n);
}
function civil(day) {
  const z4 = day + 719468;
  const era = Math.floor(z4 / 146097);
  const dayOfEra = z4 - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const d = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0);
  return y * 1e4 + m * 100 + d;
}
function isBusinessDayNumber(day) {
  const weekday = ((day + 4) % 7 + 7) % 7;
  if (weekday === 0 || weekday === 6) return false;
  const code = civil(day);
  const monthDay = code - Math.floor(code / 1e4) * 1e4;
  return monthDay !== 101 && monthDay !== 1225;
}
function nextBusinessDayNumber(day) {
  let next = day + 1;
  while (!isBusinessDayNumber(next)) next++;
  return next;
}
function addDays(date2, n) {
  return fromDayNumber(toDayNumber(date2) + n);
}

// src/service/rates/policy-paths.ts
function path3(knots) {
  return {
    days: knots.map(([date2]) => toDayNumber(date2)),
    values: knots.map(([, value]) => value),
    ramps: knots.map(([, , mode]) => mode === "ramp"),
    cursor: 0
  };
}
function level(p, day) {
  let i = (p.days[p.cursor] ?? 0) <= day ? p.cursor : 0;
  while (i + 1 < p.days.length && (p.days[i + 1] ?? 0) <= day) i++;
  p.cursor = i;
  const value = p.values[i] ?? 0;
  const nextDay = p.days[i + 1];
  const nextValue = p.values[i + 1];
  if (nextDay === void 0 || nextValue === void 0 || !p.ramps[i + 1]) return value;
  const start = p.days[i] ?? day;
  return value + (nextValue - value) * (day - start) / (nextDay - start);
}
var SOFR_PATH = path3([
  ["2018-04-02", 1.75],
  ["2018-06-14", 1.91],
  ["2018-09-27", 2.2],
  ["2018-12-20", 2.41],
  ["2019-08-01", 2.14],
  ["2019-09-19", 1.88],
  ["2019-10-31", 1.57],
  ["2020-03-04", 1.1],
  ["2020-03-16", 0.1],
  ["2020-03-23", 0.03],
  ["2020-05-01", 0.05],
  ["2020-07-01", 0.08],
  ["2021-01-04", 0.06],
  ["2021-03-15", 0.02, "ramp"],
  ["2021-06-17", 0.05],
  ["2022-03-17", 0.3],
  ["2022-05-05", 0.8],
  ["2022-06-16", 1.55],
  ["2022-07-28", 2.3],
  ["2022-09-22", 3.05],
  ["2022-11-03", 3.8],
  ["2022-12-15", 4.3],
  ["2023-02-02", 4.55],
  ["2023-03-23", 4.8],
  ["2023-05-04", 5.05],
  ["2023-07-27", 5.31],
  ["2024-09-19", 4.85],
  ["2024-11-08", 4.6],
  ["2024-12-19", 4.3],
  ["2025-09-18", 4.15],
  ["2025-10-30", 3.9],
  ["2025-12-11", 3.65],
  ["2026-01-02", 3.62],
  ["2026-12-31", 3.4, "ramp"]
]);
var SOFR_OVERRIDES = /* @__PURE__ */ new Map([
  [toDayNumber("2019-09-16"), 2.43],
  [toDayNumber("2019-09-17"), 5.25],
  [toDayNumber("2019-09-18"), 2.55]
]);
var ESTER_PATH = path3([
  ["2019-10-01", -0.549],
  ["2020-01-02", -0.54],
  ["2020-06-01", -0.54],
  ["2021-01-04", -0.56, "ramp"],
  ["2021-09-01", -0.57, "ramp"],
  ["2022-01-03", -0.58, "ramp"],
  ["2022-07-27", -0.09],
  ["2022-09-14", 0.65],
  ["2022-11-02", 1.4],
  ["2022-12-21", 1.9],
  ["2023-02-08", 2.4],
  ["2023-03-22", 2.9],
  ["2023-05-10", 3.15],
  ["2023-06-21", 3.4],
  ["2023-08-02", 3.65],
  ["2023-09-20", 3.9],
  ["2024-06-12", 3.65],
  ["2024-09-18", 3.4],
  ["2024-10-23", 3.15],
  ["2024-12-18", 2.9],
  ["2025-02-05", 2.65],
  ["2025-03-12", 2.4],
  ["2025-04-23", 2.15],
  ["2025-06-11", 1.92]
]);
var BANK_RATE = path3([
  ["1997-01-02", 6],
  ["1997-05-06", 6.25],
  ["1997-06-06", 6.5],
  ["1997-07-10", 6.75],
  ["1997-08-07", 7],
  ["1997-11-06", 7.25],
  ["1998-06-04", 7.5],
  ["1998-10-08", 7.25],
  ["1998-11-05", 6.75],
  ["1998-12-10", 6.25],
  ["1999-01-07", 6],
  ["1999-02-04", 5.5],
  ["1999-04-08", 5.25],
  ["1999-06-10", 5],
  ["1999-09-08", 5.25],
  ["1999-11-04", 5.5],
  ["2000-01-13", 5.75],
  ["2000-02-10", 6],
  ["2001-02-08", 5.75],
  ["2001-04-05", 5.5],
  ["2001-05-10", 5.25],
  ["2001-08-02", 5],
  ["2001-09-18", 4.75],
  ["2001-10-04", 4.5],
  ["2001-11-08", 4],
  ["2003-02-06", 3.75],
  ["2003-07-10", 3.5],
  ["2003-11-06", 3.75],
  ["2004-02-05", 4],
  ["2004-05-06", 4.25],
  ["2004-06-10", 4.5],
  ["2004-08-05", 4.75],
  ["2005-08-04", 4.5],
  ["2006-08-03", 4.75],
  ["2006-11-09", 5],
  ["2007-01-11", 5.25],
  ["2007-05-10", 5.5],
  ["2007-07-05", 5.75],
  ["2007-12-06", 5.5],
  ["2008-02-07", 5.25],
  ["2008-04-10", 5],
  ["2008-10-08", 4.5],
  ["2008-11-06", 3],
  ["2008-12-04", 2],
  ["2009-01-08", 1.5],
  ["2009-02-05", 1],
  ["2009-03-05", 0.5],
  ["2016-08-04", 0.25],
  ["2017-11-02", 0.5],
  ["2018-08-02", 0.75],
  ["2020-03-11", 0.25],
  ["2020-03-19", 0.1],
  ["2021-12-16", 0.25],
  ["2022-02-03", 0.5],
  ["2022-03-17", 0.75],
  ["2022-05-05", 1],
  ["2022-06-16", 1.25],
  ["2022-08-04", 1.75],
  ["2022-09-22", 2.25],
  ["2022-11-03", 3],
  ["2022-12-15", 3.5],
  ["2023-02-02", 4],
  ["2023-03-23", 4.25],
  ["2023-05-11", 4.5],
  ["2023-06-22", 5],
  ["2023-08-03", 5.25],
  ["2024-08-01", 5],
  ["2024-11-07", 4.75],
  ["2025-02-06", 4.5],
  ["2025-05-08", 4.25],
  ["2025-08-07", 4],
  ["2025-12-18", 3.75]
]);
var SONIA_SPREAD = path3([
  ["2009-01-01", 0.07],
  ["2016-08-04", 0.05],
  ["2022-01-04", 0.06],
  ["2024-08-01", 0.05],
  ["2025-01-02", 0.04]
]);

// src/service/rates/overnight-rates.ts
var MS_PER_DAY2 = 864e5;
function daily(type, through, value) {
  const { decimals, firstDate } = RATE_TYPES[type];
  const days = [];
  const values = [];
  for (let day = toDayNumber(firstDate); day <= through; day++) {
    if (!isBusinessDayNumber(day)) continue;
    days.push(day);
    values.push(round(value(day), decimals));
  }
  return { days, values };
}
function round(x, decimals) {
  const scale = 10 ** decimals;
  const rounded = Math.round(x * scale) / scale;
  return rounded === 0 ? 0 : rounded;
}
function hash32(salt, day) {
  let h = (salt ^ Math.imul(day, 2654435761)) >>> 0;
  h = Math.imul(h ^ h >>> 16, 2246822507);
  h = Math.imul(h ^ h >>> 13, 3266489909);
  h = Math.imul(h ^ h >>> 16, 668265263);
  return (h ^ h >>> 15) >>> 0;
}
function uniform(salt, day) {
  return hash32(salt, day) / 4294967296;
}
function triangular(salt, day) {
  return uniform(salt, day) + uniform(salt ^ 1540483477, day) - 1;
}
var SALT = { SOFR: 20723, ESTER: 58750, SONIA: 20545, SONIA_WEEK: 20546 };
function sofrValue(day) {
  const override = SOFR_OVERRIDES.get(day);
  if (override !== void 0) return override;
  const base = level(SOFR_PATH, day);
  const u = uniform(SALT.SOFR, day);
  if (base < 0.2) {
    const noise4 = u < 0.2 ? -0.01 : u < 0.85 ? 0 : 0.01;
    return Math.max(0.01, base + noise4 + (isMonthEnd(day) ? 0.01 : 0));
  }
  const noise3 = u < 0.1 ? -0.02 : u < 0.3 ? -0.01 : u < 0.75 ? 0 : u < 0.93 ? 0.01 : 0.02;
  return base + noise3 + periodEndSpike(day);
}
function periodEndSpike(day) {
  if (!isMonthEnd(day)) return 0;
  const month = new Date(day * MS_PER_DAY2).getUTCMonth();
  if (month === 11) return 0.1;
  if (month % 3 === 2) return 0.05;
  return 0.03;
}
function isMonthEnd(day) {
  const next = nextBusinessDayNumber(day);
  return new Date(day * MS_PER_DAY2).getUTCMonth() !== new Date(next * MS_PER_DAY2).getUTCMonth();
}
function esterValue(day) {
  return level(ESTER_PATH, day) + 0.01 * triangular(SALT.ESTER, day);
}
var SONIA_REFORM_DAY = toDayNumber("2006-05-18");
var SONIA_SETTLED_DAY = toDayNumber("2009-01-01");
function soniaValue(day) {
  const bankRate = level(BANK_RATE, day);
  if (day >= SONIA_SETTLED_DAY) {
    return bankRate - level(SONIA_SPREAD, day) + 0.01 * triangular(SALT.SONIA, day);
  }
  const width = day < SONIA_REFORM_DAY ? 1 : 0.5;
  const week = Math.floor((day + 3) / 7);
  const drift = 0.1 * triangular(SALT.SONIA_WEEK, week);
  const daily2 = 0.15 * triangular(SALT.SONIA, day) - 0.05;
  return bankRate + width * (drift + daily2);
}

// src/service/rates/sofr-compounding.ts
var SOFR_FIRST_DAY = toDayNumber(RATE_TYPES.SOFR.firstDate);
var sofrCache = { days: [], values: [], through: SOFR_FIRST_DAY - 1 };
function sofrThrough(through) {
  if (sofrCache.through >= through) return sofrCache;
  const { days, values } = daily("SOFR", through, sofrValue);
  sofrCache = { days, values, through };
  return sofrCache;
}
function sofrAverage(span, through) {
  const sofr = sofrThrough(through);
  const first = toDayNumber(RATE_TYPES.SOFR30.firstDate);
  const days = [];
  const values = [];
  let at = 0;
  let start = 0;
  for (; at < sofr.days.length; at++) {
    const day = sofr.days[at] ?? 0;
    if (day < first) continue;
    if (day > through) break;
    const from = day - span;
    while ((sofr.days[start] ?? day) <= from) start++;
    let product = 1 + (sofr.values[start - 1] ?? 0) * ((sofr.days[start] ?? day) - from) / 36e3;
    for (let i = start; i < at; i++) {
      product *= 1 + (sofr.values[i] ?? 0) * ((sofr.days[i + 1] ?? day) - (sofr.days[i] ?? day)) / 36e3;
    }
    days.push(day);
    values.push(round((product - 1) * 36e3 / span, RATE_TYPES.SOFR30.decimals));
  }
  return { days, values };
}
function sofrIndex(through) {
  const sofr = sofrThrough(through);
  const first = toDayNumber(RATE_TYPES.SAFR.firstDate);
  const days = [];
  const values = [];
  let index = 1;
  for (let i = 0; i < sofr.days.length; i++) {
    const day = sofr.days[i] ?? 0;
    if (day > through) break;
    if (day >= first) {
      days.push(day);
      values.push(round(index, RATE_TYPES.SAFR.decimals));
    }
    index *= 1 + (sofr.values[i] ?? 0) * (nextBusinessDayNumber(day) - day) / 36e3;
  }
  return { days, values };
}

// src/service/rates/history.ts
var PUBLICATION_HOUR_UTC = {
  ESTER: 7,
  SOFR: 12,
  SOFR30: 12,
  SOFR90: 12,
  SOFR180: 12,
  SAFR: 12,
  SONIA: 9
};
var LAST_GENERATED_DATE = "2099-12-31";
var MS_PER_DAY3 = 864e5;
var MS_PER_HOUR = 36e5;
var LAST_GENERATED_DAY = toDayNumber(LAST_GENERATED_DATE);
function rateHistory(type, publishedBy) {
  const by = publishedBy.getTime();
  if (Number.isNaN(by)) return [];
  const series = seriesThrough(type, Math.min(Math.floor(by / MS_PER_DAY3), LAST_GENERATED_DAY));
  let lo = 0;
  let hi = series.publishedMs.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if ((series.publishedMs[mid] ?? Number.POSITIVE_INFINITY) <= by) lo = mid + 1;
    else hi = mid;
  }
  return series.fixings.slice(0, lo);
}
function allRateHistories(publishedBy) {
  return RATE_TYPE_SYMBOLS.flatMap((type) => rateHistory(type, publishedBy));
}
var cache = /* @__PURE__ */ new Map();
function seriesThrough(type, day) {
  const cached = cache.get(type);
  if (cached && cached.through >= day) return cached;
  const through = Math.min(endOfYear(day), LAST_GENERATED_DAY);
  const raw = generate(type, through);
  const { issuer } = RATE_TYPES[type];
  const hour = PUBLICATION_HOUR_UTC[type];
  const hh = String(hour).padStart(2, "0");
  const fixings = [];
  const publishedMs = [];
  for (let i = 0; i < raw.days.length; i++) {
    const effective = raw.days[i] ?? 0;
    const publishedDay = raw.days[i + 1] ?? nextBusinessDayNumber(effective);
    fixings.push({
      symbol: type,
      effectiveDate: isoDate(effective),
      value: raw.values[i] ?? 0,
      publicationTime: `${isoDate(publishedDay)}T${hh}:00:00Z`,
      source: issuer
    });
    publishedMs.push(publishedDay * MS_PER_DAY3 + hour * MS_PER_HOUR);
  }
  const series = { through, fixings, publishedMs };
  cache.set(type, series);
  return series;
}
var isoDates = /* @__PURE__ */ new Map();
function isoDate(day) {
  let date2 = isoDates.get(day);
  if (date2 === void 0) {
    date2 = fromDayNumber(day);
    isoDates.set(day, date2);
  }
  return date2;
}
function endOfYear(day) {
  return toDayNumber(`${fromDayNumber(day).slice(0, 4)}-12-31`);
}
function generate(type, through) {
  switch (type) {
    case "SOFR":
      return sofrThrough(through);
    case "SOFR30":
      return sofrAverage(30, through);
    case "SOFR90":
      return sofrAverage(90, through);
    case "SOFR180":
      return sofrAverage(180, through);
    case "SAFR":
      return sofrIndex(through);
    case "ESTER":
      return daily("ESTER", through, esterValue);
    case "SONIA":
      return daily("SONIA", through, soniaValue);
  }
}

// src/service/rates/rate-date.ts
var RATE_DATE = /^(\d{4})([-:])(\d{2})\2(\d{2})$/;
function parseRateDate(text) {
  const match = RATE_DATE.exec(text);
  const [, year, , month, day] = match ?? [];
  if (year === void 0 || month === void 0 || day === void 0) {
    return { ok: false, reason: "must be a date as yyyy-mm-dd" };
  }
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(Number(year), m)) {
    return { ok: false, reason: `${text} is not a calendar date` };
  }
  return { ok: true, date: `${year}-${month}-${day}` };
}
function daysInMonth(year, month) {
  if (month === 2) return year % 4 === 0 && year % 100 !== 0 || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
function latestOnOrBefore(fixings, date2, maxDaysBack = 30) {
  let lo = 0;
  let hi = fixings.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    const fixing = fixings[mid];
    if (fixing !== void 0 && fixing.effectiveDate <= date2) lo = mid + 1;
    else hi = mid;
  }
  const found = fixings[lo - 1];
  if (found === void 0 || found.effectiveDate < addDays(date2, -maxDaysBack)) return void 0;
  return found;
}

// src/service/rates/rate-book.ts
var REFRESH_EVERY_MS = 10 * 60 * 1e3;
function isRateType(symbol2) {
  return Object.hasOwn(RATE_TYPES, symbol2);
}
function interestRateResource(record) {
  return {
    symbol: record.symbol,
    value: record.value,
    publicationTime: record.publicationTime,
    effectiveDate: `${record.effectiveDate}T00:00:00Z`,
    source: record.source
  };
}
var RateBook = class {
  constructor(store) {
    this.store = store;
  }
  store;
  fixings = /* @__PURE__ */ new Map();
  nextRefreshMs = Number.NEGATIVE_INFINITY;
  /** Stores the fixings published by `nowMs` that the store lacks, then reloads the book; true if any. */
  refresh(nowMs) {
    if (nowMs < this.nextRefreshMs) return false;
    this.nextRefreshMs = nowMs + REFRESH_EVERY_MS;
    const published = allRateHistories(new Date(nowMs));
    if (this.fixings.size === 0) this.fixings = this.load();
    const known = this.fixings;
    const fresh = published.filter((f) => {
      const list = known.get(f.symbol);
      const last = list?.[list.length - 1];
      return !last || f.effectiveDate > last.effectiveDate;
    });
    if (fresh.length === 0) return false;
    this.store.insertRates(fresh);
    this.fixings = this.load();
    return true;
  }
  load() {
    const map = /* @__PURE__ */ new Map();
    for (const symbol2 of RATE_TYPE_SYMBOLS) map.set(symbol2, this.store.rateFixings(symbol2));
    return map;
  }
  meta() {
    return RATE_TYPE_SYMBOLS.map((symbol2) => ({
      symbol: symbol2,
      firstDate: `${RATE_TYPES[symbol2].firstDate}T00:00:00Z`,
      decimals: RATE_TYPES[symbol2].decimals,
      issuer: RATE_TYPES[symbol2].issuer
    }));
  }
  latest(type) {
    const list = this.fixings.get(type) ?? [];
    return list[list.length - 1];
  }
  /** The latest fixing effective on or before `date`, at most 30 days before it. */
  onOrBefore(type, date2) {
    const fixings = this.fixings.get(type) ?? [];
    return latestOnOrBefore(fixings, date2, 30);
  }
  /** Fixings effective from `from` to `to` inclusive, ascending. */
  range(type, from, to) {
    return (this.fixings.get(type) ?? []).filter((f) => f.effectiveDate >= from && f.effectiveDate <= to);
  }
};

// src/service/http/routes/interest-rates.ts
var RULES = "The value of a date is the latest fixing whose effective date is on or before it, at most 30 days before; without a date, the latest published fixing. With ?dateInit= (and optionally ?dateFinal=, default today) the answer is the array of fixings in that range, ascending.";
var rateResponses = {
  200: {
    description: "One fixing, or an array of fixings for a range",
    content: { "application/json": { schema: InterestRateSchema.or(InterestRatesSchema) } }
  },
  ...errorResponses(400, 404)
};
var latestRoute = createRoute2({
  method: "get",
  path: "/v1/interestrate/{rateType}",
  summary: "Latest value of a rate type, or a range of fixings",
  description: RULES,
  request: { params: RateTypeParams, query: RateRangeQuery },
  responses: rateResponses
});
var datedRoute = createRoute2({
  method: "get",
  path: "/v1/interestrate/{rateType}/{date}",
  summary: "Value of a rate type on a date",
  description: RULES,
  request: { params: RateTypeDateParams, query: RateRangeQuery },
  responses: rateResponses
});
var listRoute = createRoute2({
  method: "get",
  path: "/v1/interestrates",
  summary: "All available interest rates",
  description: "Every rate type with its first date, the decimals it is quoted with and its issuer.",
  responses: { 200: jsonContent(InterestRateMetaListSchema, "Rate types"), ...errorResponses() }
});
function requireRateType(rateType) {
  if (isRateType(rateType)) return rateType;
  const upper = rateType.toUpperCase();
  const hint = isRateType(upper) ? `did you mean ${upper}?` : `known: ${RATE_TYPE_SYMBOLS.join(", ")}`;
  throw new ApiError(404, `unknown rate type '${rateType}' (${hint})`);
}
function date(name, where, text) {
  const parsed = parseRateDate(text);
  if (!parsed.ok) throw new ApiError(400, `${where} '${name}' ${parsed.reason}; got ${JSON.stringify(text)}`);
  return parsed.date;
}
function answer(ctx, c, rateType, pathDate) {
  const type = requireRateType(rateType);
  const { dateInit, dateFinal } = c.req.query();
  if (dateInit !== void 0 || dateFinal !== void 0) {
    if (pathDate !== void 0) {
      throw new ApiError(400, "give either a date in the path or dateInit/dateFinal, not both");
    }
    if (dateInit === void 0) throw new ApiError(400, "query parameter 'dateFinal' needs 'dateInit'");
    const from = date("dateInit", "query parameter", dateInit);
    const today = new Date(ctx.marketClock.now()).toISOString().slice(0, 10);
    const to = dateFinal === void 0 ? today : date("dateFinal", "query parameter", dateFinal);
    if (from > to)
      throw new ApiError(400, `query parameter 'dateInit' (${from}) is after 'dateFinal' (${to})`);
    return respond(c, ctx.config.wire, ctx.rates.range(type, from, to).map(interestRateResource));
  }
  if (pathDate === void 0) {
    const latest = ctx.rates.latest(type);
    if (!latest) throw new ApiError(404, `no ${type} fixing has been published yet`);
    return respond(c, ctx.config.wire, interestRateResource(latest));
  }
  const day = date("date", "path parameter", pathDate);
  const fixing = ctx.rates.onOrBefore(type, day);
  if (!fixing) {
    const first = RATE_TYPES[type].firstDate;
    const why = day < first ? `${type} starts on ${first}` : `the latest is ${ctx.rates.latest(type)?.effectiveDate}`;
    throw new ApiError(404, `no ${type} fixing within 30 days on or before ${day} (${why})`);
  }
  return respond(c, ctx.config.wire, interestRateResource(fixing));
}
function registerInterestRates(app, ctx) {
  app.openapi(latestRoute, (c) => answer(ctx, c, c.req.valid("param").rateType, void 0));
  app.openapi(datedRoute, (c) => {
    const { rateType, date: pathDate } = c.req.valid("param");
    return answer(ctx, c, rateType, pathDate);
  });
  app.openapi(listRoute, (c) => respond(c, ctx.config.wire, ctx.rates.meta()));
}

// src/service/http/routes/lists.ts
import { createRoute as createRoute3 } from "@hono/zod-openapi";

// src/service/market/pair-names.ts
var KRAKEN_NAMES = { BTC: "XBT", DOGE: "XDG" };
var BITFINEX_NAMES = { USDT: "UST" };
function foreignPairName(style, symbol2, quote) {
  switch (style) {
    case "concat":
      return `${symbol2}${quote}`;
    case "dash":
      return `${symbol2}-${quote}`;
    case "underscore":
      return `${symbol2}_${quote}`;
    case "lower":
      return `${symbol2}${quote}`.toLowerCase();
    case "kraken":
      return `${KRAKEN_NAMES[symbol2] ?? symbol2}/${KRAKEN_NAMES[quote] ?? quote}`;
    case "bitfinex": {
      const base = BITFINEX_NAMES[symbol2] ?? symbol2;
      const q = BITFINEX_NAMES[quote] ?? quote;
      return base.length > 3 || q.length > 3 ? `t${base}:${q}` : `t${base}${q}`;
    }
  }
}

// src/service/market/catalog.ts
function coin(symbol2, name, basePriceUSD, circulatingSupply, dailyVolatility, beta, liquidity, volume24hUSD) {
  return {
    symbol: symbol2,
    name,
    basePriceUSD,
    circulatingSupply,
    dailyVolatility,
    beta,
    liquidity,
    volume24hUSD,
    stablecoin: false
  };
}
function stablecoin(symbol2, name, circulatingSupply, liquidity, volume24hUSD) {
  return {
    symbol: symbol2,
    name,
    basePriceUSD: 1,
    circulatingSupply,
    dailyVolatility: 5e-4,
    beta: 0,
    liquidity,
    volume24hUSD,
    stablecoin: true
  };
}
var B = 1e9;
var M = 1e6;
var COINS = [
  coin("BTC", "Bitcoin", 95e3, 1995e4, 0.025, 1, 1, 40 * B),
  coin("ETH", "Ethereum", 3400, 1207e5, 0.035, 1.15, 0.85, 25 * B),
  stablecoin("USDT", "Tether", 184e9, 0.5, 6 * B),
  coin("XRP", "XRP", 2.3, 601e8, 0.045, 1.1, 0.6, 4 * B),
  coin("BNB", "BNB", 950, 1392e5, 0.04, 0.85, 0.45, 2 * B),
  coin("SOL", "Solana", 180, 556e6, 0.05, 1.3, 0.7, 5 * B),
  stablecoin("USDC", "USD Coin", 755e8, 0.35, 2 * B),
  coin("TRX", "TRON", 0.29, 947e8, 0.04, 0.5, 0.25, 600 * M),
  coin("DOGE", "Dogecoin", 0.17, 1516e8, 0.06, 1.4, 0.5, 2 * B),
  coin("ADA", "Cardano", 0.6, 365e8, 0.055, 1.2, 0.35, 800 * M),
  coin("LINK", "Chainlink", 15, 6968e5, 0.055, 1.25, 0.3, 700 * M),
  coin("BCH", "Bitcoin Cash", 500, 1996e4, 0.045, 1, 0.25, 400 * M),
  coin("XLM", "Stellar", 0.27, 323e8, 0.05, 1.1, 0.2, 300 * M),
  coin("XMR", "Monero", 380, 1845e4, 0.045, 0.7, 0.12, 80 * M),
  coin("LTC", "Litecoin", 95, 766e5, 0.045, 1, 0.25, 500 * M),
  coin("AVAX", "Avalanche", 18, 429e6, 0.06, 1.35, 0.25, 500 * M),
  coin("DOT", "Polkadot", 3, 164e7, 0.06, 1.25, 0.2, 300 * M),
  coin("UNI", "Uniswap", 7.5, 63e7, 0.06, 1.3, 0.2, 300 * M),
  coin("NEAR", "NEAR Protocol", 2.4, 129e7, 0.065, 1.35, 0.2, 300 * M),
  coin("ETC", "Ethereum Classic", 15, 154e6, 0.05, 1.05, 0.15, 150 * M),
  coin("AAVE", "Aave", 190, 1527e4, 0.06, 1.3, 0.15, 350 * M),
  coin("APT", "Aptos", 3.2, 72e7, 0.065, 1.35, 0.15, 200 * M),
  coin("ATOM", "Cosmos", 3, 49e7, 0.055, 1.2, 0.12, 120 * M),
  coin("ARB", "Arbitrum", 0.25, 547e7, 0.07, 1.4, 0.2, 400 * M),
  coin("FIL", "Filecoin", 1.9, 7e8, 0.065, 1.25, 0.12, 200 * M),
  coin("ALGO", "Algorand", 0.16, 88e8, 0.06, 1.2, 0.1, 90 * M),
  coin("OP", "Optimism", 0.4, 19e8, 0.07, 1.4, 0.15, 200 * M),
  coin("EOS", "EOS", 0.3, 158e7, 0.055, 1, 0.08, 40 * M)
];
var EXCHANGES = [
  {
    name: "Binance",
    quotes: ["USDT", "USDC", "BTC"],
    size: 1,
    premiumBp: 0,
    spreadBp: 1,
    style: "concat",
    unlisted: ["XMR"]
  },
  {
    name: "Coinbase",
    quotes: ["USD", "EUR", "USDC"],
    size: 0.65,
    premiumBp: 4,
    spreadBp: 2,
    style: "dash",
    unlisted: ["BNB", "TRX", "XMR", "EOS", "USDC", "ETC", "ALGO"]
  },
  {
    name: "Kraken",
    quotes: ["USD", "EUR"],
    size: 0.4,
    premiumBp: 3,
    spreadBp: 3,
    style: "kraken",
    unlisted: ["BNB", "TRX", "NEAR", "APT", "ARB", "OP"]
  },
  {
    name: "Bitfinex",
    quotes: ["USD", "USDT"],
    size: 0.25,
    premiumBp: 6,
    spreadBp: 4,
    style: "bitfinex",
    unlisted: ["BNB", "USDC", "BCH", "NEAR", "APT", "ARB", "OP", "ATOM", "AAVE", "ALGO"]
  },
  {
    name: "Bitstamp",
    quotes: ["USD", "EUR"],
    size: 0.2,
    premiumBp: 2,
    spreadBp: 5,
    style: "lower",
    unlisted: ["BNB", "TRX", "XMR", "NEAR", "ETC", "APT", "ATOM", "ARB", "FIL", "ALGO", "OP", "EOS"]
  },
  {
    name: "OKX",
    quotes: ["USDT", "USDC", "BTC"],
    size: 0.7,
    premiumBp: -1,
    spreadBp: 2,
    style: "dash",
    unlisted: ["XMR"]
  },
  {
    name: "Huobi",
    quotes: ["USDT", "BTC"],
    size: 0.35,
    premiumBp: -4,
    spreadBp: 5,
    style: "lower",
    unlisted: ["XMR", "ALGO", "ATOM", "APT", "FIL", "OP"]
  },
  {
    name: "GateIO",
    quotes: ["USDT", "BTC"],
    size: 0.3,
    premiumBp: -3,
    spreadBp: 6,
    style: "underscore",
    unlisted: ["AAVE", "ARB"]
  },
  {
    name: "KuCoin",
    quotes: ["USDT", "BTC"],
    size: 0.35,
    premiumBp: -2,
    spreadBp: 5,
    style: "dash",
    unlisted: ["ETC", "ALGO"]
  },
  {
    name: "Bybit",
    quotes: ["USDT", "USDC"],
    size: 0.6,
    premiumBp: -1,
    spreadBp: 2,
    style: "concat",
    unlisted: ["XMR", "EOS"]
  }
];
var STABLECOIN_QUOTES = {
  USDT: ["USD", "EUR"],
  USDC: ["USD", "EUR", "USDT"]
};
var SECONDARY_QUOTE_RANK = {
  USD: Number.POSITIVE_INFINITY,
  EUR: 6,
  USDT: 6,
  USDC: 6,
  BTC: 10,
  ETH: 6
};
var IGNORED_PAIRS = /* @__PURE__ */ new Set([
  "EOS/Bitfinex/USD",
  "FIL/Bitfinex/USD",
  "TRX/Huobi/BTC",
  "DOGE/GateIO/BTC",
  "ALGO/Bybit/USDT"
]);
function quotesFor(exchange, c, rank) {
  const allowed = STABLECOIN_QUOTES[c.symbol];
  const out = [];
  exchange.quotes.forEach((quote, i) => {
    if (quote === c.symbol) return;
    if (allowed !== void 0) {
      if (allowed.includes(quote)) out.push(quote);
      return;
    }
    if (i === 0 || rank < SECONDARY_QUOTE_RANK[quote]) out.push(quote);
  });
  return out;
}
function buildPairs() {
  const pairs2 = [];
  for (const exchange of EXCHANGES) {
    COINS.forEach((c, rank) => {
      if (exchange.unlisted.includes(c.symbol)) return;
      for (const quote of quotesFor(exchange, c, rank)) {
        pairs2.push({
          symbol: c.symbol,
          exchange: exchange.name,
          foreignName: foreignPairName(exchange.style, c.symbol, quote),
          quote,
          ignore: IGNORED_PAIRS.has(`${c.symbol}/${exchange.name}/${quote}`)
        });
      }
    });
  }
  const ignored = pairs2.filter((p) => p.ignore).length;
  if (ignored !== IGNORED_PAIRS.size) throw new Error("an ignored pair of the catalog is not listed");
  return pairs2;
}
var PAIRS = buildPairs();
var coinsBySymbol = new Map(COINS.map((c) => [c.symbol, c]));
var exchangesByName = new Map(EXCHANGES.map((e) => [e.name, e]));
function nameForSymbol(symbol2) {
  return coinsBySymbol.get(symbol2)?.name ?? symbol2;
}

// src/service/market/price-path.ts
var DAY2 = 86400;
var FAST_OCTAVES = 11;
var FAST_PERIODS = Array.from(
  { length: FAST_OCTAVES },
  (_, k) => 30 * DAY2 * (100 / (30 * DAY2)) ** (k / (FAST_OCTAVES - 1))
);
var SLOW_PERIODS = [240 * DAY2, 90 * DAY2];
var SLOW_SHARES = [0.6, 0.4];
var PERIODS = [...SLOW_PERIODS, ...FAST_PERIODS];
var OCTAVES = PERIODS.length;
var INV_PERIODS = Float64Array.from(PERIODS, (p) => 1 / p);
var PHASES = Float64Array.from(PERIODS, (_, k) => k * 0.6180339887498949 % 1);
var MARKET_DAILY_VOL = 0.022;
var MARKET_SLOW_STD = 0.2;
var IDIO_SLOW_STD_PER_VOL = 2;
var IDIO_SLOW_STD_MAX = 0.15;
var CLAMP_LOG = 1;
var STABLE_CLAMP_LOG = 3e-3;
function smoothstep(f) {
  return f * f * (3 - 2 * f);
}
function lagVariance(lag) {
  const steps = 2048;
  let total = 0;
  for (let j = 0; j < steps; j++) {
    const f0 = (j + 0.5) / steps;
    const s0 = smoothstep(f0);
    const u1 = f0 + lag;
    const i1 = Math.floor(u1);
    const s1 = smoothstep(u1 - i1);
    if (i1 === 0) {
      total += (s1 - s0) ** 2 * 2;
    } else if (i1 === 1) {
      total += (1 - s0) ** 2 + (s0 - (1 - s1)) ** 2 + s1 ** 2;
    } else {
      total += (1 - s0) ** 2 + s0 ** 2 + (1 - s1) ** 2 + s1 ** 2;
    }
  }
  return total / steps;
}
function stationaryVariance() {
  const steps = 2048;
  let total = 0;
  for (let j = 0; j < steps; j++) {
    const s = smoothstep((j + 0.5) / steps);
    total += (1 - s) ** 2 + s ** 2;
  }
  return total / steps;
}
var STATIONARY_VARIANCE = stationaryVariance();
var DAILY_LAG_VARIANCE = Float64Array.from(PERIODS, (p) => lagVariance(DAY2 / p));
function amplitudes(dailyVol, slowStd) {
  const amps = new Float64Array(OCTAVES);
  let slowDailyVar = 0;
  for (let k = 0; k < SLOW_PERIODS.length; k++) {
    const share = SLOW_SHARES[k] ?? 0;
    const a = slowStd * Math.sqrt(share / STATIONARY_VARIANCE);
    amps[k] = a;
    slowDailyVar += a * a * (DAILY_LAG_VARIANCE[k] ?? 0);
  }
  let unitDailyVar = 0;
  for (let k = SLOW_PERIODS.length; k < OCTAVES; k++) {
    unitDailyVar += (PERIODS[k] ?? 0) * (DAILY_LAG_VARIANCE[k] ?? 0);
  }
  const fastVar = Math.max(dailyVol * dailyVol - slowDailyVar, 0);
  const c = Math.sqrt(fastVar / unitDailyVar);
  for (let k = SLOW_PERIODS.length; k < OCTAVES; k++) amps[k] = c * Math.sqrt(PERIODS[k] ?? 0);
  return amps;
}
function mix32(x) {
  x ^= x >>> 16;
  x = Math.imul(x, 2146121005);
  x ^= x >>> 15;
  x = Math.imul(x, 2221713035);
  x ^= x >>> 16;
  return x >>> 0;
}
function hashString(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return mix32(h);
}
function hashSeed(seed) {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 4294967296) >>> 0;
  const frac = Math.floor((seed - Math.floor(seed)) * 4294967296) >>> 0;
  return mix32(mix32(lo ^ 1013904242) ^ mix32(hi + 461845907) ^ mix32(frac + 1540483477));
}
var BYTE_SUM_STD = Math.sqrt(4 * (256 * 256 - 1) / 12);
var INV_BYTE_SUM_STD = 1 / BYTE_SUM_STD;
function noise(key, amps, t) {
  let sum = 0;
  for (let k = 0; k < OCTAVES; k++) {
    const u = t * INV_PERIODS[k] + PHASES[k];
    const i = Math.floor(u);
    const f = u - i;
    const s = f * f * (3 - 2 * f);
    const octaveKey = mix32(key + Math.imul(k + 1, 668265263));
    const ha = mix32(octaveKey ^ Math.imul(i, 2654435761));
    const hb = mix32(octaveKey ^ Math.imul(i + 1, 2654435761));
    const a = (ha & 255) + (ha >>> 8 & 255) + (ha >>> 16 & 255) + (ha >>> 24) - 510;
    const b = (hb & 255) + (hb >>> 8 & 255) + (hb >>> 16 & 255) + (hb >>> 24) - 510;
    sum += amps[k] * (a + (b - a) * s);
  }
  return sum * INV_BYTE_SUM_STD;
}
function coinModel(c) {
  const marketVar = (c.beta * MARKET_DAILY_VOL) ** 2;
  const idioVol = Math.sqrt(Math.max(c.dailyVolatility ** 2 - marketVar, (0.3 * c.dailyVolatility) ** 2));
  const slowStd = c.stablecoin ? 0 : Math.min(IDIO_SLOW_STD_PER_VOL * c.dailyVolatility, IDIO_SLOW_STD_MAX);
  return {
    symbolHash: hashString(c.symbol),
    logBase: Math.log(c.basePriceUSD),
    beta: c.beta,
    clamp: c.stablecoin ? STABLE_CLAMP_LOG : CLAMP_LOG,
    amps: amplitudes(idioVol, slowStd)
  };
}
var MODELS = new Map(COINS.map((c) => [c.symbol, coinModel(c)]));
var MARKET_AMPS = amplitudes(MARKET_DAILY_VOL, MARKET_SLOW_STD);
var MARKET_KEY = hashString("\0market");
var cachedSeed = Number.NaN;
var cachedSeedHash = 0;
var cachedMarketSeed = Number.NaN;
var cachedMarketT = Number.NaN;
var cachedMarket = 0;
function seedHash(seed) {
  if (seed !== cachedSeed) {
    cachedSeedHash = hashSeed(seed);
    cachedSeed = seed;
  }
  return cachedSeedHash;
}
function marketFactor(seed, tSeconds) {
  if (seed === cachedMarketSeed && tSeconds === cachedMarketT) return cachedMarket;
  const value = noise(mix32(seedHash(seed) ^ MARKET_KEY), MARKET_AMPS, tSeconds);
  cachedMarketSeed = seed;
  cachedMarketT = tSeconds;
  cachedMarket = value;
  return value;
}
function midPrice(seed, symbol2, tSeconds) {
  const model = MODELS.get(symbol2);
  if (model === void 0) throw new RangeError(`unknown coin symbol: ${symbol2}`);
  let x = noise(mix32(seedHash(seed) ^ model.symbolHash), model.amps, tSeconds);
  if (model.beta !== 0) x += model.beta * marketFactor(seed, tSeconds);
  const clamp = model.clamp;
  return Math.exp(model.logBase + clamp * Math.tanh(x / clamp));
}

// src/service/market/fx.ts
var DAY3 = 86400;
var FX_MODELS = {
  EUR: { low: 0.86, high: 0.95, spread: 0.6, dollar: 0.85 },
  JPY: { low: 145, high: 158, spread: 0.6, dollar: 0.5 },
  GBP: { low: 0.74, high: 0.8, spread: 0.6, dollar: 0.75 },
  SEK: { low: 9.3, high: 10.6, spread: 0.6, dollar: 0.75 },
  CHF: { low: 0.78, high: 0.9, spread: 0.6, dollar: 0.7 },
  NOK: { low: 9.9, high: 11.3, spread: 0.6, dollar: 0.65 },
  AUD: { low: 1.48, high: 1.62, spread: 0.6, dollar: 0.55 },
  CAD: { low: 1.35, high: 1.44, spread: 0.6, dollar: 0.5 },
  CNY: { low: 7.1, high: 7.3, spread: 0.6, dollar: 0.4 },
  KRW: { low: 1350, high: 1450, spread: 0.6, dollar: 0.5 }
};
var PERIODS2 = [365, 120, 40, 13, 4.3];
var RAW_AMPS = PERIODS2.map((p) => Math.sqrt(p));
function smoothstep2(f) {
  return f * f * (3 - 2 * f);
}
function knot(key, index) {
  const h = mix32(key ^ Math.imul(index, 2654435761));
  return ((h & 255) + (h >>> 8 & 255) + (h >>> 16 & 255) + (h >>> 24) - 510) / 147.80054127;
}
function noise2(key, day) {
  let sum = 0;
  for (let k = 0; k < PERIODS2.length; k++) {
    const u = day / PERIODS2[k] + k * 0.381966;
    const i = Math.floor(u);
    const s = smoothstep2(u - i);
    const octaveKey = mix32(key + Math.imul(k + 1, 668265263));
    const a = knot(octaveKey, i);
    const b = knot(octaveKey, i + 1);
    sum += RAW_AMPS[k] * (a + (b - a) * s);
  }
  return sum;
}
var UNIT_STD = (() => {
  const key = hashString("fx-calibration");
  let sum = 0;
  let sumSq = 0;
  const n = 5e4;
  for (let d = 0; d < n; d++) {
    const v = noise2(key, d);
    sum += v;
    sumSq += v * v;
  }
  return Math.sqrt(sumSq / n - (sum / n) ** 2);
})();
var DOLLAR_KEY = hashString("fx:dollar");
var CURRENCY_KEYS = Object.fromEntries(
  FX_CURRENCIES.map((c) => [c, hashString(`fx:${c}`)])
);
function rate(seedHash2, currency, dollar, dayIndex) {
  const m = FX_MODELS[currency];
  const own = noise2(mix32(seedHash2 ^ CURRENCY_KEYS[currency]), dayIndex);
  const centre = Math.sqrt(m.low * m.high);
  const halfWidth = 0.97 * Math.log(m.high / centre);
  const x = m.spread * halfWidth / UNIT_STD * (m.dollar * dollar + Math.sqrt(1 - m.dollar ** 2) * own);
  return centre * Math.exp(halfWidth * Math.tanh(x / halfWidth));
}
function fxRates(seed, dayIndex) {
  const seedHash2 = hashSeed(seed);
  const dollar = noise2(mix32(seedHash2 ^ DOLLAR_KEY), dayIndex);
  const out = {};
  for (const currency of FX_CURRENCIES) out[currency] = rate(seedHash2, currency, dollar, dayIndex);
  return out;
}
function usdPerEur(seed, tSeconds) {
  const seedHash2 = hashSeed(seed);
  const dayIndex = Math.floor(tSeconds / DAY3);
  const dollar = noise2(mix32(seedHash2 ^ DOLLAR_KEY), dayIndex);
  return 1 / rate(seedHash2, "EUR", dollar, dayIndex);
}

// src/service/market/market-view.ts
var DAY4 = 86400;
var YESTERDAY_TOLERANCE = 10 * 60;
var QUOTATION_SOURCE = "crowd";
var TOP_COINS = 50;
var LAST_TRADES = 10;
function processedAt(blockEnd) {
  return new Date(blockEnd * 1e3 + 250 + blockEnd % 7 * 97).toISOString();
}
function supplyResource(record) {
  return {
    symbol: record.symbol,
    name: nameForSymbol(record.symbol),
    circulatingSupply: record.circulatingSupply,
    source: record.source,
    time: new Date(record.timeMs).toISOString(),
    block: record.block
  };
}
var MarketView = class {
  constructor(store, seed) {
    this.store = store;
    this.seed = seed;
    for (const pair of PAIRS) {
      if (pair.ignore) continue;
      const list = this.exchangesOf.get(pair.symbol) ?? [];
      if (!list.includes(pair.exchange)) list.push(pair.exchange);
      this.exchangesOf.set(pair.symbol, list);
    }
  }
  store;
  seed;
  memo = /* @__PURE__ */ new Map();
  exchangesOf = /* @__PURE__ */ new Map();
  /** Forget memoised figures: a block was added or a supply posted. */
  invalidate() {
    this.memo.clear();
  }
  memoised(key, compute) {
    if (this.memo.has(key)) return this.memo.get(key);
    const value = compute();
    this.memo.set(key, value);
    return value;
  }
  isKnownSymbol(symbol2) {
    return this.exchangesOf.has(symbol2);
  }
  exchangeNamesOf(symbol2) {
    return this.exchangesOf.get(symbol2) ?? [];
  }
  quotation(symbol2) {
    return this.memoised(`q|${symbol2}`, () => {
      if (!this.isKnownSymbol(symbol2)) return null;
      const figures = this.seriesFigures(symbol2, null);
      if (!figures) return null;
      return {
        symbol: symbol2,
        name: nameForSymbol(symbol2),
        price: figures.price,
        priceYesterday: figures.priceYesterday,
        volumeYesterdayUSD: figures.volumeUSD,
        source: QUOTATION_SOURCE,
        time: processedAt(figures.time)
      };
    });
  }
  seriesFigures(symbol2, exchange) {
    const series = this.store.seriesId(symbol2, exchange);
    const latest = this.store.latestBlock(series);
    if (!latest) return null;
    const yesterday = this.store.blockAtOrBefore(series, latest.time - DAY4, YESTERDAY_TOLERANCE);
    return {
      series,
      time: latest.time,
      price: latest.ma120,
      priceYesterday: yesterday?.ma120 ?? null,
      volumeUSD: this.store.volumeUSD(series, latest.time - DAY4, latest.time)
    };
  }
  supply(symbol2) {
    return this.memoised(`s|${symbol2}`, () => {
      const record = this.store.latestSupply(symbol2);
      return record ? supplyResource(record) : null;
    });
  }
  coin(symbol2) {
    const q = this.quotation(symbol2);
    if (!q) return null;
    return {
      symbol: symbol2,
      name: q.name,
      price: q.price,
      priceYesterday: q.priceYesterday,
      volumeYesterdayUSD: q.volumeYesterdayUSD,
      time: q.time,
      circulatingSupply: this.supply(symbol2)?.circulatingSupply ?? null
    };
  }
  /** Every coin that traded over 1 USD in the last day, by market cap; coins without supply last. */
  ranking() {
    return this.memoised("ranking", () => {
      const coins2 = [];
      for (const { symbol: symbol2 } of COINS) {
        const coin2 = this.coin(symbol2);
        if (coin2 && (coin2.volumeYesterdayUSD ?? 0) >= 1) coins2.push(coin2);
      }
      const cap = (c) => c.circulatingSupply === null ? -1 : c.circulatingSupply * c.price;
      return coins2.sort(
        (a, b) => cap(b) - cap(a) || (b.volumeYesterdayUSD ?? 0) - (a.volumeYesterdayUSD ?? 0)
      );
    });
  }
  /** 1-based rank by market cap, 0 outside the top 50. */
  rank(symbol2) {
    const index = this.ranking().findIndex((c) => c.symbol === symbol2);
    return index >= 0 && index < TOP_COINS ? index + 1 : 0;
  }
  /** USD FX rates of the market's current day and the day before (units per 1 USD). */
  change(nowMs) {
    const day = Math.floor(nowMs / 1e3 / DAY4);
    const today = fxRates(this.seed, day);
    const yesterday = fxRates(this.seed, day - 1);
    return {
      usd: FX_CURRENCIES.map((symbol2) => ({ symbol: symbol2, rate: today[symbol2], rateYesterday: yesterday[symbol2] }))
    };
  }
  /** Per-exchange figures and last trades of a symbol, by 24 h volume. */
  exchanges(symbol2) {
    return this.memoised(`x|${symbol2}`, () => {
      const details = [];
      for (const exchange of this.exchangeNamesOf(symbol2)) {
        const figures = this.seriesFigures(symbol2, exchange);
        if (!figures) continue;
        const lastTrades = this.store.lastTrades(figures.series, LAST_TRADES).map((t) => ({
          symbol: symbol2,
          pair: t.pair,
          price: t.price,
          volume: t.volume,
          time: new Date(t.timeMs).toISOString(),
          foreignTradeID: t.foreignTradeID,
          estimatedUSDPrice: t.estimatedUSDPrice,
          source: exchange
        }));
        details.push({
          name: exchange,
          price: figures.price,
          priceYesterday: figures.priceYesterday,
          volumeYesterdayUSD: figures.volumeUSD,
          time: lastTrades[0]?.time ?? null,
          lastTrades
        });
      }
      return details.sort((a, b) => (b.volumeYesterdayUSD ?? 0) - (a.volumeYesterdayUSD ?? 0));
    });
  }
  /** End of the newest stored block, Unix seconds. */
  latestBlockEnd() {
    return this.memoised("latest", () => this.store.lastBlockTime());
  }
  /** The current market block number (Unix time / 120), as stored with a supply post. */
  static blockNumber(nowMs) {
    return Math.floor(nowMs / 1e3 / BLOCK_SECONDS);
  }
};

// src/service/http/routes/lists.ts
var coins = createRoute3({
  method: "get",
  path: "/v1/coins",
  summary: "All available coins",
  description: `Coins that traded over 1 USD in the last 24 hours, by market cap (coins without a known supply last): the top ${TOP_COINS} with their figures, every one by name, and USD FX rates.`,
  responses: { 200: jsonContent(CoinsSchema, "Coins"), ...errorResponses() }
});
var pairs = createRoute3({
  method: "get",
  path: "/v1/pairs",
  summary: "All available pairs",
  description: "Every pair on every exchange; `ignore` marks pairs whose trades the aggregation leaves out.",
  responses: { 200: jsonContent(PairsSchema, "Pairs"), ...errorResponses() }
});
var symbols = createRoute3({
  method: "get",
  path: "/v1/symbols",
  summary: "All available symbols",
  responses: { 200: jsonContent(SymbolsSchema, "Symbols, alphabetical"), ...errorResponses() }
});
function registerLists(app, ctx) {
  const pairList = PAIRS.map(({ symbol: symbol2, foreignName, exchange, ignore }) => ({
    symbol: symbol2,
    foreignName,
    exchange,
    ignore
  }));
  const symbolList = [...new Set(PAIRS.filter((p) => !p.ignore).map((p) => p.symbol))].sort();
  app.openapi(coins, (c) => {
    const ranking = ctx.view.ranking();
    return respond(c, ctx.config.wire, {
      completeCoinList: ranking.map(({ symbol: symbol2, name }) => ({ symbol: symbol2, name })),
      change: ctx.view.change(ctx.marketClock.now()),
      coins: ranking.slice(0, TOP_COINS)
    });
  });
  app.openapi(pairs, (c) => respond(c, ctx.config.wire, { pairs: pairList }));
  app.openapi(symbols, (c) => respond(c, ctx.config.wire, { symbols: symbolList }));
}

// src/service/http/routes/quotation.ts
import { createRoute as createRoute4 } from "@hono/zod-openapi";
var route = createRoute4({
  method: "get",
  path: "/v1/quotation/{symbol}",
  summary: "Quotation for a symbol",
  description: "Price is the MA120 filter across all exchanges at the newest block; volume covers the last 24 hours.",
  request: { params: SymbolPathParams },
  responses: { 200: jsonContent(QuotationSchema, "The quotation"), ...errorResponses(400, 404) }
});
function registerQuotation(app, ctx) {
  app.openapi(route, (c) => {
    const { symbol: symbol2 } = c.req.valid("param");
    requireSymbol(ctx, symbol2);
    const quotation = ctx.view.quotation(symbol2);
    if (!quotation) throw new ApiError(404, `no trades of ${symbol2} have been aggregated yet`);
    return respond(c, ctx.config.wire, quotation);
  });
}

// src/service/http/routes/supply.ts
import { createRoute as createRoute5 } from "@hono/zod-openapi";
var getRoute = createRoute5({
  method: "get",
  path: "/v1/supply/{symbol}",
  summary: "Circulating supply for a symbol",
  description: "The latest circulating supply stored for the symbol.",
  request: { params: SymbolPathParams },
  responses: { 200: jsonContent(SupplySchema, "The latest supply record"), ...errorResponses(400, 404) }
});
var postRoute = createRoute5({
  method: "post",
  path: "/v1/supply",
  summary: "Post the circulating supply of a coin",
  description: `Symbol and CirculatingSupply as query parameters (as the interface says) or as a JSON body. The symbol must be known; the supply a finite number > 0 and \u2264 ${MAX_CIRCULATING_SUPPLY}. Requires \`Authorization: Bearer <write key>\`. The record is stored durably before the answer.`,
  security: [{ writeKey: [] }],
  request: {
    query: SupplyPostQuery,
    body: { required: false, content: { "application/json": { schema: SupplyPostBody } } }
  },
  responses: { 200: jsonContent(SupplySchema, "The stored supply record"), ...errorResponses(400, 401, 413) }
});
function requireWriteKey(ctx) {
  return async (c, next) => {
    const header = c.req.header("Authorization") ?? "";
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      throw new ApiError(401, "posting supply needs a write key: send 'Authorization: Bearer <write key>'", {
        "WWW-Authenticate": 'Bearer realm="supply"'
      });
    }
    const fingerprint = matchWriteKey(match[1], ctx.writeKeys);
    if (!fingerprint) {
      throw new ApiError(401, "the write key is not valid", {
        "WWW-Authenticate": 'Bearer error="invalid_token"'
      });
    }
    c.set("writeKey", fingerprint);
    await next();
  };
}
async function readSupplyPost(c) {
  const fields = /* @__PURE__ */ new Map();
  if ((c.req.header("Content-Type") ?? "").includes("application/json")) {
    const body = await c.req.json().catch(() => null);
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      throw new ApiError(400, "the body must be a JSON object with Symbol and CirculatingSupply");
    }
    for (const [k, v] of Object.entries(body)) fields.set(k.toLowerCase(), v);
  }
  for (const [k, v] of Object.entries(c.req.query())) {
    const key = k.toLowerCase();
    if (fields.has(key) && String(fields.get(key)) !== v) {
      throw new ApiError(
        400,
        `'${k}' is given both as a query parameter and in the body, with different values`
      );
    }
    fields.set(key, v);
  }
  return {
    symbol: fields.get("symbol"),
    supply: fields.get("circulatingsupply"),
    source: fields.get("source")
  };
}
function validSupply(raw) {
  if (raw === void 0 || raw === null || raw === "") {
    throw new ApiError(400, "'CirculatingSupply' is missing: give the number of coins in circulation");
  }
  const value = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value)) {
    throw new ApiError(400, `'CirculatingSupply' must be a finite number; got ${JSON.stringify(raw)}`);
  }
  if (value <= 0 || value > MAX_CIRCULATING_SUPPLY) {
    throw new ApiError(400, `'CirculatingSupply' must be > 0 and \u2264 ${MAX_CIRCULATING_SUPPLY}; got ${value}`);
  }
  return value;
}
function validSource(raw) {
  if (raw === void 0 || raw === null || raw === "") return "api";
  if (typeof raw !== "string" || !/^[\w .:/@-]{1,64}$/.test(raw)) {
    throw new ApiError(400, "'Source' must be 1\u201364 letters, digits, spaces or . _ : / @ -");
  }
  return raw;
}
function registerSupply(app, ctx) {
  app.openapi(getRoute, (c) => {
    const { symbol: symbol2 } = c.req.valid("param");
    requireSymbol(ctx, symbol2);
    const supply = ctx.view.supply(symbol2);
    if (!supply) throw new ApiError(404, `no circulating supply is known for ${symbol2}`);
    return respond(c, ctx.config.wire, supply);
  });
  app.openapi({ ...postRoute, middleware: [requireWriteKey(ctx)] }, async (c) => {
    const post = await readSupplyPost(c);
    if (typeof post.symbol !== "string" || post.symbol === "") {
      throw new ApiError(400, "'Symbol' is missing: give the coin symbol, e.g. Symbol=BTC");
    }
    requireSymbol(ctx, post.symbol);
    const nowMs = ctx.marketClock.now();
    const record = {
      symbol: post.symbol,
      circulatingSupply: validSupply(post.supply),
      source: validSource(post.source),
      timeMs: nowMs,
      block: MarketView.blockNumber(nowMs),
      keyFingerprint: c.get("writeKey")
    };
    ctx.store.insertSupply(record);
    ctx.invalidate();
    return respond(c, ctx.config.wire, supplyResource(record));
  });
}

// src/service/http/routes/symbol-details.ts
import { createRoute as createRoute6 } from "@hono/zod-openapi";
var route2 = createRoute6({
  method: "get",
  path: "/v1/symbol/{symbol}",
  summary: "Symbol details",
  description: "The coin's figures, its rank by market cap, per-exchange prices with the last 10 trades, USD FX rates, and gfx1: MA120 chart points across all exchanges over the last 24 hours.",
  request: { params: SymbolPathParams },
  responses: { 200: jsonContent(SymbolDetailsSchema, "Symbol details"), ...errorResponses(400, 404) }
});
function registerSymbolDetails(app, ctx) {
  app.openapi(route2, (c) => {
    const { symbol: symbol2 } = c.req.valid("param");
    requireSymbol(ctx, symbol2);
    const coin2 = ctx.view.coin(symbol2);
    if (!coin2) throw new ApiError(404, `no trades of ${symbol2} have been aggregated yet`);
    const gfx1 = chartSeries(ctx, { symbol: symbol2, exchange: null, filter: "MA120" });
    const details = {
      change: ctx.view.change(ctx.marketClock.now()),
      coin: coin2,
      rank: ctx.view.rank(symbol2),
      exchanges: ctx.view.exchanges(symbol2),
      gfx1
    };
    return respond(c, ctx.config.wire, details);
  });
}

// src/service/http/static.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic as serveStatic2 } from "@hono/node-server/serve-static";
var NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Dashboard not built</title>
<p>The dashboard has not been built. Run <code>npm start</code> (it builds first) or <code>npm run build</code>.
The API is at <a href="/docs">/docs</a>.</p>`;
function registerDashboard(app, dashboardDir) {
  const assets = existsSync(dashboardDir) ? serveStatic2({ root: dashboardDir }) : null;
  app.use("/*", async (c, next) => {
    if (!assets || c.req.path.startsWith("/v1") || c.req.path.startsWith("/docs")) return next();
    return assets(c, next);
  });
  app.get("*", (c, next) => {
    const accept = c.req.header("Accept") ?? "";
    if (c.req.path.startsWith("/v1") || c.req.path.startsWith("/docs") || !accept.includes("text/html")) {
      return next();
    }
    const index = join(dashboardDir, "index.html");
    return c.html(existsSync(index) ? readFileSync(index, "utf8") : NOT_BUILT);
  });
}

// src/service/http/app.ts
var OPENAPI_PATH = "/v1/openapi.json";
function createHttpApp({ ctx, limiter, cache: cache2, requestLog, dashboardDir }) {
  const app = new OpenAPIHono({ strict: false, defaultHook: validationHook });
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    requestLog.append({
      time: new Date(ctx.wallClock.now()).toISOString(),
      client: c.get(CLIENT) ?? remoteAddress(c),
      method: c.req.method,
      // The path with its query, as the client sent it (cheaper than parsing a URL per request).
      path: pathAndQuery(c.req.url),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 1e3) / 1e3,
      bytes: Number(c.res.headers.get("Content-Length") ?? 0)
    });
  });
  app.use("*", corsHeaders(ctx.config.corsOrigins));
  const limit = fairUsage(ctx.config, limiter);
  app.use("/v1/*", async (c, next) => {
    if (c.req.method === "OPTIONS" || c.req.path === OPENAPI_PATH) return next();
    return limit(c, next);
  });
  app.use("/v1/*", async (c, next) => {
    await next();
    const body = c.get(CACHEABLE_BODY);
    if (c.req.method === "GET" && c.res.status === 200 && body !== void 0)
      cache2.put(pathAndQuery(c.req.url), body);
  });
  app.post(
    "/v1/supply",
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => errorResponse(c, new ApiError(413, `the body is larger than ${MAX_BODY_BYTES} bytes`))
    })
  );
  registerChartPoints(app, ctx);
  registerQuotation(app, ctx);
  registerInterestRates(app, ctx);
  registerSupply(app, ctx);
  registerSymbolDetails(app, ctx);
  registerLists(app, ctx);
  app.openAPIRegistry.registerComponent("securitySchemes", "writeKey", {
    type: "http",
    scheme: "bearer",
    description: "A write key issued by the operator (WRITE_KEYS) or created in the data directory on first start"
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKey", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "Optional: a client key the operator issued (API_KEYS), for its own fair-usage limit"
  });
  app.doc31(OPENAPI_PATH, openApiInfo());
  registerDocs(app);
  registerDashboard(app, dashboardDir);
  app.notFound((c) => {
    const allowed = allowedMethods(app, c.req.path);
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      return errorResponse(
        c,
        new ApiError(405, `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(" or ")}`, {
          Allow: allowed.join(", ")
        })
      );
    }
    return errorResponse(
      c,
      new ApiError(404, `no such route: ${c.req.method} ${c.req.path} (see ${OPENAPI_PATH})`)
    );
  });
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status in ERROR_STATUSES) {
      return errorResponse(c, new ApiError(error.status, error.message || "bad request"));
    }
    console.error(error);
    return errorResponse(c, new ApiError(500, "internal error; the service logged it"));
  });
  return app;
}
function pathAndQuery(url) {
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}
var routePatterns = /* @__PURE__ */ new WeakMap();
function allowedMethods(app, path6) {
  let patterns = routePatterns.get(app);
  if (!patterns) {
    patterns = app.routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/v1/")).map((r) => ({
      method: r.method,
      pattern: new RegExp(`^${r.path.replace(/:[^/]+/g, "[^/]+")}/?$`)
    }));
    routePatterns.set(app, patterns);
  }
  const methods = new Set(patterns.filter((p) => p.pattern.test(path6)).map((p) => p.method));
  if (methods.size > 0) methods.add("OPTIONS");
  return [...methods];
}

// src/service/http/request-log.ts
import fs2 from "node:fs";
import { readFile } from "node:fs/promises";
import path4 from "node:path";
import { z as z3 } from "zod";
var RequestLogEntrySchema = z3.object({
  /** RFC 3339 time the request arrived. */
  time: z3.string(),
  /** Who asked: pass a key fingerprint or an address, never a raw API key. */
  client: z3.string(),
  method: z3.string(),
  /** Path with the query string. */
  path: z3.string(),
  status: z3.number().int(),
  durationMs: z3.number(),
  bytes: z3.number()
});
var MAX_PENDING_BYTES = 16 * 1024 * 1024;
var FLUSH_AFTER_MS = 25;
var RequestLog = class {
  filePath;
  droppedCount = 0;
  stream;
  failure = null;
  closing = null;
  batch = [];
  flushTimer = null;
  constructor(filePath) {
    this.filePath = filePath;
    fs2.mkdirSync(path4.dirname(filePath), { recursive: true });
    this.stream = fs2.createWriteStream(filePath, { flags: "a", encoding: "utf8" });
    this.stream.on("error", (error) => {
      if (this.failure) return;
      this.failure = error;
      console.error(`request log ${filePath}: ${error.message}; requests are no longer logged`);
    });
  }
  /** Entries dropped because the disk fell far behind, the file could not be written, or the log was closed. */
  get dropped() {
    return this.droppedCount;
  }
  append(entry) {
    if (this.failure || this.closing || this.stream.writableLength > MAX_PENDING_BYTES) {
      this.droppedCount++;
      return;
    }
    const e = entry;
    this.batch.push(
      `{"time":"${e.time}","client":${JSON.stringify(e.client)},"method":${JSON.stringify(e.method)},"path":${JSON.stringify(e.path)},"status":${e.status},"durationMs":${e.durationMs},"bytes":${e.bytes}}
`
    );
    this.flushTimer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }
  flush() {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.batch.length === 0) return;
    this.stream.write(this.batch.join(""));
    this.batch = [];
  }
  /** Flushes what is buffered and closes the file. Safe to call more than once. */
  close() {
    this.closing ??= new Promise((resolve) => {
      if (this.stream.closed || this.stream.destroyed) {
        resolve();
        return;
      }
      this.flush();
      this.stream.once("close", () => resolve());
      this.stream.end();
    });
    return this.closing;
  }
};
async function readRequestLog(filePath) {
  let text;
  try {
    text = await readFile(filePath, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
  const lines = text.split("\n");
  const entries = [];
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const isLast = index === lines.length - 1;
    let parsed;
    try {
      parsed = JSON.parse(line);
    } catch {
      if (isLast) return;
      throw new Error(`${filePath}:${index + 1}: not a JSON line`);
    }
    const result = RequestLogEntrySchema.safeParse(parsed);
    if (!result.success) {
      throw new Error(
        `${filePath}:${index + 1}: not a request log entry: ${result.error.issues[0]?.message}`
      );
    }
    entries.push(result.data);
  });
  return entries;
}

// src/service/http/response-cache.ts
var MAX_BYTES = 64 * 1024 * 1024;
var ResponseCache = class {
  entries = /* @__PURE__ */ new Map();
  bytes = 0;
  get(pathAndQuery2) {
    return this.entries.get(pathAndQuery2);
  }
  put(pathAndQuery2, body) {
    const buffer = Buffer.from(body);
    if (this.bytes + buffer.length > MAX_BYTES || this.entries.has(pathAndQuery2)) return;
    this.entries.set(pathAndQuery2, buffer);
    this.bytes += buffer.length;
  }
  clear() {
    this.entries.clear();
    this.bytes = 0;
  }
};
var isoMs = Number.NaN;
var isoText = "";
function isoTime(ms) {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}
function serveFromCache(deps, req, res) {
  if (req.method !== "GET" || req.url === void 0) return false;
  const body = deps.cache.get(req.url);
  if (body === void 0) return false;
  const started = performance.now();
  const apiKey = req.headers["x-api-key"];
  const address = req.socket.remoteAddress ?? "unknown";
  const admission = admit(deps.config, deps.limiter, Array.isArray(apiKey) ? apiKey[0] : apiKey, address);
  const headers = corsHeaderValues(deps.config.corsOrigins, req.headers.origin);
  for (const name in admission.headers) headers[name] = admission.headers[name];
  let status = 200;
  let payload = body;
  if (admission.refusal) {
    status = admission.refusal.status;
    payload = errorBody(status, admission.refusal.message);
    Object.assign(headers, admission.refusal.headers);
  }
  headers["Content-Type"] = JSON_TYPE;
  const bytes = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
  headers["Content-Length"] = String(bytes);
  res.writeHead(status, headers);
  res.end(payload);
  deps.requestLog.append({
    time: isoTime(deps.now()),
    client: admission.client,
    method: "GET",
    path: req.url,
    status,
    durationMs: Math.round((performance.now() - started) * 1e3) / 1e3,
    bytes
  });
  return true;
}

// src/service/market/chart-cache.ts
import { LRUCache } from "lru-cache";
var MAX_CACHED_POINTS = 4e6;
var ChartCache = class {
  constructor(store) {
    this.store = store;
  }
  store;
  entries = new LRUCache({
    maxSize: MAX_CACHED_POINTS,
    sizeCalculation: (entry) => entry.times.length + 1
  });
  /** The points of a query; `lastBlockEnd` is the end of the newest stored block (Unix seconds). */
  points(query, lastBlockEnd) {
    const { scale } = query;
    if (scale === null) return this.store.chartPoints(query);
    const completeUpTo = bucketStart(lastBlockEnd, scale);
    const key = `${query.series}|${query.filter}|${scale}`;
    const from = bucketStart(query.from - 1, scale) + SCALE_SECONDS[scale];
    const read = (first2, upTo) => this.store.chartPoints({ ...query, from: first2, to: upTo - 1, limit: Number.MAX_SAFE_INTEGER });
    let entry = this.entries.get(key);
    if (!entry) {
      const got = read(from, completeUpTo);
      entry = { times: got.times, values: got.values, from, upTo: completeUpTo };
    } else {
      if (from < entry.from) {
        const older = read(from, entry.from);
        entry = {
          ...entry,
          times: older.times.concat(entry.times),
          values: older.values.concat(entry.values),
          from
        };
      }
      if (entry.upTo < completeUpTo) {
        const newer = read(entry.upTo, completeUpTo);
        entry = {
          ...entry,
          times: entry.times.concat(newer.times),
          values: entry.values.concat(newer.values),
          upTo: completeUpTo
        };
      }
    }
    this.entries.set(key, entry);
    const times = [];
    const values = [];
    const first = lowerBound(entry.times, query.from);
    for (let i = first; i < entry.times.length && entry.times[i] <= query.to; i++) {
      if (times.length >= query.limit) return { times, values };
      times.push(entry.times[i]);
      values.push(entry.values[i]);
    }
    if (query.to >= completeUpTo) {
      const edge = this.store.chartPoints({
        ...query,
        from: Math.max(query.from, completeUpTo),
        limit: query.limit
      });
      for (let i = 0; i < edge.times.length && times.length < query.limit; i++) {
        times.push(edge.times[i]);
        values.push(edge.values[i]);
      }
    }
    return { times, values };
  }
};
function lowerBound(sorted, value) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// src/service/market/outliers-fast.ts
var scratch = new Float64Array(256);
function trimmedMedian(values, count) {
  if (count === 0) return 0;
  if (scratch.length < count) scratch = new Float64Array(count * 2);
  const sorted = scratch.subarray(0, count);
  for (let i = 0; i < count; i++) sorted[i] = values[i];
  sorted.sort();
  let from = 0;
  let to = count;
  if (count >= 2) {
    const q1 = medianOf(sorted, 0, count >> 1);
    const q3 = medianOf(sorted, Math.ceil(count / 2), count);
    const low = q1 - 1.5 * (q3 - q1);
    const high = q3 + 1.5 * (q3 - q1);
    while (from < to && sorted[from] < low) from++;
    while (to > from && sorted[to - 1] > high) to--;
  }
  return medianOf(sorted, from, to);
}
function medianOf(sorted, from, to) {
  const n = to - from;
  if (n <= 0) return 0;
  const mid = from + (n >> 1);
  return n % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
var runPrices = new Float64Array(64);
var runCounts = new Float64Array(64);
function trimmedMeanOfRuns(prices, counts, k) {
  if (runPrices.length < k) {
    runPrices = new Float64Array(k * 2);
    runCounts = new Float64Array(k * 2);
  }
  let n = 0;
  for (let i = 0; i < k; i++) {
    const p = prices[i];
    const c = counts[i];
    let j = i - 1;
    while (j >= 0 && runPrices[j] > p) {
      runPrices[j + 1] = runPrices[j];
      runCounts[j + 1] = runCounts[j];
      j--;
    }
    runPrices[j + 1] = p;
    runCounts[j + 1] = c;
    n += c;
  }
  if (n === 0) return 0;
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  if (n >= 2) {
    const q1 = medianAt(k, 0, n >> 1);
    const q3 = medianAt(k, Math.ceil(n / 2), n);
    low = q1 - 1.5 * (q3 - q1);
    high = q3 + 1.5 * (q3 - q1);
  }
  let total = 0;
  let kept = 0;
  for (let i = 0; i < k; i++) {
    const p = runPrices[i];
    if (p < low || p > high) continue;
    const c = runCounts[i];
    total += p * c;
    kept += c;
  }
  return kept === 0 ? 0 : total / kept;
}
function sampleAt(k, position) {
  let seen = 0;
  for (let i = 0; i < k; i++) {
    seen += runCounts[i];
    if (position < seen) return runPrices[i];
  }
  return runPrices[k - 1];
}
function medianAt(k, from, to) {
  const m = to - from;
  if (m <= 0) return 0;
  const mid = from + (m >> 1);
  return m % 2 === 1 ? sampleAt(k, mid) : (sampleAt(k, mid - 1) + sampleAt(k, mid)) / 2;
}

// src/service/market/sample-runs.ts
var SampleRuns = class {
  constructor(capacity) {
    this.capacity = capacity;
  }
  capacity;
  prices = [];
  counts = [];
  /** Number of samples (sum of counts). */
  size = 0;
  /** Adds `n` samples of `price` as the newest, dropping the oldest beyond capacity. */
  pushNewest(price, n = 1) {
    if (n <= 0) return;
    const last = this.prices.length - 1;
    if (last >= 0 && this.prices[last] === price) this.counts[last] = this.counts[last] + n;
    else {
      this.prices.push(price);
      this.counts.push(n);
    }
    this.size += n;
    this.trimOldest();
  }
  /** Removes the newest sample (the reference replaces it when a second trade falls in the same second). */
  dropNewest() {
    const last = this.prices.length - 1;
    if (last < 0) return;
    const c = this.counts[last] - 1;
    if (c === 0) {
      this.prices.pop();
      this.counts.pop();
    } else this.counts[last] = c;
    this.size -= 1;
  }
  reset(price) {
    this.prices = [price];
    this.counts = [1];
    this.size = 1;
  }
  sum() {
    let total = 0;
    for (let i = 0; i < this.prices.length; i++)
      total += this.prices[i] * this.counts[i];
    return total;
  }
  /** The samples one by one, oldest first (for tests and the reference implementation). */
  expand() {
    const out = [];
    for (let i = 0; i < this.prices.length; i++) {
      for (let c = 0; c < this.counts[i]; c++) out.push(this.prices[i]);
    }
    return out;
  }
  trimOldest() {
    let excess = this.size - this.capacity;
    while (excess > 0) {
      const c = this.counts[0];
      if (c > excess) {
        this.counts[0] = c - excess;
        this.size -= excess;
        return;
      }
      this.prices.shift();
      this.counts.shift();
      this.size -= c;
      excess -= c;
    }
  }
};

// src/service/market/filters.ts
var FILTER_MEMORY = 120;
var PerSecondBuffer = class {
  samples;
  currentMs;
  lastPrice = null;
  constructor(memory, startMs) {
    this.samples = new SampleRuns(memory);
    this.currentMs = startMs;
  }
  /** Takes one trade; returns false when it is out of order and was ignored. */
  take(trade) {
    if (this.lastPrice !== null) {
      if (trade.timeMs < this.currentMs) return false;
      this.fill(trade.timeMs, this.lastPrice);
    }
    this.fill(trade.timeMs, trade.estimatedUSDPrice);
    this.lastPrice = trade.estimatedUSDPrice;
    return true;
  }
  fill(timeMs, price) {
    const diff = Math.trunc((timeMs - this.currentMs) / 1e3);
    if (diff > 1) this.samples.pushNewest(price, diff - 1);
    else {
      if (diff === 0 && this.samples.size >= 1) this.samples.dropNewest();
      this.samples.pushNewest(price, 1);
    }
    this.currentMs = timeMs;
  }
};
var MovingAverageFilter = class {
  constructor(startMs, memory = FILTER_MEMORY) {
    this.memory = memory;
    this.buffer = new PerSecondBuffer(memory, startMs);
  }
  memory;
  buffer;
  compute(trade) {
    this.buffer.take(trade);
  }
  /** The value at the end of a block; null until the series has traded at all. */
  finalCompute(blockEndMs) {
    const { buffer } = this;
    if (buffer.lastPrice === null) return null;
    buffer.fill(blockEndMs, buffer.lastPrice);
    const n = buffer.samples.size;
    const divisor = n > 0 && n < this.memory ? n : this.memory;
    return { value: buffer.samples.sum() / divisor, timeMs: blockEndMs };
  }
};
var MairFilter = class {
  buffer;
  tradedThisBlock = false;
  lastTradeMs = 0;
  constructor(startMs, memory = FILTER_MEMORY) {
    this.buffer = new PerSecondBuffer(memory, startMs);
  }
  compute(trade) {
    if (this.buffer.take(trade)) {
      this.tradedThisBlock = true;
      this.lastTradeMs = trade.timeMs;
    }
  }
  /** The block's value, or null when the block had no trades. */
  finalCompute() {
    if (!this.tradedThisBlock) return null;
    this.tradedThisBlock = false;
    const { samples, lastPrice } = this.buffer;
    const last = lastPrice;
    let value;
    if (samples.size < 2) value = samples.prices[0] ?? last;
    else {
      samples.pushNewest(last, 1);
      value = trimmedMeanOfRuns(samples.prices, samples.counts, samples.prices.length);
    }
    samples.reset(last);
    return { value, timeMs: this.lastTradeMs };
  }
};
var MedirFilter = class {
  constructor(memory = FILTER_MEMORY) {
    this.memory = memory;
    this.prices = new Float64Array(memory);
  }
  memory;
  /** The newest `memory` trade prices of the block, as a ring (order does not matter to a median). */
  prices;
  taken = 0;
  lastTradeMs = Number.NEGATIVE_INFINITY;
  compute(trade) {
    if (trade.timeMs < this.lastTradeMs) return;
    this.prices[this.taken % this.memory] = trade.estimatedUSDPrice;
    this.taken += 1;
    this.lastTradeMs = trade.timeMs;
  }
  /** The block's value, or null when the block had no trades. The buffer starts empty each block. */
  finalCompute() {
    if (this.taken === 0) return null;
    const value = trimmedMedian(this.prices, Math.min(this.taken, this.memory));
    this.taken = 0;
    return { value, timeMs: this.lastTradeMs };
  }
};

// src/service/market/aggregator.ts
var SeriesState = class {
  constructor(id, startMs) {
    this.id = id;
    this.ma = new MovingAverageFilter(startMs);
    this.mair = new MairFilter(startMs);
  }
  id;
  ma;
  mair;
  medir = new MedirFilter();
  volumeUSD = 0;
  trades = 0;
  lastTradeMs = 0;
  take(trade) {
    this.ma.compute(trade);
    this.mair.compute(trade);
    this.medir.compute(trade);
    this.volumeUSD += Math.abs(trade.volume) * trade.estimatedUSDPrice;
    this.trades += 1;
    this.lastTradeMs = trade.timeMs;
  }
  /** Closes the block; null while the series has never traded (no MA120 yet). */
  close(blockEndMs) {
    const ma = this.ma.finalCompute(blockEndMs);
    const mair = this.mair.finalCompute();
    const medir = this.medir.finalCompute();
    const traded = this.trades > 0;
    const row = ma && {
      series: this.id,
      time: blockEndMs / 1e3,
      ma120: ma.value,
      mair120: mair?.value ?? null,
      medir120: medir?.value ?? null,
      lastTradeOffset: traded ? Math.floor((this.lastTradeMs - (blockEndMs - BLOCK_SECONDS * 1e3)) / 1e3) : null,
      volumeUSD: this.volumeUSD,
      trades: this.trades
    };
    this.volumeUSD = 0;
    this.trades = 0;
    return row;
  }
};
var BlockAggregator = class {
  constructor(ids, pairs2, startMs) {
    this.ids = ids;
    for (const pair of pairs2) {
      if (pair.ignore) continue;
      this.ensure(pair.symbol, pair.exchange, startMs);
      this.ensure(pair.symbol, "", startMs);
    }
  }
  ids;
  /** symbol → exchange ("" for all exchanges) → state */
  states = /* @__PURE__ */ new Map();
  all = [];
  ensure(symbol2, exchange, startMs) {
    let bySymbol = this.states.get(symbol2);
    if (!bySymbol) {
      bySymbol = /* @__PURE__ */ new Map();
      this.states.set(symbol2, bySymbol);
    }
    let state = bySymbol.get(exchange);
    if (!state) {
      state = new SeriesState(this.ids.seriesId(symbol2, exchange === "" ? null : exchange), startMs);
      bySymbol.set(exchange, state);
      this.all.push(state);
    }
    return state;
  }
  /**
   * Aggregates one block. `trades` must be the block's trades sorted by time. With `keepTrades` the
   * block's trades are returned for storage (the store keeps the last day's trades only).
   */
  aggregate(block, trades, keepTrades) {
    const blockEndMs = (block + 1) * BLOCK_SECONDS * 1e3;
    const stored = [];
    for (let i = 0; i < trades.length; i++) {
      const trade = trades[i];
      const bySymbol = this.states.get(trade.symbol);
      const exchangeState = bySymbol?.get(trade.exchange);
      if (!bySymbol || !exchangeState) continue;
      exchangeState.take(trade);
      bySymbol.get("").take(trade);
      if (keepTrades) {
        stored.push({
          series: exchangeState.id,
          timeMs: trade.timeMs,
          seq: i,
          pair: trade.pair,
          price: trade.price,
          volume: trade.volume,
          estimatedUSDPrice: trade.estimatedUSDPrice,
          foreignTradeID: trade.foreignTradeID
        });
      }
    }
    const rows = [];
    for (const state of this.all) {
      const row = state.close(blockEndMs);
      if (row) rows.push(row);
    }
    return { rows, trades: stored };
  }
};

// src/service/market/parallel-seed.ts
import { cpus } from "node:os";
import { Worker } from "node:worker_threads";

// src/service/market/radix-sort.ts
var RADIX_BITS = 9;
var RADIX = 1 << RADIX_BITS;
var RADIX_MASK = RADIX - 1;
function radixSortIndexes(keys, n, order, scratch2, counts) {
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const bucket = keys[i] & RADIX_MASK;
    counts[bucket] = counts[bucket] + 1;
  }
  for (let b = 0, sum = 0; b < RADIX; b++) {
    const c = counts[b];
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const bucket = keys[i] & RADIX_MASK;
    const at = counts[bucket];
    scratch2[at] = i;
    counts[bucket] = at + 1;
  }
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const bucket = keys[i] >>> RADIX_BITS;
    counts[bucket] = counts[bucket] + 1;
  }
  for (let b = 0, sum = 0; b < RADIX; b++) {
    const c = counts[b];
    counts[b] = sum;
    sum += c;
  }
  for (let i = 0; i < n; i++) {
    const idx = scratch2[i];
    const bucket = keys[idx] >>> RADIX_BITS;
    const at = counts[bucket];
    order[at] = idx;
    counts[bucket] = at + 1;
  }
}

// src/service/market/sfc32.ts
var Sfc32 = class {
  a = 0;
  b = 0;
  c = 0;
  d = 1;
  seed(key) {
    this.a = mix32(key + 2654435769) | 0;
    this.b = mix32(key + 1013904242) | 0;
    this.c = mix32(key + 3668340011) | 0;
    this.d = 1;
    this.next();
    this.next();
  }
  /** A uniform 32-bit value, as a signed int32 (like pure-rand's next()). */
  next() {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (a + b | 0) + d | 0;
    this.d = d + 1 | 0;
    this.a = b ^ b >>> 9;
    this.b = c + (c << 3) | 0;
    this.c = (c << 21 | c >>> 11) + t | 0;
    return t;
  }
};

// src/service/market/simulated-pairs.ts
var MEAN_TRADES_PER_PAIR = 3;
var QUOTE_USD = -1;
var QUOTE_EUR = -2;
var BLOCKS_PER_DAY = 86400 / BLOCK_SECONDS;
var MAX_PAIRS_PER_EXCHANGE = 100;
var ACTIVITY_EXPONENT = 0.85;
var SECONDARY_QUOTE_SHARE = {
  USD: 0.6,
  EUR: 0.35,
  USDT: 0.5,
  USDC: 0.3,
  BTC: 0.2,
  ETH: 0.15
};
var U32 = 2 ** -32;
function simulatedPairs(symbols2) {
  const coinIndex = new Map(COINS.map((c, i) => [c.symbol, i]));
  const exchangeIndex = new Map(EXCHANGES.map((e, i) => [e.name, i]));
  const live = PAIRS.filter((p) => !p.ignore);
  const n = live.length;
  const only = symbols2 ? new Set(symbols2) : null;
  const pairs2 = {
    count: n,
    active: Uint8Array.from(live, (p) => only === null || only.has(p.symbol) ? 1 : 0),
    symbol: live.map((p) => p.symbol),
    exchange: live.map((p) => p.exchange),
    foreignName: live.map((p) => p.foreignName),
    coin: new Int32Array(n),
    quote: new Int32Array(n),
    pairKey: new Uint32Array(n),
    idPair: new Array(n).fill("00"),
    lambda: new Float64Array(n),
    meanSizeUSD: new Float64Array(n),
    premium: new Float64Array(n),
    halfSpread: new Float64Array(n),
    noise: new Float64Array(n),
    priceScale: new Float64Array(n),
    volumeScale: new Float64Array(n)
  };
  const localIndex = /* @__PURE__ */ new Map();
  const perExchange2 = /* @__PURE__ */ new Map();
  for (const p of PAIRS) {
    const i = perExchange2.get(p.exchange) ?? 0;
    if (i >= MAX_PAIRS_PER_EXCHANGE) throw new Error(`too many pairs on ${p.exchange}`);
    perExchange2.set(p.exchange, i + 1);
    localIndex.set(`${p.exchange}/${p.foreignName}`, i);
  }
  const weight = new Float64Array(n);
  const coinWeight = new Float64Array(COINS.length);
  let activitySum = 0;
  live.forEach((p, i) => {
    const ci = coinIndex.get(p.symbol);
    const ei = exchangeIndex.get(p.exchange);
    const c = ci === void 0 ? void 0 : COINS[ci];
    const e = ei === void 0 ? void 0 : EXCHANGES[ei];
    if (ci === void 0 || c === void 0 || e === void 0) {
      throw new Error(`pair ${p.exchange}/${p.foreignName} is not in the catalog`);
    }
    const quoteCoin = coinIndex.get(p.quote);
    const quoteIdx = p.quote === "USD" ? QUOTE_USD : p.quote === "EUR" ? QUOTE_EUR : quoteCoin;
    if (quoteIdx === void 0) throw new Error(`unknown quote currency ${p.quote}`);
    const share = e.quotes[0] === p.quote ? 1 : SECONDARY_QUOTE_SHARE[p.quote];
    const w = e.size * c.liquidity * share;
    weight[i] = w;
    coinWeight[ci] = (coinWeight[ci] ?? 0) + w;
    activitySum += w ** ACTIVITY_EXPONENT;
    const key = `${p.exchange}/${p.foreignName}`;
    const pairKey = hashString(key);
    const illiquidity = 1 - c.liquidity;
    const stableFactor = c.stablecoin ? 0.1 : 1;
    pairs2.coin[i] = ci;
    pairs2.quote[i] = quoteIdx;
    pairs2.pairKey[i] = pairKey;
    pairs2.idPair[i] = String(localIndex.get(key) ?? 0).padStart(2, "0");
    pairs2.premium[i] = (e.premiumBp + (mix32(pairKey ^ 1542469173) * U32 - 0.5) * 3) * 1e-4 * stableFactor;
    pairs2.halfSpread[i] = e.spreadBp / 2 * (1 + 3 * illiquidity) * 1e-4 * stableFactor;
    pairs2.noise[i] = 3e-4 * (1 + 2 * illiquidity) * stableFactor;
    const quoteBase = quoteIdx >= 0 ? COINS[quoteIdx]?.basePriceUSD ?? 1 : quoteIdx === QUOTE_EUR ? 1.1 : 1;
    const typical = c.basePriceUSD / quoteBase;
    const priceDecimals = Math.min(Math.max(6 - Math.floor(Math.log10(typical)), 0), 12);
    pairs2.priceScale[i] = 10 ** priceDecimals;
    const volumeDecimals = Math.min(Math.max(Math.ceil(Math.log10(c.basePriceUSD)) + 3, 0), 8);
    pairs2.volumeScale[i] = 10 ** volumeDecimals;
  });
  const lambdaScale = MEAN_TRADES_PER_PAIR * n / activitySum;
  for (let i = 0; i < n; i++) {
    const w = weight[i] ?? 0;
    const ci = pairs2.coin[i] ?? 0;
    const lambda = lambdaScale * w ** ACTIVITY_EXPONENT;
    pairs2.lambda[i] = lambda;
    const dailyUSD = (COINS[ci]?.volume24hUSD ?? 0) * w / (coinWeight[ci] ?? 1);
    pairs2.meanSizeUSD[i] = dailyUSD / (lambda * BLOCKS_PER_DAY);
  }
  return pairs2;
}

// src/service/market/simulator.ts
var OUTLIER_RATE = 4e-3;
var OUTLIER_MIN = 0.03;
var OUTLIER_MAX = 0.2;
var BLOCK_MS = BLOCK_SECONDS * 1e3;
var INV_BLOCK_MS = 1 / BLOCK_MS;
var MAX_TRADES_PER_PAIR = 999;
var SEQUENCE_DIGITS = Array.from(
  { length: MAX_TRADES_PER_PAIR },
  (_, j) => String(j).padStart(3, "0")
);
var TWO_PI = 2 * Math.PI;
var SIZE_NORM = 1 / (1 / 3 * (Math.log(20) / 0.95));
var U322 = 2 ** -32;
var U16 = 2 ** -16;
var OUTLIER_THRESHOLD_16 = Math.round(OUTLIER_RATE * 65536);
var GAUSS4_SCALE = Math.sqrt(3);
function seasonality(tSeconds) {
  const day = Math.floor(tSeconds / 86400);
  const hour = (tSeconds - day * 86400) / 3600;
  const dow = ((day + 4) % 7 + 7) % 7;
  const weekday = dow === 0 || dow === 6 ? 0.8 : 1;
  return (1 + 0.3 * Math.cos(TWO_PI * (hour - 15) / 24)) * weekday / ((5 + 2 * 0.8) / 7);
}
var MarketSimulator = class {
  seed;
  seedHash;
  coinSymbols;
  /** Per-pair constants of the non-ignored pairs (structure of arrays). */
  pairs;
  // Scratch buffers, reused by every call (tradesOfBlock is synchronous).
  mid0;
  mid1;
  keys = new Int32Array(4096);
  scratch = new Int32Array(4096);
  orderBuffer = new Int32Array(4096);
  counts = new Int32Array(RADIX);
  rng = new Sfc32();
  // Caches that never change a result: the last block (whose end prices are in mid1) and the EUR rate.
  lastBlock = Number.NaN;
  eurDay = Number.NaN;
  eurUsd = 1;
  /**
   * `symbols`: trade only the pairs of these coins (a seeding worker's share). Every other pair's trades
   * are unaffected: each pair has its own random stream, and the rates are normalised over all pairs.
   */
  constructor(seed, options = {}) {
    if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
    this.seed = seed;
    this.seedHash = hashSeed(seed);
    this.coinSymbols = COINS.map((c) => c.symbol);
    this.mid0 = new Float64Array(COINS.length);
    this.mid1 = new Float64Array(COINS.length);
    this.pairs = simulatedPairs(options.symbols);
  }
  /** Mean number of trades of every non-ignored pair in a block of average activity, keyed "exchange/pair". */
  expectedTradesPerBlock() {
    const pairs2 = this.pairs;
    const out = /* @__PURE__ */ new Map();
    for (let i = 0; i < pairs2.count; i++) {
      out.set(`${pairs2.exchange[i]}/${pairs2.foreignName[i]}`, pairs2.lambda[i] ?? 0);
    }
    return out;
  }
  /** Every trade of block `block` (it covers [block*120, (block+1)*120) seconds), sorted by timeMs ascending. */
  tradesOfBlock(block) {
    if (!Number.isSafeInteger(block) || block < 0 || block > 1e9) {
      throw new RangeError(`block must be an integer in [0, 1e9], got ${block}`);
    }
    const seed = this.seed;
    const t0 = block * BLOCK_SECONDS;
    const t1 = t0 + BLOCK_SECONDS;
    const mid0 = this.mid0;
    const mid1 = this.mid1;
    const symbols2 = this.coinSymbols;
    if (block === this.lastBlock + 1) mid0.set(mid1);
    else for (let c = 0; c < symbols2.length; c++) mid0[c] = midPrice(seed, symbols2[c], t0);
    for (let c = 0; c < symbols2.length; c++) mid1[c] = midPrice(seed, symbols2[c], t1);
    this.lastBlock = block;
    const day = Math.floor(t0 / 86400);
    if (day !== this.eurDay) {
      this.eurUsd = usdPerEur(seed, t0);
      this.eurDay = day;
    }
    const eurUsd = this.eurUsd;
    const season = seasonality(t0 + BLOCK_SECONDS / 2);
    const blockHash = mix32(this.seedHash ^ mix32(block + 1663821227) ^ mix32(Math.floor(block / 2 ** 32)));
    const t0ms = t0 * 1e3;
    const idPrefix = String(block);
    const rng = this.rng;
    const pairs2 = this.pairs;
    const trades = [];
    let keys = this.keys;
    const coinOf = pairs2.coin;
    const quoteOf = pairs2.quote;
    const pairKey = pairs2.pairKey;
    const lambdaOf = pairs2.lambda;
    const meanSizeOf = pairs2.meanSizeUSD;
    const premiumOf = pairs2.premium;
    const halfSpreadOf = pairs2.halfSpread;
    const noiseOf = pairs2.noise;
    const priceScaleOf = pairs2.priceScale;
    const volumeScaleOf = pairs2.volumeScale;
    const idPairOf = pairs2.idPair;
    const active = pairs2.active;
    for (let p = 0; p < pairs2.count; p++) {
      if (active[p] === 0) continue;
      rng.seed(mix32(blockHash ^ pairKey[p]));
      const lambda = lambdaOf[p] * season;
      const draw = (rng.next() >>> 0) * U322;
      let term = Math.exp(-lambda);
      let cdf = term;
      let count = 0;
      while (draw > cdf && term > 1e-18 && count < MAX_TRADES_PER_PAIR) {
        count++;
        term *= lambda / count;
        cdf += term;
      }
      if (count === 0) continue;
      const c = coinOf[p];
      const m0 = mid0[c];
      const dm = mid1[c] - m0;
      const q = quoteOf[p];
      let q0 = 1;
      let dq = 0;
      if (q === QUOTE_EUR) {
        q0 = eurUsd;
      } else if (q >= 0) {
        q0 = mid0[q];
        dq = mid1[q] - q0;
      }
      const symbol2 = pairs2.symbol[p];
      const exchange = pairs2.exchange[p];
      const pair = pairs2.foreignName[p];
      const premium = premiumOf[p];
      const halfSpread = halfSpreadOf[p];
      const noise3 = noiseOf[p];
      const priceScale = priceScaleOf[p];
      const volumeScale = volumeScaleOf[p];
      const meanSize = meanSizeOf[p];
      const idPair = idPrefix + idPairOf[p];
      for (let j = 0; j < count; j++) {
        const r1 = rng.next();
        const offsetMs = Math.floor((r1 >>> 0) * U322 * BLOCK_MS);
        const frac = offsetMs * INV_BLOCK_MS;
        const mid = m0 + dm * frac;
        const side = (r1 & 1) === 0 ? -1 : 1;
        const r2 = rng.next();
        let deviation;
        if (r2 >>> 16 < OUTLIER_THRESHOLD_16) {
          const size = OUTLIER_MIN + (OUTLIER_MAX - OUTLIER_MIN) * (r2 & 65535) * U16;
          deviation = rng.next() < 0 ? -size : size;
        } else {
          const r3 = rng.next();
          const r4 = rng.next();
          const gauss = ((r3 >>> 16) + (r3 & 65535) + (r4 >>> 16) + (r4 & 65535)) * U16 - 2;
          deviation = premium + side * halfSpread * (0.5 + (r2 & 65535) * U16) + noise3 * gauss * GAUSS4_SCALE;
        }
        const priceUSD = mid * (1 + deviation);
        const quoteUSD = q0 + dq * frac;
        const price = Math.round(priceUSD / quoteUSD * priceScale) / priceScale;
        const r5 = rng.next();
        const u = (r5 >>> 16) * U16;
        const sizeUSD = meanSize * SIZE_NORM * u * u / (1 - 0.95 * (r5 & 65535) * U16);
        let amount = Math.round(sizeUSD / mid * volumeScale) / volumeScale;
        if (amount === 0) amount = 1 / volumeScale;
        const index = trades.length;
        if (index >= keys.length) keys = this.growKeys();
        keys[index] = offsetMs;
        trades.push({
          symbol: symbol2,
          exchange,
          pair,
          timeMs: t0ms + offsetMs,
          price,
          volume: side * amount,
          estimatedUSDPrice: price * quoteUSD,
          foreignTradeID: idPair + SEQUENCE_DIGITS[j]
        });
      }
    }
    const n = trades.length;
    const order = this.orderBuffer;
    radixSortIndexes(keys, n, order, this.scratch, this.counts);
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = trades[order[i]];
    return out;
  }
  /** Doubles the per-block buffers (a block with more trades than ever before). */
  growKeys() {
    const size = this.keys.length * 2;
    const keys = new Int32Array(size);
    keys.set(this.keys);
    this.keys = keys;
    this.scratch = new Int32Array(size);
    this.orderBuffer = new Int32Array(size);
    return keys;
  }
};

// src/service/market/parallel-seed.ts
var COLUMNS = 8;
function unpackRows(packed) {
  const rows = [];
  for (let o = 0; o < packed.length; o += COLUMNS) {
    const mair = packed[o + 3];
    const medir = packed[o + 4];
    const offset = packed[o + 5];
    rows.push({
      series: packed[o],
      time: packed[o + 1],
      ma120: packed[o + 2],
      mair120: Number.isNaN(mair) ? null : mair,
      medir120: Number.isNaN(medir) ? null : medir,
      lastTradeOffset: offset < 0 ? null : offset,
      volumeUSD: packed[o + 6],
      trades: packed[o + 7]
    });
  }
  return rows;
}
function shareCoins(seed, n, sampleBlock) {
  const simulator = new MarketSimulator(seed);
  const load = /* @__PURE__ */ new Map();
  for (let b = sampleBlock - 60; b < sampleBlock; b++) {
    for (const t of simulator.tradesOfBlock(b)) load.set(t.symbol, (load.get(t.symbol) ?? 0) + 1);
  }
  for (const p of PAIRS) if (!p.ignore) load.set(p.symbol, (load.get(p.symbol) ?? 0) + 40);
  const shares = Array.from({ length: n }, () => ({ symbols: [], load: 0 }));
  for (const [symbol2, weight] of [...load.entries()].sort((a, b) => b[1] - a[1])) {
    const lightest = shares.reduce((a, b) => b.load < a.load ? b : a);
    lightest.symbols.push(symbol2);
    lightest.load += weight;
  }
  return shares.map((s) => s.symbols).filter((s) => s.length > 0);
}
function workerCount() {
  return Math.max(1, Math.min(4, cpus().length));
}
async function seedInParallel(store, options) {
  const shares = shareCoins(options.seed, options.workers, options.firstBlock);
  const total = options.lastBlock - options.firstBlock + 1;
  const done = new Array(shares.length).fill(0);
  await Promise.all(
    shares.map((symbols2, index) => {
      const seriesIds = [];
      for (const p of PAIRS) {
        if (p.ignore || !symbols2.includes(p.symbol)) continue;
        seriesIds.push([`${p.symbol}|${p.exchange}`, store.seriesId(p.symbol, p.exchange)]);
        seriesIds.push([`${p.symbol}|`, store.seriesId(p.symbol, null)]);
      }
      const task = {
        seed: options.seed,
        symbols: symbols2,
        seriesIds,
        warmUpFrom: options.warmUpFrom,
        firstBlock: options.firstBlock,
        lastBlock: options.lastBlock,
        keepTradesFromMs: options.keepTradesFromMs,
        chunkBlocks: 180
      };
      return new Promise((resolve, reject) => {
        const worker = new Worker(new URL("./seed-worker-entry.mjs", import.meta.url), { workerData: task });
        worker.on(
          "message",
          (message) => {
            if (message.done) return;
            const rows = unpackRows(message.rows).sort(bySeriesAndTime);
            store.transaction(() => {
              store.insertBlocks(rows);
              store.insertTrades(message.trades);
            });
            done[index] = (done[index] ?? 0) + message.blocks;
            options.onProgress?.(Math.min(...done), total);
          }
        );
        worker.once("error", reject);
        worker.once(
          "exit",
          (code) => code === 0 ? resolve() : reject(new Error(`seed worker exited with ${code}`))
        );
      });
    })
  );
}

// src/service/market/feed.ts
var BLOCKS_PER_DAY2 = 86400 / BLOCK_SECONDS;
var WARM_UP_BLOCKS = 60;
var TRADE_RETENTION_MS = 36e5;
var BLOCKS_PER_COMMIT = 360;
var bySeriesAndTime = (a, b) => a.series - b.series || a.time - b.time;
var MarketFeed = class _MarketFeed {
  constructor(store, simulator, options) {
    this.store = store;
    this.simulator = simulator;
    this.options = options;
  }
  store;
  simulator;
  options;
  aggregator = null;
  /** Index of the newest block that has ended by `nowMs`. */
  static lastCompleteBlock(nowMs) {
    return Math.floor(nowMs / 1e3 / BLOCK_SECONDS) - 1;
  }
  /** The blocks that ended by `nowMs` and are not stored yet. */
  missing(nowMs) {
    const last = _MarketFeed.lastCompleteBlock(nowMs);
    const storedEnd = this.store.lastBlockTime();
    const first = storedEnd === null ? last - this.options.historyDays * BLOCKS_PER_DAY2 + 1 : storedEnd / BLOCK_SECONDS;
    return { first, last };
  }
  /**
   * Like catchUp, but a long gap (a first start's history, or a long stop) is seeded on worker threads.
   * The result is the same either way: the market is a pure function of the seed.
   */
  async catchUpInParallel(nowMs, onProgress) {
    const { first, last } = this.missing(nowMs);
    const total = last - first + 1;
    const workers = this.options.workers ?? workerCount();
    if (total < (this.options.parallelMinBlocks ?? 3 * BLOCKS_PER_DAY2) || workers < 2) {
      return this.catchUp(nowMs, onProgress);
    }
    const keepTradesFromMs = nowMs - TRADE_RETENTION_MS;
    this.store.beginBulkLoad();
    try {
      await seedInParallel(this.store, {
        seed: this.simulator.seed,
        warmUpFrom: first - WARM_UP_BLOCKS,
        firstBlock: first,
        lastBlock: last,
        keepTradesFromMs,
        workers,
        ...onProgress ? { onProgress } : {}
      });
      this.store.setLastBlockTime((last + 1) * BLOCK_SECONDS);
    } finally {
      this.store.endBulkLoad();
    }
    this.store.deleteTradesBefore(keepTradesFromMs);
    this.aggregator = null;
    return total;
  }
  /** Stores every block that ended by `nowMs` and is not stored yet; returns how many it stored. */
  catchUp(nowMs, onProgress) {
    const { first, last } = this.missing(nowMs);
    if (first > last) return 0;
    const aggregator = this.aggregator ?? this.warmUp(first);
    const keepTradesFrom = nowMs - TRADE_RETENTION_MS;
    const total = last - first + 1;
    for (let from = first; from <= last; from += BLOCKS_PER_COMMIT) {
      const to = Math.min(last, from + BLOCKS_PER_COMMIT - 1);
      const rows = [];
      const trades = [];
      for (let block = from; block <= to; block++) {
        const keep = (block + 1) * BLOCK_SECONDS * 1e3 > keepTradesFrom;
        const aggregated = aggregator.aggregate(block, this.simulator.tradesOfBlock(block), keep);
        for (const row of aggregated.rows) rows.push(row);
        if (keep) for (const trade of aggregated.trades) trades.push(trade);
      }
      rows.sort(bySeriesAndTime);
      this.store.transaction(() => {
        this.store.insertBlocks(rows);
        this.store.insertTrades(trades);
        this.store.setLastBlockTime((to + 1) * BLOCK_SECONDS);
      });
      onProgress?.(to - first + 1, total);
    }
    this.store.deleteTradesBefore(keepTradesFrom);
    return total;
  }
  warmUp(first) {
    const start = first - WARM_UP_BLOCKS;
    const aggregator = new BlockAggregator(this.store, this.options.pairs, start * BLOCK_SECONDS * 1e3);
    for (let block = start; block < first; block++) {
      aggregator.aggregate(block, this.simulator.tradesOfBlock(block), false);
    }
    this.aggregator = aggregator;
    return aggregator;
  }
};

// src/service/store/sqlite-store.ts
import { mkdirSync } from "node:fs";
import { join as join2 } from "node:path";
import Database from "better-sqlite3";

// src/service/store/bucket-means.ts
function bucketMeans(times, values, scale, limit) {
  const outTimes = [];
  const outValues = [];
  let bucket = Number.NaN;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < times.length; i++) {
    const b = bucketStart(times[i], scale);
    if (b !== bucket) {
      if (count > 0) {
        outTimes.push(bucket);
        outValues.push(sum / count);
        if (outTimes.length >= limit) return { times: outTimes, values: outValues };
      }
      bucket = b;
      sum = 0;
      count = 0;
    }
    sum += values[i];
    count += 1;
  }
  if (count > 0) {
    outTimes.push(bucket);
    outValues.push(sum / count);
  }
  return { times: outTimes, values: outValues };
}

// src/service/store/sqlite-schema.ts
var SCHEMA_VERSION = "1";
var LAST_BLOCK_META = "last_block_end";
var SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series (
  id INTEGER PRIMARY KEY, symbol TEXT NOT NULL, exchange TEXT NOT NULL, UNIQUE (symbol, exchange));
CREATE TABLE IF NOT EXISTS blocks (
  series INTEGER NOT NULL, time INTEGER NOT NULL, ma120 REAL NOT NULL, mair120 REAL, medir120 REAL,
  last_trade_offset INTEGER, volume_usd REAL NOT NULL, trades INTEGER NOT NULL,
  PRIMARY KEY (series, time)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS trades (
  series INTEGER NOT NULL, time_ms INTEGER NOT NULL, seq INTEGER NOT NULL, pair TEXT NOT NULL,
  price REAL NOT NULL, volume REAL NOT NULL, usd_price REAL NOT NULL, foreign_id TEXT NOT NULL,
  PRIMARY KEY (series, time_ms, seq)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS trades_by_time ON trades (time_ms);
CREATE TABLE IF NOT EXISTS supply (
  id INTEGER PRIMARY KEY AUTOINCREMENT, symbol TEXT NOT NULL, circulating_supply REAL NOT NULL,
  source TEXT NOT NULL, time_ms INTEGER NOT NULL, block INTEGER NOT NULL, key_fingerprint TEXT);
CREATE INDEX IF NOT EXISTS supply_by_symbol ON supply (symbol, id);
CREATE TABLE IF NOT EXISTS rates (
  symbol TEXT NOT NULL, effective_date TEXT NOT NULL, value REAL NOT NULL, publication_time TEXT NOT NULL,
  source TEXT NOT NULL, PRIMARY KEY (symbol, effective_date)) WITHOUT ROWID;
`;
var toBlockRow = (r) => ({
  series: r.series,
  time: r.time,
  ma120: r.ma120,
  mair120: r.mair120,
  medir120: r.medir120,
  lastTradeOffset: r.last_trade_offset,
  volumeUSD: r.volume_usd,
  trades: r.trades
});
var BATCH_ROWS = 100;
var EIGHT = "(?, ?, ?, ?, ?, ?, ?, ?)";
function blockParams(r, out, at) {
  out[at] = r.series;
  out[at + 1] = r.time;
  out[at + 2] = r.ma120;
  out[at + 3] = r.mair120;
  out[at + 4] = r.medir120;
  out[at + 5] = r.lastTradeOffset;
  out[at + 6] = r.volumeUSD;
  out[at + 7] = r.trades;
  return out;
}
function tradeParams(t, out, at) {
  out[at] = t.series;
  out[at + 1] = t.timeMs;
  out[at + 2] = t.seq;
  out[at + 3] = t.pair;
  out[at + 4] = t.price;
  out[at + 5] = t.volume;
  out[at + 6] = t.estimatedUSDPrice;
  out[at + 7] = t.foreignTradeID;
  return out;
}
function insertBatched(single, batch, rows, params) {
  const many = new Array(BATCH_ROWS * 8);
  let i = 0;
  for (; i + BATCH_ROWS <= rows.length; i += BATCH_ROWS) {
    for (let j = 0; j < BATCH_ROWS; j++) params(rows[i + j], many, j * 8);
    batch.run(many);
  }
  const one = new Array(8);
  for (; i < rows.length; i++) single.run(params(rows[i], one, 0));
}

// src/service/store/sqlite-store.ts
var POINT_TIME = {
  MA120: "time",
  MAIR120: "(time - 120 + last_trade_offset)",
  MEDIR120: "(time - 120 + last_trade_offset)"
};
var COLUMN = { MA120: "ma120", MAIR120: "mair120", MEDIR120: "medir120" };
function isAscending(times) {
  for (let i = 1; i < times.length; i++) if (times[i] < times[i - 1]) return false;
  return true;
}
function sortedByTime(times, values) {
  const order = times.map((_, i) => i).sort((a, b) => times[a] - times[b]);
  return { times: order.map((i) => times[i]), values: order.map((i) => values[i]) };
}
var SqliteStore = class _SqliteStore {
  db;
  seriesIds = /* @__PURE__ */ new Map();
  statements;
  chartStatements = /* @__PURE__ */ new Map();
  static open(dataDir) {
    mkdirSync(dataDir, { recursive: true });
    return new _SqliteStore(join2(dataDir, "market.sqlite"));
  }
  constructor(file) {
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("cache_size = -65536");
    this.db.exec(SCHEMA);
    const version = this.getMetaRaw("schema_version");
    if (version === null)
      this.db.prepare("INSERT INTO meta VALUES ('schema_version', ?)").run(SCHEMA_VERSION);
    else if (version !== SCHEMA_VERSION) {
      throw new Error(`${file} has schema version ${version}; this service needs ${SCHEMA_VERSION}`);
    }
    for (const row of this.db.prepare("SELECT id, symbol, exchange FROM series").all()) {
      this.seriesIds.set(`${row.symbol}|${row.exchange}`, row.id);
    }
    const db = this.db;
    this.statements = {
      setMeta: db.prepare(
        "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
      ),
      insertSeries: db.prepare("INSERT INTO series (symbol, exchange) VALUES (?, ?)"),
      insertBlock: db.prepare(`INSERT OR REPLACE INTO blocks VALUES ${EIGHT}`),
      insertBlockBatch: db.prepare(
        `INSERT OR REPLACE INTO blocks VALUES ${Array(BATCH_ROWS).fill(EIGHT).join(",")}`
      ),
      insertTrade: db.prepare(`INSERT OR REPLACE INTO trades VALUES ${EIGHT}`),
      insertTradeBatch: db.prepare(
        `INSERT OR REPLACE INTO trades VALUES ${Array(BATCH_ROWS).fill(EIGHT).join(",")}`
      ),
      deleteTrades: db.prepare("DELETE FROM trades WHERE time_ms < ?"),
      latestBlock: db.prepare("SELECT * FROM blocks WHERE series = ? ORDER BY time DESC LIMIT 1"),
      blockAtOrBefore: db.prepare(
        "SELECT * FROM blocks WHERE series = ? AND time <= ? AND time >= ? ORDER BY time DESC LIMIT 1"
      ),
      volume: db.prepare(
        "SELECT total(volume_usd) AS v FROM blocks WHERE series = ? AND time > ? AND time <= ?"
      ),
      lastTrades: db.prepare("SELECT * FROM trades WHERE series = ? ORDER BY time_ms DESC, seq DESC LIMIT ?"),
      latestSupply: db.prepare("SELECT * FROM supply WHERE symbol = ? ORDER BY id DESC LIMIT 1"),
      insertSupply: db.prepare(
        "INSERT INTO supply (symbol, circulating_supply, source, time_ms, block, key_fingerprint) VALUES (@symbol, @circulatingSupply, @source, @timeMs, @block, @keyFingerprint)"
      ),
      insertRate: db.prepare(
        "INSERT OR REPLACE INTO rates VALUES (@symbol, @effectiveDate, @value, @publicationTime, @source)"
      ),
      rateFixings: db.prepare("SELECT * FROM rates WHERE symbol = ? ORDER BY effective_date")
    };
  }
  close() {
    this.db.close();
  }
  beginBulkLoad() {
    this.db.pragma("synchronous = OFF");
    this.db.pragma("wal_autocheckpoint = 0");
  }
  endBulkLoad() {
    this.db.pragma("wal_checkpoint(TRUNCATE)");
    this.db.pragma("wal_autocheckpoint = 1000");
    this.db.pragma("synchronous = FULL");
  }
  transaction(fn) {
    return this.db.transaction(fn)();
  }
  getMetaRaw(key) {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = ?").get(key);
    return row?.value ?? null;
  }
  getMeta(key) {
    return this.getMetaRaw(key);
  }
  setMeta(key, value) {
    this.statements.setMeta.run(key, value);
  }
  seriesId(symbol2, exchange) {
    const key = `${symbol2}|${exchange ?? ""}`;
    const known = this.seriesIds.get(key);
    if (known !== void 0) return known;
    const id = Number(this.statements.insertSeries.run(symbol2, exchange ?? "").lastInsertRowid);
    this.seriesIds.set(key, id);
    return id;
  }
  insertBlocks(rows) {
    insertBatched(this.statements.insertBlock, this.statements.insertBlockBatch, rows, blockParams);
  }
  insertTrades(trades) {
    insertBatched(this.statements.insertTrade, this.statements.insertTradeBatch, trades, tradeParams);
  }
  deleteTradesBefore(timeMs) {
    this.statements.deleteTrades.run(timeMs);
  }
  lastBlockTime() {
    const value = this.getMetaRaw(LAST_BLOCK_META);
    return value === null ? null : Number(value);
  }
  setLastBlockTime(time2) {
    this.setMeta(LAST_BLOCK_META, String(time2));
  }
  latestBlock(series) {
    const row = this.statements.latestBlock.get(series);
    return row ? toBlockRow(row) : null;
  }
  blockAtOrBefore(series, time2, maxAgeSeconds) {
    const row = this.statements.blockAtOrBefore.get(series, time2, time2 - maxAgeSeconds);
    return row ? toBlockRow(row) : null;
  }
  volumeUSD(series, from, to) {
    return this.statements.volume.get(series, from, to).v;
  }
  lastTrades(series, limit) {
    const rows = this.statements.lastTrades.all(series, limit);
    return rows.map((r) => ({
      series: r.series,
      timeMs: r.time_ms,
      seq: r.seq,
      pair: r.pair,
      price: r.price,
      volume: r.volume,
      estimatedUSDPrice: r.usd_price,
      foreignTradeID: r.foreign_id
    }));
  }
  chartPoints(query) {
    let from = query.from;
    let to = query.to;
    if (query.scale !== null) {
      const size = SCALE_SECONDS[query.scale];
      from = bucketStart(query.from - 1, query.scale) + size;
      to = bucketStart(query.to, query.scale) + size - 1;
    }
    if (from > to) return { times: [], values: [] };
    const read = this.readContiguous(query.series, query.filter, from, to) ?? this.readPoints(query.series, query.filter, from, to);
    if (query.scale !== null) return bucketMeans(read.times, read.values, query.scale, query.limit);
    return read.times.length > query.limit ? { times: read.times.slice(0, query.limit), values: read.values.slice(0, query.limit) } : read;
  }
  /**
   * A series has a row for every block from its first trade on, so its rows' times follow from the first
   * one: reading only values (and the last-trade offsets that place MAIR/MEDIR points) halves the work
   * SQLite does to render them. Null when the rows are not contiguous (then readPoints reads the times).
   */
  readContiguous(series, filter, from, to) {
    const row = this.contiguousStatement(filter).get(series, from, to + 120);
    if (!row || row[0] === null || row[1] === null) return { times: [], values: [] };
    const [first, last, count, offsetsJson, valuesJson] = row;
    if ((last - first) / 120 + 1 !== count) return null;
    const values = JSON.parse(valuesJson);
    const offsets = filter === "MA120" ? null : JSON.parse(offsetsJson);
    const times = [];
    const kept = [];
    for (let i = 0; i < count; i++) {
      const v = values[i];
      if (v === null || v === void 0) continue;
      const end = first + 120 * i;
      const t = offsets === null ? end : end - 120 + offsets[i];
      if (t < from || t > to) continue;
      times.push(t);
      kept.push(v);
    }
    return { times, values: kept };
  }
  contiguousStatement(filter) {
    const key = `contiguous|${filter}`;
    let statement = this.chartStatements.get(key);
    if (statement) return statement;
    const offsets = filter === "MA120" ? "'[]'" : "json_group_array(last_trade_offset)";
    statement = this.db.prepare(
      `SELECT min(time), max(time), count(*), ${offsets}, json_group_array(${COLUMN[filter]}) FROM blocks WHERE series = ? AND time >= ? AND time <= ?`
    ).raw();
    this.chartStatements.set(key, statement);
    return statement;
  }
  /** Points with their times, for rows that are not contiguous. */
  readPoints(series, filter, from, to) {
    const [timesJson, valuesJson] = this.chartStatement(filter).get(series, from, to + 120, from, to);
    const times = JSON.parse(timesJson);
    const values = JSON.parse(valuesJson);
    return isAscending(times) ? { times, values } : sortedByTime(times, values);
  }
  chartStatement(filter) {
    let statement = this.chartStatements.get(filter);
    if (statement) return statement;
    const t = POINT_TIME[filter];
    const v = COLUMN[filter];
    statement = this.db.prepare(
      `SELECT json_group_array(${t}), json_group_array(${v}) FROM blocks WHERE series = ? AND time >= ? AND time <= ? AND ${v} IS NOT NULL AND ${t} >= ? AND ${t} <= ?`
    ).raw();
    this.chartStatements.set(filter, statement);
    return statement;
  }
  latestSupply(symbol2) {
    const row = this.statements.latestSupply.get(symbol2);
    if (!row) return null;
    return {
      symbol: row.symbol,
      circulatingSupply: row.circulating_supply,
      source: row.source,
      timeMs: row.time_ms,
      block: row.block,
      keyFingerprint: row.key_fingerprint
    };
  }
  insertSupply(record) {
    this.statements.insertSupply.run(record);
  }
  insertRates(records) {
    const insert = this.statements.insertRate;
    this.transaction(() => {
      for (const r of records) insert.run(r);
    });
  }
  rateFixings(symbol2) {
    const rows = this.statements.rateFixings.all(symbol2);
    return rows.map((r) => ({
      symbol: r.symbol,
      effectiveDate: r.effective_date,
      value: r.value,
      publicationTime: r.publication_time,
      source: r.source
    }));
  }
};

// src/service/server.ts
var SEED_META = "seed";
function checkSeed(store, config2) {
  const stored = store.getMeta(SEED_META);
  if (stored === null) store.setMeta(SEED_META, String(config2.seed));
  else if (stored !== String(config2.seed)) {
    throw new ConfigError(
      `SEED (--seed) is ${config2.seed}, but ${config2.dataDir} holds a market seeded with ${stored}; start with --seed ${stored} or another DATA_DIR`,
      "SEED"
    );
  }
}
function seedSupplies(store, atMs) {
  store.transaction(() => {
    for (const coin2 of COINS) {
      if (store.latestSupply(coin2.symbol)) continue;
      store.insertSupply({
        symbol: coin2.symbol,
        circulatingSupply: coin2.circulatingSupply,
        source: "seed",
        timeMs: atMs,
        block: MarketView.blockNumber(atMs),
        keyFingerprint: null
      });
    }
  });
}
async function startService(config2, options = {}) {
  const log2 = options.log ?? ((line) => console.log(line));
  const wallClock = options.wallClock ?? systemClock;
  const store = SqliteStore.open(config2.dataDir);
  try {
    checkSeed(store, config2);
  } catch (error) {
    store.close();
    throw error;
  }
  const keys = loadWriteKeys(config2.dataDir, config2.writeKeys);
  const lastEnd = store.lastBlockTime();
  const marketClock = options.marketClock ?? new MarketClock(wallClock, config2.marketSpeed, Math.max(wallClock.now(), (lastEnd ?? 0) * 1e3));
  const feed = new MarketFeed(store, new MarketSimulator(config2.seed), {
    historyDays: config2.historyDays,
    pairs: PAIRS
  });
  const started = performance.now();
  let lastReport = 0;
  const stored = await feed.catchUpInParallel(marketClock.now(), (done, total) => {
    if (total > 2e3 && (done === total || performance.now() - lastReport > 2e3)) {
      lastReport = performance.now();
      log2(`market: ${lastEnd === null ? "seeding" : "filling the gap"}: ${done}/${total} blocks`);
    }
  });
  if (stored > 0)
    log2(`market: stored ${stored} blocks in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
  seedSupplies(store, marketClock.now() - config2.historyDays * 864e5);
  const view = new MarketView(store, config2.seed);
  const rates = new RateBook(store);
  rates.refresh(marketClock.now());
  const cache2 = new ResponseCache();
  const ctx = {
    config: config2,
    store,
    view,
    charts: new ChartCache(store),
    rates,
    wallClock,
    marketClock,
    writeKeys: keys.keys,
    invalidate: () => {
      view.invalidate();
      cache2.clear();
    }
  };
  const limiter = new FairUsageLimiter(options.wallClock ? { now: () => wallClock.now() } : {});
  const requestLog = new RequestLog(join3(config2.dataDir, "requests.log"));
  const app = createHttpApp({
    ctx,
    limiter,
    cache: cache2,
    requestLog,
    dashboardDir: options.dashboardDir ?? join3(process.cwd(), "dist", "app")
  });
  const advanceMarket = () => {
    const added = feed.catchUp(marketClock.now());
    const published = rates.refresh(marketClock.now());
    if (added > 0 || published) ctx.invalidate();
    return added;
  };
  let timer = null;
  const schedule = () => {
    const nextEndMs = (MarketFeed.lastCompleteBlock(marketClock.now()) + 2) * BLOCK_SECONDS * 1e3;
    const delay = marketClock instanceof MarketClock ? marketClock.realDelayUntil(nextEndMs) : 1e3;
    timer = setTimeout(() => {
      try {
        advanceMarket();
      } catch (error) {
        console.error("market: a block failed", error);
      }
      schedule();
    }, delay + 5);
  };
  if (options.live !== false) schedule();
  const fastPath = { config: config2, limiter, cache: cache2, requestLog, now: () => wallClock.now() };
  const appListener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (!serveFromCache(fastPath, req, res)) void appListener(req, res);
  });
  server.listen(config2.port);
  await new Promise((resolve, reject) => {
    server.once("listening", () => resolve());
    server.once("error", (error) => reject(error));
  }).catch(async (error) => {
    if (timer) clearTimeout(timer);
    store.close();
    await requestLog.close();
    throw error.code === "EADDRINUSE" ? new ConfigError(`PORT (--port) ${config2.port} is already in use; choose another port`, "PORT") : error;
  });
  const port = server.address().port;
  let closing = null;
  return {
    url: `http://localhost:${port}`,
    port,
    ctx,
    createdWriteKey: keys.created,
    advanceMarket,
    close: async () => {
      if (closing) return closing;
      closing = shutDown();
      return closing;
    }
  };
  async function shutDown() {
    if (timer) clearTimeout(timer);
    const closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
    await requestLog.close();
    store.close();
  }
}

// coldsvc.tmp.ts
var config = loadConfig({}, ["--port", "0", "--data-dir", "/tmp/d6", "--rate-limit", "0", "--history-days", "30"]);
var service = await startService(config, { live: false, log: () => {
} });
var nowS = Math.floor(Date.now() / 1e3);
var path5 = (sym, f = "MEDIR120", end = nowS) => `/v1/chartPointsAllExchanges/${f}/${sym}?starttime=${end - 30 * 86400}&endtime=${end}&scale=5m`;
for (let i = 0; i < 8; i++) await (await fetch(service.url + path5("BTC", "MAIR120", nowS - i))).text();
var syms = ["ETH", "SOL", "XRP", "ADA", "DOGE", "LINK", "LTC", "DOT", "AVAX", "TRX"];
for (const s of syms) await (await fetch(service.url + path5(s))).text();
await new Promise((r) => setTimeout(r, 200));
var log = await readRequestLog("/tmp/d6/requests.log");
console.log(syms.map((s) => log.filter((e) => e.path === path5(s)).at(-1)?.durationMs).join(" "));
await service.close();
