// The transport's part in saying where the numbers come from, against a real HTTP peer: every /v1 answer's
// X-Market-Source is told to the store (refusals and 429s too), and /status goes outside the budget.
import { describe, expect, it } from "vitest";
import { RequestBudget } from "../budget/request-budget.ts";
import { memorySendLogStore } from "../budget/send-log.ts";
import { type Handler, scriptedPeer } from "../testing/scripted-peer.ts";
import { MarketSourceStore } from "./market-source.ts";
import { ApiRequestError, Transport } from "./transport.ts";

const peer = scriptedPeer();
const { script, seen } = peer;

const answer =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
  };

function setUp(limit = 5) {
  script.length = 0;
  seen.length = 0;
  const budget = new RequestBudget({ limit, store: memorySendLogStore() });
  const marketSource = new MarketSourceStore(peer.baseUrl, null);
  const transport = new Transport({
    baseUrl: peer.baseUrl,
    apiKey: "issued-key-123",
    budget,
    marketSource,
    retry: { attempts: 1, backoffMs: [] },
  });
  const coins = () => transport.request("/v1/coins", { priority: "visible", decode: (value) => value });
  return { budget, marketSource, transport, coins };
}

describe("the transport and X-Market-Source", () => {
  it("tells the store what each answer says, an error record's included", async () => {
    const { marketSource, coins } = setUp();
    script.push(answer(200, {}, { "X-Market-Source": "exchanges; live=7; total=10" }));
    await coins();
    expect(marketSource.get().source).toEqual({ kind: "exchanges", live: 7, total: 10 });
    script.push(answer(404, { errorcode: 404, errormessage: "gone" }, { "X-Market-Source": "simulator" }));
    await expect(coins()).rejects.toThrow(ApiRequestError);
    expect(marketSource.get().source).toEqual({ kind: "simulator", fallback: false });
  });

  it("hears an answer without the header as a service that claims nothing", async () => {
    const { marketSource, coins } = setUp();
    script.push(answer(200, {}, { "X-Market-Source": "simulator" }));
    await coins();
    script.push(answer(200, {}));
    await coins();
    expect(marketSource.get()).toMatchObject({ source: null, heard: true });
  });

  it("asks /status outside the budget, without the key, and leaves the market source alone", async () => {
    const { budget, marketSource, transport, coins } = setUp(1);
    script.push(answer(200, {}, { "X-Market-Source": "simulator" }));
    await coins();
    expect(budget.snapshot().used).toBe(1);
    script.push(answer(200, { market: { source: "simulator" } }));
    script.push(answer(200, { market: { source: "simulator" } }));
    // The budget is full (1 a minute): both go at once all the same, and are not counted.
    const statuses = await Promise.all([
      transport.requestOutsideBudget("/status", { decode: (value) => value }),
      transport.requestOutsideBudget("/status", { decode: (value) => value }),
    ]);
    expect(statuses).toEqual([{ market: { source: "simulator" } }, { market: { source: "simulator" } }]);
    expect(budget.snapshot().used).toBe(1);
    expect(seen.map((req) => req.url)).toEqual(["/v1/coins", "/status", "/status"]);
    expect(seen[1]?.headers["x-api-key"]).toBeUndefined();
    expect(marketSource.get().source).toEqual({ kind: "simulator", fallback: false });
  });

  it("reports a refused or unreadable /status, and refuses to send /v1 outside the budget", async () => {
    const { transport } = setUp();
    script.push(answer(404, { errorcode: 404, errormessage: "no such route" }));
    await expect(transport.requestOutsideBudget("/status", { decode: (v) => v })).rejects.toMatchObject({
      status: 404,
      message: "no such route",
    });
    script.push((_req, res) => res.end("<html>"));
    await expect(transport.requestOutsideBudget("/status", { decode: (v) => v })).rejects.toMatchObject({
      status: 0,
    });
    await expect(transport.requestOutsideBudget("/v1/coins", { decode: (v) => v })).rejects.toThrow(
      /spends budget/,
    );
    expect(seen).toHaveLength(2);
  });
});
