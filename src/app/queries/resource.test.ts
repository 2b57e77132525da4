// A query's GET through the connection, against a real HTTP peer: a query the cache holds is asked again
// with its answer's validator, and a 304 keeps what is held; one that holds nothing is asked plainly.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Pairs } from "../../interface/resources.ts";
import { pairsQueryOptions } from "../chart/queries/pairs.ts";
import { type Handler, scriptedPeer } from "../testing/scripted-peer.ts";
import { createConnection } from "../transport/connection.ts";
import { validators } from "./validators.ts";

const peer = scriptedPeer();
const PAIRS = { pairs: [{ symbol: "BTC", foreignName: "BTCUSDT", exchange: "Binance", ignore: false }] };
const answer =
  (status: number, headers: Record<string, string>, body?: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };

function setUp() {
  peer.script.length = 0;
  peer.seen.length = 0;
  validators.clear();
  const connection = createConnection({ baseUrl: peer.baseUrl, apiKey: "", budgetPerMinute: 5 }, null, null);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, options: pairsQueryOptions(connection) };
}

describe("revalidating what the cache holds", () => {
  it("asks plainly when nothing is held, then with the validator it was given", async () => {
    const { client, options } = setUp();
    peer.script.push(answer(200, { ETag: '"pairs-1"' }, PAIRS), answer(304, { ETag: '"pairs-1"' }));
    const first = await client.fetchQuery(options);
    expect(peer.seen[0]?.headers["if-none-match"]).toBeUndefined();
    expect(validators.get("/v1/pairs")).toBe('"pairs-1"');
    const again = await client.fetchQuery({ ...options, staleTime: 0 });
    expect(peer.seen[1]?.headers["if-none-match"]).toBe('"pairs-1"');
    expect(again).toBe(first);
  });

  it("takes the new answer and its validator when it changed", async () => {
    const { client, options } = setUp();
    const changed = {
      pairs: [...PAIRS.pairs, { ...PAIRS.pairs[0], exchange: "Kraken", foreignName: "XBTUSD" }],
    };
    peer.script.push(answer(200, { ETag: '"pairs-1"' }, PAIRS), answer(200, { ETag: '"pairs-2"' }, changed));
    await client.fetchQuery(options);
    const again: Pairs = await client.fetchQuery({ ...options, staleTime: 0 });
    expect(again.pairs).toHaveLength(2);
    expect(validators.get("/v1/pairs")).toBe('"pairs-2"');
  });

  it("does not send a validator for a query whose data is gone", async () => {
    const { client, options } = setUp();
    validators.set("/v1/pairs", '"left-over"');
    peer.script.push(answer(200, {}, PAIRS));
    await client.fetchQuery(options);
    expect(peer.seen[0]?.headers["if-none-match"]).toBeUndefined();
    // An answer without a validator leaves none behind.
    expect(validators.get("/v1/pairs")).toBeUndefined();
  });
});
