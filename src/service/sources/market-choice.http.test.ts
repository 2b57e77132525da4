// MARKET_SOURCE auto over real HTTP: the service reads the exchanges where one answers and falls back to
// the simulator, saying so on every answer and in /status, where none does; each source keeps its own
// market in the one data directory; and while the simulator stands in, the exchanges are tried again.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config/load.ts";
import { freePort } from "../testing/servers/free-port.ts";
import { startTestService, TEST_NOW } from "../testing/test-service.ts";
import { REACH_MS } from "./exchanges/reachability.ts";
import { FakeExchange } from "./exchanges/testing/fake-exchange.ts";
import { binanceProtocol } from "./exchanges/venues/testing/binance.fake.ts";
import { NO_EXCHANGE_REACHED, watchForExchanges, withSource } from "./market-choice.ts";

let fake: FakeExchange;
/** A port nothing listens on: an exchange or an issuer that cannot be reached. */
let closed: number;
/** An issuer's stand-in that answers (every path "not found": reachable all the same). */
let issuer: HttpServer;
let issuerOrigin: string;

beforeAll(async () => {
  fake = await FakeExchange.start(binanceProtocol, {
    markets: [{ id: "BTCUSDT", base: "BTC", quote: "USDT" }],
    nowMs: () => TEST_NOW,
  });
  closed = await freePort();
  issuer = createHttpServer((_request, response) => response.writeHead(404).end());
  await new Promise<void>((resolve) => issuer.listen(0, "127.0.0.1", resolve));
  issuerOrigin = `http://127.0.0.1:${(issuer.address() as { port: number }).port}`;
});

afterAll(async () => {
  await fake.close();
  issuer.closeAllConnections();
  await new Promise<void>((resolve) => issuer.close(() => resolve()));
});

/**
 * The flags of a start that names no source, on one coin; the issuers at `issuersAt` (by default at nothing:
 * never the internet).
 */
function autoFlags(binanceOrigin: string, issuersAt = `http://127.0.0.1:${closed}`): string[] {
  return [
    ...["--market", "auto", "--rates", "auto", "--market-coins", "BTC", "--exchanges", "binance,kraken"],
    ...["--exchange-hosts", `binance=${binanceOrigin},kraken=http://127.0.0.1:${closed}`],
    ...["--rate-issuer-hosts", `ecb=${issuersAt},nyfed=${issuersAt},boe=${issuersAt}`],
  ];
}

/** Kraken (at the closed port) never lists its markets: the start waits 2 s for it, not the product's 20. */
const KRAKEN_WAIT = { exchangeTuning: { marketsWaitMs: 2_000 } };

describe("MARKET_SOURCE auto", () => {
  it("falls back to the simulator within the stated time when no exchange answers, and says so", async () => {
    const started = performance.now();
    const service = await startTestService(autoFlags(`http://127.0.0.1:${closed}`));
    try {
      expect(performance.now() - started).toBeLessThan(REACH_MS + 5_000);
      expect(service.config.marketSource).toBe("simulator");
      expect(service.config.marketFallback).toBe(NO_EXCHANGE_REACHED);
      // The rates follow: generated beside a simulated market.
      expect(service.config.ratesSource).toBe("history");
      const coins = await service.get("/v1/coins");
      expect(coins.status).toBe(200);
      expect(coins.headers.get("x-market-source")).toBe("simulator; fallback");
      const status = await (await service.get("/status")).json();
      expect(status.market).toMatchObject({ source: "simulator", fallback: NO_EXCHANGE_REACHED });
      expect(status.rates.source).toBe("history");
    } finally {
      await service.stop();
    }
  });

  it("reads the exchanges when one answers, with the issuers' rates where they answer, and claims no fallback", async () => {
    const service = await startTestService(autoFlags(fake.origin, issuerOrigin), KRAKEN_WAIT);
    try {
      expect(service.config.marketSource).toBe("exchanges");
      expect(service.config.marketFallback).toBeNull();
      expect(service.config.ratesSource).toBe("issuers");
      const coins = await service.get("/v1/coins");
      expect(coins.headers.get("x-market-source")).toMatch(/^exchanges; live=\d+; total=2$/);
      const status = await (await service.get("/status")).json();
      expect(status.market.fallback).toBeNull();
    } finally {
      await service.stop();
    }
  });

  it("takes the generated rates beside the real market when no issuer answers", async () => {
    const service = await startTestService(autoFlags(fake.origin), KRAKEN_WAIT);
    try {
      expect(service.config.marketSource).toBe("exchanges");
      expect(service.config.ratesSource).toBe("history");
      expect((await (await service.get("/status")).json()).rates.source).toBe("history");
    } finally {
      await service.stop();
    }
  });

  it("keeps each source's market in the one data directory, never refusing it and never mixing them", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "market-choice-"));
    try {
      const simulated = await startTestService(["--market", "simulator", "--market-coins", "BTC"], {
        dataDir,
      });
      const simulatedEnd = (await (await simulated.get("/status")).json()).market.latestBlockEnd;
      expect(simulatedEnd).not.toBeNull();
      await simulated.stop();

      // The same directory on the real market: its own store beside the simulated one.
      const real = await startTestService(autoFlags(fake.origin), { dataDir, ...KRAKEN_WAIT });
      expect(real.config.marketSource).toBe("exchanges");
      expect(existsSync(join(dataDir, "market-exchanges.sqlite"))).toBe(true);
      const realStatus = await (await real.get("/status")).json();
      expect(realStatus.market.source).toBe("exchanges");
      await real.stop();

      // Back to the simulator: its market is there as it was, not the real one's.
      const again = await startTestService(["--market", "simulator", "--market-coins", "BTC"], { dataDir });
      const status = await (await again.get("/status")).json();
      expect(status.market).toMatchObject({ source: "simulator", latestBlockEnd: simulatedEnd });
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the chosen configuration", () => {
  it("gives the real market a day of history by default (1-minute candles) and the simulator its 30", () => {
    expect(withSource(loadConfig({}, []), "exchanges", null).historyDays).toBe(1);
    expect(withSource(loadConfig({}, []), "simulator", NO_EXCHANGE_REACHED).historyDays).toBe(30);
    expect(withSource(loadConfig({ HISTORY_DAYS: "3" }, []), "exchanges", null).historyDays).toBe(3);
    // A rates source that was named stays, whatever the market.
    expect(withSource(loadConfig({ RATES_SOURCE: "history" }, []), "exchanges", null).ratesSource).toBe(
      "history",
    );
  });
});

describe("while the simulator stands in", () => {
  it("tries the exchanges again and tells when one answers", async () => {
    const port = await freePort();
    const config = withSource(
      loadConfig({}, [
        ...["--exchanges", "binance", "--exchange-hosts", `binance=http://127.0.0.1:${port}`],
        ...["--market-retry-seconds", "1"],
      ]),
      "simulator",
      NO_EXCHANGE_REACHED,
    );
    const answered: string[] = [];
    const stop = watchForExchanges(config, (exchange) => answered.push(exchange), 2_000);
    let relay: Server | null = null;
    const sockets = new Set<Socket>();
    try {
      // Two tries against nothing: no answer.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(answered).toEqual([]);
      // The exchange comes up on that address (a relay to the fake exchange).
      relay = createServer((socket) => {
        sockets.add(socket);
        const upstream = createConnection(Number(new URL(fake.origin).port), "127.0.0.1");
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay?.listen(port, "127.0.0.1", resolve));
      const deadline = Date.now() + 10_000;
      while (answered.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(answered).toEqual(["Binance"]);
    } finally {
      stop();
      // ccxt keeps its connection to the exchange open: it is cut for the relay to close.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
    }
  }, 20_000);
});
