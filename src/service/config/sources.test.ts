import { describe, expect, it } from "vitest";
import { configError } from "../testing/config-error.ts";
import { loadConfig } from "./load.ts";

/** The message a configuration is refused with. */
const refusal = (env: Record<string, string>): string => configError(env).message;

describe("the market source settings", () => {
  it("chooses the source by MARKET_SOURCE or --market, any case", () => {
    expect(loadConfig({ MARKET_SOURCE: "Exchanges" }, []).marketSource).toBe("exchanges");
    expect(loadConfig({}, ["--market", "exchanges"]).marketSource).toBe("exchanges");
    expect(refusal({ MARKET_SOURCE: "binance" })).toMatch(
      /MARKET_SOURCE \(--market\) must be one of auto, simulator, exchanges/,
    );
  });

  it("leaves the source to the start by default (auto), and takes the simulator where the clock is fast", () => {
    expect(loadConfig({}, []).marketSource).toBe("auto");
    expect(loadConfig({}, []).ratesSource).toBe("auto");
    expect(loadConfig({ MARKET_SPEED: "60" }, []).marketSource).toBe("simulator");
    expect(loadConfig({}, []).historyDaysGiven).toBe(false);
    expect(loadConfig({ HISTORY_DAYS: "3" }, []).historyDaysGiven).toBe(true);
  });

  it("refuses a market clock faster than real time with real trades, and defaults to a day of history", () => {
    expect(refusal({ MARKET_SOURCE: "exchanges", MARKET_SPEED: "60" })).toMatch(
      /MARKET_SPEED \(--market-speed\) must be 1 with MARKET_SOURCE \(--market\) exchanges/,
    );
    expect(loadConfig({ MARKET_SOURCE: "exchanges" }, []).historyDays).toBe(1);
    expect(loadConfig({ MARKET_SOURCE: "exchanges", HISTORY_DAYS: "3" }, []).historyDays).toBe(3);
    expect(loadConfig({}, []).historyDays).toBe(30);
  });

  it("reads EXCHANGES by the names the service lists or ccxt's ids, in the catalog's order", () => {
    expect(loadConfig({ EXCHANGES: "kraken, BINANCE,htx,gate" }, []).exchanges).toEqual([
      "Binance",
      "Kraken",
      "Huobi",
      "GateIO",
    ]);
    expect(refusal({ EXCHANGES: "binance,mtgox" })).toMatch(/EXCHANGES.*the unknown exchange "mtgox"/);
    expect(refusal({ EXCHANGES: "binance,,kraken" })).toMatch(/EXCHANGES \(--exchanges\) must be/);
  });

  it("reads EXCHANGE_HOSTS as exchange=origin pairs and refuses anything else by name", () => {
    const hosts = loadConfig(
      { EXCHANGE_HOSTS: "binance=http://127.0.0.1:9101, Kraken=https://mirror.example/" },
      [],
    ).exchangeHosts;
    expect([...hosts].map(([name, url]) => [name, url.origin])).toEqual([
      ["Binance", "http://127.0.0.1:9101"],
      ["Kraken", "https://mirror.example"],
    ]);
    expect(refusal({ EXCHANGE_HOSTS: "binance=http://127.0.0.1:9101/api" })).toMatch(
      /EXCHANGE_HOSTS.*"http:\/\/127.0.0.1:9101\/api"/,
    );
    expect(refusal({ EXCHANGE_HOSTS: "binance" })).toMatch(/EXCHANGE_HOSTS.*"binance"/);
    expect(refusal({ EXCHANGE_HOSTS: "ftx=http://127.0.0.1:1" })).toMatch(/the unknown exchange "ftx"/);
    expect(refusal({ EXCHANGE_HOSTS: "binance=ws://127.0.0.1:1" })).toMatch(/EXCHANGE_HOSTS/);
  });
});
