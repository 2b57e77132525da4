// `npm start` naming no source, as a new user runs it: the real entry in its own process. Where the
// exchanges answer (here the fake ones, EXCHANGE_HOSTS) it reads them; where none does (a closed port) the
// simulator stands in within the stated time, the terminal and every answer say so, and once an exchange
// answers the service switches to the real market by itself, on the same address.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../testing/servers/free-port.ts";
import { REACH_MS } from "./exchanges/reachability.ts";
import { FakeExchange } from "./exchanges/testing/fake-exchange.ts";
import { binanceProtocol } from "./exchanges/venues/testing/binance.fake.ts";

const parent = mkdtempSync(join(tmpdir(), "market-auto-"));
const children: ChildProcess[] = [];
let fake: FakeExchange;
/** Nothing listens here: the issuers of rates, and an exchange that cannot be reached. */
let closed: number;

beforeAll(async () => {
  fake = await FakeExchange.start(binanceProtocol, {
    markets: [{ id: "BTCUSDT", base: "BTC", quote: "USDT" }],
    nowMs: () => Date.now(),
  });
  closed = await freePort();
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await fake.close();
  rmSync(parent, { recursive: true, force: true });
});

interface Started {
  url: string;
  output: () => string;
  /** Milliseconds from the spawn to the dashboard's address on the terminal. */
  startedMs: number;
}

/** The entry with no MARKET_SOURCE nor RATES_SOURCE: only where the exchanges and issuers are. */
function startEntry(name: string, binanceOrigin: string, env: Record<string, string> = {}): Promise<Started> {
  const { MARKET_SOURCE: _market, RATES_SOURCE: _rates, ...inherited } = process.env;
  const issuers = ["ecb", "nyfed", "boe"].map((i) => `${i}=http://127.0.0.1:${closed}`).join(",");
  const spawned = performance.now();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "src/service/main.ts", "--port", "0", "--data-dir", join(parent, name)],
    {
      env: {
        ...inherited,
        EXCHANGES: "binance",
        EXCHANGE_HOSTS: `binance=${binanceOrigin}`,
        RATE_ISSUER_HOSTS: issuers,
        MARKET_COINS: "BTC",
        HISTORY_DAYS: "1",
        RATE_LIMIT: "0",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /dashboard\s+(http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1])
        resolve({ url: match[1], output: () => output, startedMs: performance.now() - spawned });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the service exited with ${code}:\n${output}`)));
  });
}

async function sourceHeader(url: string): Promise<string | null> {
  return (await fetch(`${url}/v1/coins`)).headers.get("x-market-source");
}

async function until<T>(what: string, probe: () => Promise<T | null>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("npm start with no source named", () => {
  it("reads the exchanges where one answers", async () => {
    const service = await startEntry("reachable", fake.origin);
    expect(service.output()).toMatch(/Binance answered: reading the real market/);
    expect(await sourceHeader(service.url)).toMatch(/^exchanges; live=\d; total=1$/);
    expect(service.output()).not.toMatch(/simulated/i);
  }, 60_000);

  it("falls back to the simulator within the stated time, says so, and switches when an exchange answers", async () => {
    const port = await freePort();
    const service = await startEntry("unreachable", `http://127.0.0.1:${port}`, {
      MARKET_RETRY_SECONDS: "1",
    });
    // The stated time, and the simulator's day of one coin seeding in a second or two.
    expect(service.startedMs).toBeLessThan(REACH_MS + 30_000);
    expect(service.output()).toMatch(/no exchange could be reached within 10 s \(Binance: ECONNREFUSED\)/);
    // The banner's last line, printed just after the dashboard's address.
    await until(
      "the banner's line",
      async () =>
        /market {5}simulated: no exchange could be reached; trying the exchanges again every 1 s/.test(
          service.output(),
        ) || null,
      5_000,
    );
    expect(await sourceHeader(service.url)).toBe("simulator; fallback");

    // The exchange comes up at that address (a relay to the fake one).
    let relay: Server | null = null;
    const sockets = new Set<Socket>();
    try {
      relay = createServer((socket) => {
        sockets.add(socket);
        const upstream = createConnection(Number(new URL(fake.origin).port), "127.0.0.1");
        socket.pipe(upstream).pipe(socket);
        socket.on("error", () => upstream.destroy());
        upstream.on("error", () => socket.destroy());
      });
      await new Promise<void>((resolve) => relay?.listen(port, "127.0.0.1", resolve));
      const header = await until(
        "the switch to the real market",
        async () => {
          const value = await sourceHeader(service.url);
          return value?.startsWith("exchanges") ? value : null;
        },
        30_000,
      );
      expect(header).toMatch(/^exchanges; live=\d; total=1$/);
      expect(service.output(), service.output()).toMatch(/Binance answers now: switching to the real market/);
    } finally {
      // The switched service keeps its connections to the exchange open: they are cut for the relay to close.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
    }
  }, 90_000);
});
