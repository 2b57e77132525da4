// The dashboard's stream reader against the real service: opened once through the budget, its subjects
// changed in place without spending a request, and against a service with no stream (the public service's
// plain 404), polling for good without asking again. Here, not in src/app, because it starts the service
// (src/service/testing): the dashboard itself imports src/interface only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RequestBudget } from "../src/app/budget/request-budget.ts";
import { type ArrivedEvent, LiveReader, type LiveState } from "../src/app/live/live-reader.ts";
import { Transport } from "../src/app/transport/transport.ts";
import { LiveEventSchemas, type LiveSubjects } from "../src/interface/live-events.ts";
import { startTestService, type TestService } from "../src/service/testing/test-service.ts";

let service: TestService;
beforeAll(async () => {
  service = await startTestService(["--market-coins", "BTC,ETH,SOL", "--rate-limit", "5"]);
});
afterAll(async () => {
  await service?.stop();
});

const subjects = (prices: string[]): LiveSubjects => ({ prices, trades: [], candles: [] });

function reader(baseUrl: string) {
  const budget = new RequestBudget({ limit: 5 });
  const events: ArrivedEvent[] = [];
  const states: LiveState[] = [];
  const requests: string[] = [];
  const transport = new Transport({
    baseUrl,
    budget,
    fetch: (input, init) => {
      requests.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    },
  });
  const live = new LiveReader({
    transport,
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
  });
  return { live, budget, events, states, requests };
}

/** Moves the market on, in steps the simulator's 100 ms tick follows, until `done` or 10 s of market. */
async function tradeUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 10 && !done(); i++) {
    service.marketClock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const pricesOf = (events: ArrivedEvent[], symbol: string) =>
  events
    .filter((event) => event.name === "price")
    .map((event) => LiveEventSchemas.price.parse(JSON.parse(event.data)))
    .filter((price) => price.symbol === symbol);

describe("LiveReader", () => {
  it("opens one stream through the budget and changes what it follows without another request", async () => {
    const { live, budget, events, states, requests } = reader(`http://127.0.0.1:${service.port}`);
    try {
      live.follow(subjects(["BTC"]));
      await tradeUntil(() => pricesOf(events, "BTC").length > 0);
      expect(states.at(-1)).toEqual({ kind: "live" });
      expect(pricesOf(events, "BTC").length).toBeGreaterThan(0);
      expect(budget.snapshot().used).toBe(1);

      live.follow(subjects(["ETH"]));
      await tradeUntil(() => pricesOf(events, "ETH").length > 0);
      expect(pricesOf(events, "ETH").length).toBeGreaterThan(0);
      expect(requests.filter((r) => r.startsWith("GET"))).toEqual(["GET /v1/stream"]);
      expect(requests.filter((r) => r.startsWith("PUT"))).toHaveLength(1);
      expect(budget.snapshot().used).toBe(1);
      // The same subjects again change nothing.
      live.follow(subjects(["ETH"]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(requests).toHaveLength(2);
    } finally {
      live.close();
    }
  });

  it("polls for good on a service with no stream, asking it once", async () => {
    let asked = 0;
    const publicService: Server = createServer((_, response) => {
      asked++;
      response.writeHead(404, { "Content-Type": "text/plain" }).end("404 page not found");
    });
    await new Promise<void>((resolve) => publicService.listen(0, "127.0.0.1", resolve));
    const { port } = publicService.address() as AddressInfo;
    const { live, states } = reader(`http://127.0.0.1:${port}`);
    try {
      live.follow(subjects(["BTC"]));
      await expect.poll(() => states.at(-1)?.kind).toBe("polling");
      live.follow(subjects(["ETH"]));
      live.pause();
      live.resume();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(asked).toBe(1);
      expect(states.at(-1)?.kind).toBe("polling");
    } finally {
      live.close();
      publicService.close();
    }
  });
});
