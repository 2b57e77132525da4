// The exchanges source with every exchange unreachable (EXCHANGE_HOSTS at a closed port on loopback): the
// real venues, ccxt and its requests, refused. The terminal gets one line a retry round naming them all,
// not one line an exchange.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ExchangesSource } from "./exchanges-source.ts";
import { VENUES } from "./venues.ts";

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

const lines: string[] = [];
let source: ExchangesSource;
let started: Promise<void>;

beforeAll(async () => {
  const closed = new URL(`http://127.0.0.1:${await closedPort()}`);
  source = new ExchangesSource({
    venues: VENUES,
    hosts: new Map(VENUES.map((venue) => [venue.name, closed])),
    coins: ["BTC", "ETH"],
    usd: { quotation: () => null, fxRate: () => null },
    firstLiveBlock: 0,
    pairMemory: { load: () => null, save: () => {} },
    // Rounds a little more than the gathering window apart, so that two come within the test.
    backoffMs: { first: 400, max: 400 },
    log: (line) => lines.push(line),
  });
  // The start waits for the market lists far longer than the test does; the stop ends it.
  started = source.start();
});

afterAll(async () => {
  await source.stop();
  await started;
  await source.stop();
});

describe("every exchange unreachable", () => {
  it("tells one line a retry round naming every exchange, not one line an exchange", async () => {
    const failed = () => lines.filter((line) => line.includes("markets did not load"));
    await vi.waitFor(() => expect(failed().length).toBeGreaterThanOrEqual(2), {
      timeout: 15_000,
      interval: 50,
    });
    const names = VENUES.map((venue) => venue.name)
      .sort((a, b) => a.localeCompare(b))
      .join(", ");
    for (const line of failed().slice(0, 2)) {
      expect(line).toMatch(
        new RegExp(`^exchanges: markets did not load from ${names} \\(.+\\); retrying in 0\\.4 s$`),
      );
      expect(line).toMatch(/ECONNREFUSED|fetch failed|connect/i);
    }
    expect(source.pairs()).toEqual([]);
  });
});
