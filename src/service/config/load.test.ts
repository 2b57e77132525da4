import path from "node:path";
import { describe, expect, it } from "vitest";
import { configError } from "../testing/config-error.ts";
import { CONFIG_TABLE, helpText, loadConfig } from "./load.ts";

describe("loadConfig", () => {
  it("gives the defaults for an empty environment", () => {
    const config = loadConfig({}, []);
    expect(config).toEqual({
      port: 8080,
      dataDir: path.resolve("./data"),
      rateLimit: 5,
      apiKeys: new Map(),
      writeKeys: [],
      adminKeys: [],
      adminRateLimit: 120,
      logLevel: "info",
      wire: "seed",
      historyDays: 30,
      historyDaysGiven: false,
      marketSpeed: 1,
      seed: 42,
      marketCoins: null,
      marketSource: "auto",
      marketFallback: null,
      marketRetrySeconds: 300,
      exchanges: [
        "Binance",
        "Coinbase",
        "Kraken",
        "Bitfinex",
        "Bitstamp",
        "OKX",
        "Huobi",
        "GateIO",
        "KuCoin",
        "Bybit",
      ],
      exchangeHosts: new Map(),
      ratesSource: "auto",
      rateIssuerHosts: new Map(),
      corsOrigins: "*",
      https: false,
      dashboardDir: "dist/app",
      logMaxBytes: 100 * 2 ** 20,
      logKeep: 14,
      databaseUrl: null,
      redisUrl: null,
      role: "all",
      trustProxy: [],
      help: false,
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it("reads every setting from the environment", () => {
    const config = loadConfig(
      {
        PORT: "0",
        DATA_DIR: "/tmp/market-data",
        RATE_LIMIT: "0",
        API_KEYS: "alpha-key-123:60, beta-key-456 ,gamma.key~_-:0",
        WRITE_KEYS: "write-key-0123456789,another-write-key-xyz",
        WIRE: "dia",
        HISTORY_DAYS: "3650",
        MARKET_SPEED: "60",
        SEED: "4294967295",
        MARKET_COINS: "eth, BTC ,,btc",
        CORS_ORIGINS: "https://example.com, http://localhost:5173/",
        HTTPS: "TRUE",
      },
      [],
    );
    expect(config.https).toBe(true);
    expect(config.port).toBe(0);
    expect(config.dataDir).toBe("/tmp/market-data");
    expect(config.rateLimit).toBe(0);
    expect([...config.apiKeys]).toEqual([
      ["alpha-key-123", 60],
      ["beta-key-456", null],
      ["gamma.key~_-", 0],
    ]);
    expect(config.writeKeys).toEqual(["write-key-0123456789", "another-write-key-xyz"]);
    expect(config.wire).toBe("dia");
    expect(config.historyDays).toBe(3650);
    expect(config.marketSpeed).toBe(60);
    expect(config.seed).toBe(4294967295);
    // The catalog's symbols in its (market-cap) order, each once, whatever the case.
    expect(config.marketCoins).toEqual(["BTC", "ETH"]);
    expect(config.corsOrigins).toEqual(["https://example.com", "http://localhost:5173"]);
  });

  it("resolves a relative data directory to an absolute path", () => {
    expect(loadConfig({ DATA_DIR: "var/db" }, []).dataDir).toBe(path.resolve("var/db"));
  });

  it("reads the request log's rotation size in bytes, K, M or G, and how many rotated files to keep", () => {
    expect(loadConfig({ LOG_MAX_SIZE: "4096" }, []).logMaxBytes).toBe(4096);
    expect(loadConfig({ LOG_MAX_SIZE: "512k" }, []).logMaxBytes).toBe(512 * 1024);
    expect(loadConfig({ LOG_MAX_SIZE: "1G" }, ["--log-max-size", "250MB"]).logMaxBytes).toBe(250 * 2 ** 20);
    expect(loadConfig({ LOG_KEEP: "3" }, []).logKeep).toBe(3);
    for (const bad of ["100X", "1.5M", "-1M", "1000", "0", "M", "2048G"]) {
      expect(configError({ LOG_MAX_SIZE: bad }).message, bad).toMatch(
        /^LOG_MAX_SIZE \(--log-max-size\) must be a size like 100M: .*; got "/,
      );
    }
    expect(configError({}, ["--log-keep", "0"]).message).toBe(
      'LOG_KEEP (--log-keep) must be a whole number 1–999; got "0"',
    );
  });

  it("takes fractional market speeds", () => {
    expect(loadConfig({ MARKET_SPEED: "0.5" }, []).marketSpeed).toBe(0.5);
    expect(loadConfig({ MARKET_SPEED: "10000" }, []).marketSpeed).toBe(10000);
  });

  it("reads all coins as null, however they are written", () => {
    expect(loadConfig({ MARKET_COINS: "ALL" }, []).marketCoins).toBeNull();
    const every =
      "BTC,ETH,USDT,XRP,BNB,SOL,USDC,TRX,DOGE,ADA,LINK,BCH,XLM,XMR,LTC,AVAX,DOT,UNI,NEAR,ETC,AAVE,APT,ATOM,ARB,FIL,ALGO,OP,EOS" +
      ",HBAR,ICP,VET,INJ,RENDER,STX,IMX,GRT,SAND,MANA,AXS,EGLD,FLOW,XTZ,THETA,QNT,KAS,CRV,LDO,SEI,TIA,DASH,CHZ,ZEC";
    expect(loadConfig({}, [`--market-coins=${every}`]).marketCoins).toBeNull();
  });

  it("names an unknown coin and lists the catalog's", () => {
    const error = configError({ MARKET_COINS: "BTC,DOGEY" });
    expect(error.message).toBe(
      'MARKET_COINS (--market-coins) must be "all" or a comma-separated list of the catalog\'s coins ' +
        "(BTC, ETH, USDT, XRP, BNB, SOL, USDC, TRX, DOGE, ADA, LINK, BCH, XLM, XMR, LTC, AVAX, DOT, UNI, NEAR, " +
        "ETC, AAVE, APT, ATOM, ARB, FIL, ALGO, OP, EOS, HBAR, ICP, VET, INJ, RENDER, STX, IMX, GRT, SAND, MANA, " +
        "AXS, EGLD, FLOW, XTZ, THETA, QNT, KAS, CRV, LDO, SEI, TIA, DASH, CHZ, ZEC); got the unknown coin " +
        '"DOGEY"',
    );
  });

  it("treats an empty environment variable as unset", () => {
    expect(loadConfig({ PORT: "", WIRE: "" }, [])).toMatchObject({ port: 8080, wire: "seed" });
  });

  it("lets flags override the environment, in both flag forms", () => {
    const env = { PORT: "9000", WIRE: "seed", RATE_LIMIT: "7" };
    expect(loadConfig(env, ["--wire", "dia"])).toMatchObject({ wire: "dia", port: 9000, rateLimit: 7 });
    expect(loadConfig(env, ["--wire=dia", "--port=1234"])).toMatchObject({ wire: "dia", port: 1234 });
    expect(loadConfig(env, ["--rate-limit", "0", "--data-dir=/srv/d"])).toMatchObject({
      rateLimit: 0,
      dataDir: "/srv/d",
    });
  });

  it("lets an empty flag clear a list the environment sets", () => {
    expect(loadConfig({ API_KEYS: "alpha-key-123" }, ["--api-keys="]).apiKeys.size).toBe(0);
  });

  it("sets help for --help and -h", () => {
    expect(loadConfig({}, ["--help"]).help).toBe(true);
    expect(loadConfig({}, ["-h"]).help).toBe(true);
  });

  it("still answers --help when a setting is bad", () => {
    expect(loadConfig({ PORT: "nope" }, ["--help"])).toMatchObject({ help: true, port: 8080 });
  });

  it("uses the exact message format of the brief", () => {
    expect(configError({ RATE_LIMIT: "abc" }).message).toBe(
      'RATE_LIMIT (--rate-limit) must be a whole number ≥ 0 (0 turns the limit off); got "abc"',
    );
  });

  const bad: [env: string, flag: string, value: string][] = [
    ["PORT", "--port", "65536"],
    ["PORT", "--port", "-1"],
    ["PORT", "--port", "80.5"],
    ["PORT", "--port", "http"],
    ["DATA_DIR", "--data-dir", " "],
    ["RATE_LIMIT", "--rate-limit", "-5"],
    ["RATE_LIMIT", "--rate-limit", "1e3"],
    ["API_KEYS", "--api-keys", "short"],
    ["API_KEYS", "--api-keys", "good-key-123:abc"],
    ["API_KEYS", "--api-keys", "good-key-123:-1"],
    ["API_KEYS", "--api-keys", "good-key-123:5:6"],
    ["API_KEYS", "--api-keys", "bad key with spaces"],
    ["API_KEYS", "--api-keys", "good-key-123,good-key-123:9"],
    ["API_KEYS", "--api-keys", "x".repeat(129)],
    ["WRITE_KEYS", "--write-keys", "only-15-chars-x"],
    ["WRITE_KEYS", "--write-keys", "write-key-0123456789:5"],
    ["WRITE_KEYS", "--write-keys", "write-key-0123456789,write-key-0123456789"],
    ["ADMIN_KEYS", "--admin-keys", "short-admin-key"],
    ["ADMIN_RATE_LIMIT", "--admin-rate-limit", "0"],
    ["ADMIN_RATE_LIMIT", "--admin-rate-limit", "many"],
    ["LOG_LEVEL", "--log-level", "loud"],
    ["WIRE", "--wire", "json"],
    ["HISTORY_DAYS", "--history-days", "0"],
    ["HISTORY_DAYS", "--history-days", "3651"],
    ["MARKET_SPEED", "--market-speed", "0"],
    ["MARKET_SPEED", "--market-speed", "10000.5"],
    ["MARKET_SPEED", "--market-speed", "fast"],
    ["MARKET_SPEED", "--market-speed", "0x10"],
    ["SEED", "--seed", "4294967296"],
    ["SEED", "--seed", "-1"],
    ["MARKET_COINS", "--market-coins", "BTC,DOGEY"],
    ["MARKET_COINS", "--market-coins", "XBT"],
    ["MARKET_COINS", "--market-coins", ", ,"],
    ["CORS_ORIGINS", "--cors-origins", "example.com"],
    ["CORS_ORIGINS", "--cors-origins", "https://example.com/path"],
    ["CORS_ORIGINS", "--cors-origins", "ftp://example.com"],
    ["CORS_ORIGINS", "--cors-origins", "https://example.com?x=1"],
    ["CORS_ORIGINS", "--cors-origins", "*,https://example.com"],
    ["CORS_ORIGINS", "--cors-origins", ","],
    ["HTTPS", "--https", "yes"],
    ["HTTPS", "--https", "https://example.com"],
  ];

  it.each(bad)("rejects %s=%j, naming the setting as env and flag", (env, flag, value) => {
    for (const error of [configError({ [env]: value }), configError({}, [`${flag}=${value}`])]) {
      expect(error.setting).toBe(env);
      expect(error.message).toContain(`${env} (${flag}) must be `);
      expect(error.message).toContain("; got ");
    }
  });

  it("never echoes a key in an error message", () => {
    const secret = "almost-right-key!";
    expect(configError({ API_KEYS: secret }).message).not.toContain(secret);
    expect(configError({ API_KEYS: secret }).message).toContain('"!"');
    const dup = "duplicated-write-key-42";
    expect(configError({ WRITE_KEYS: `${dup},${dup}` }).message).not.toContain(dup);
  });

  it("names an unknown flag and lists the known ones", () => {
    const error = configError({}, ["--colour", "red"]);
    expect(error.setting).toBeNull();
    expect(error.message).toContain('"--colour"');
    for (const row of CONFIG_TABLE) expect(error.message).toContain(row.flag);
    expect(configError({}, ["--colour=red"]).message).toContain('"--colour"');
    expect(configError({}, ["-x"]).message).toContain('"-x"');
  });

  it("rejects positional arguments and a flag without a value", () => {
    expect(configError({}, ["dia"]).message).toContain('"dia"');
    expect(configError({}, ["--wire"]).message).toContain("--wire");
    expect(configError({}, ["--wire", "--port", "1"]).message).toContain("--wire");
  });
});

describe("CONFIG_TABLE and helpText", () => {
  it("lists every setting with its env name, flag and default", () => {
    expect(CONFIG_TABLE.map((row) => row.env)).toEqual([
      "PORT",
      "DATA_DIR",
      "RATE_LIMIT",
      "API_KEYS",
      "WRITE_KEYS",
      "ADMIN_KEYS",
      "ADMIN_RATE_LIMIT",
      "LOG_LEVEL",
      "WIRE",
      "HISTORY_DAYS",
      "MARKET_SPEED",
      "SEED",
      "MARKET_COINS",
      "MARKET_SOURCE",
      "MARKET_RETRY_SECONDS",
      "EXCHANGES",
      "EXCHANGE_HOSTS",
      "RATES_SOURCE",
      "RATE_ISSUER_HOSTS",
      "DASHBOARD_DIR",
      "CORS_ORIGINS",
      "HTTPS",
      "LOG_MAX_SIZE",
      "LOG_KEEP",
      "DATABASE_URL",
      "REDIS_URL",
      "ROLE",
      "TRUST_PROXY",
    ]);
    expect(CONFIG_TABLE.find((row) => row.env === "PORT")).toMatchObject({ flag: "--port", default: "8080" });
  });

  it("prints the same table", () => {
    const text = helpText();
    for (const row of CONFIG_TABLE) {
      expect(text).toContain(row.env);
      expect(text).toContain(row.flag);
      expect(text).toContain(row.meaning);
    }
    expect(text).toContain("--help");
  });
});

describe("the settings of several processes", () => {
  const both = { DATABASE_URL: "postgres://u:pw@db:5432/m", REDIS_URL: "redis://r:6379" };

  it("reads the servers, the role and the trusted balancers", () => {
    const config = loadConfig(
      {
        ...both,
        ROLE: "API",
        TRUST_PROXY: "10.0.0.0/8, 127.0.0.1",
        WRITE_KEYS: "w".repeat(16),
        ADMIN_KEYS: "a".repeat(16),
      },
      [],
    );
    expect(config).toMatchObject({ ...{ databaseUrl: both.DATABASE_URL, redisUrl: both.REDIS_URL } });
    expect(config.role).toBe("api");
    expect(config.trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1"]);
  });

  it.each([
    ["api", "DATABASE_URL", { REDIS_URL: "redis://r:6379" }],
    ["ingest", "REDIS_URL", { DATABASE_URL: "postgres://u:pw@db/m" }],
  ])("refuses ROLE=%s without %s, naming it", (role, missing, env) => {
    expect(() => loadConfig({ ...env, ROLE: role }, [])).toThrow(
      new RegExp(`ROLE \\(--role\\) ${role} needs ${missing}`),
    );
  });

  it("refuses an api replica without WRITE_KEYS or ADMIN_KEYS (each would make a key of its own)", () => {
    expect(() => loadConfig({ ...both, ROLE: "api" }, [])).toThrow(/ROLE \(--role\) api needs WRITE_KEYS/);
    expect(() => loadConfig({ ...both, ROLE: "api", WRITE_KEYS: "w".repeat(16) }, [])).toThrow(
      /ROLE \(--role\) api needs ADMIN_KEYS/,
    );
  });

  it("names what is wrong with a database URL without ever quoting it (it may hold a password)", () => {
    let message = "";
    try {
      loadConfig({ DATABASE_URL: "mysql://admin:hunter2-secret@db/m" }, []);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("DATABASE_URL (--database-url) must be a URL like postgres://");
    expect(message).toContain("the scheme mysql:");
    expect(message).not.toContain("hunter2");
  });

  it("refuses a trusted proxy that is not an address or a CIDR", () => {
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" }, [])).toThrow(
      /TRUST_PROXY \(--trust-proxy\).*"10\.0\.0\.0\/99"/,
    );
  });
});
