// MARKET_COINS: a market of a few of the catalog's coins, and a service that lists, seeds, quotes and ranks
// only those.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDataPoints } from "../../interface/data-points.ts";
import { ConfigError } from "../config-error.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { COINS } from "./catalog.ts";
import { PAIRS } from "./catalog-pairs.ts";
import { CATALOG_SYMBOLS, marketCoins, readCoinList } from "./market-coins.ts";

describe("marketCoins", () => {
  it("is the whole catalog by default", () => {
    const market = marketCoins();
    expect(market.all).toBe(true);
    expect(market.coins).toBe(COINS);
    expect(market.pairs).toBe(PAIRS);
    expect(market.symbols).toEqual([...CATALOG_SYMBOLS].sort());
  });

  it("keeps the chosen coins and their pairs, thin ones too, in the catalog's order", () => {
    const market = marketCoins(["SOL", "EOS", "ETH"]);
    expect(market.all).toBe(false);
    expect(market.coinSymbols).toEqual(["ETH", "SOL", "EOS"]);
    expect(market.pairs).toEqual(PAIRS.filter((p) => ["ETH", "SOL", "EOS"].includes(p.symbol)));
    expect(market.pairs.some((p) => p.ignore)).toBe(true); // EOS/Bitfinex/USD
    expect(market.symbols).toEqual(["EOS", "ETH", "SOL"]);
    expect(() => marketCoins(["BTC", "XBT"])).toThrow("XBT");
  });

  it("reads a list as an operator writes it", () => {
    expect(readCoinList(" sol,BTC, ,btc ")).toEqual({ coins: ["BTC", "SOL"], unknown: [] });
    expect(readCoinList("BTC,Dogey,x")).toEqual({ coins: ["BTC"], unknown: ["Dogey", "x"] });
  });
});

describe("a service simulating ETH and SOL", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "market-coins-"));
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(["--market-coins", "SOL,ETH"], { dataDir });
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const json = async (path: string) => {
    const response = await service.get(path);
    expect(response.status, path).toBe(200);
    return response.json();
  };

  it("lists only their coins, pairs and symbols", async () => {
    const coins = await json("/v1/coins");
    expect(coins.completeCoinList).toEqual([
      { symbol: "ETH", name: "Ethereum" },
      { symbol: "SOL", name: "Solana" },
    ]);
    expect(coins.coins.map((c: { symbol: string }) => c.symbol)).toEqual(["ETH", "SOL"]);
    expect(coins.coins.every((c: { circulatingSupply: number | null }) => c.circulatingSupply)).toBe(true);
    const pairs = (await json("/v1/pairs")).pairs as { symbol: string }[];
    expect(pairs.length).toBe(PAIRS.filter((p) => p.symbol === "ETH" || p.symbol === "SOL").length);
    expect(new Set(pairs.map((p) => p.symbol))).toEqual(new Set(["ETH", "SOL"]));
    expect((await json("/v1/symbols")).symbols).toEqual(["ETH", "SOL"]);
  });

  it("quotes, supplies, ranks and charts them, and knows no other coin", async () => {
    expect((await json("/v1/quotation/SOL")).price).toBeGreaterThan(0);
    expect((await json("/v1/supply/SOL")).source).toBe("seed");
    const details = await json("/v1/symbol/SOL");
    expect(details.rank).toBe(2);
    expect(details.exchanges.length).toBeGreaterThanOrEqual(3);
    const chart = await json("/v1/chartPoints/MEDIR120/Binance/SOL");
    expect(decodeDataPoints(chart.dataPoints).length).toBeGreaterThan(600);
    for (const path of ["/v1/quotation/BTC", "/v1/supply/BTC", "/v1/chartPointsAllExchanges/MEDIR120/BTC"]) {
      expect((await service.get(path)).status, path).toBe(404);
    }
  });

  it("keeps its data directory to those coins", async () => {
    await service.stop();
    for (const flags of [["--market-coins", "ETH"], []]) {
      const error = await startTestService(flags, { dataDir }).then(
        async (other) => {
          await other.stop();
          return null;
        },
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).setting).toBe("MARKET_COINS");
      expect((error as ConfigError).message).toContain("holds a market of ETH,SOL");
    }
    service = await startTestService(["--market-coins", "eth,sol"], { dataDir });
    expect((await json("/v1/symbols")).symbols).toEqual(["ETH", "SOL"]);
  });
});
