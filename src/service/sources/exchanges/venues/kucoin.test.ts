import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { FakeExchange } from "../testing/fake-exchange.ts";
import { describeVenueConformance } from "../testing/venue-conformance.ts";
import { kucoin } from "./kucoin.ts";
import { kucoinFake } from "./testing/kucoin.fake.ts";

describeVenueConformance({
  venue: kucoin,
  // A short ping interval handed out with the token, so ccxt's JSON keep-alive runs within the test.
  protocol: kucoinFake(150),
  markets: [
    { id: "BTC-USDT", base: "BTC", quote: "USDT" },
    { id: "ETH-USDT", base: "ETH", quote: "USDT" },
    { id: "BTC-USDC", base: "BTC", quote: "USDC" },
    { id: "ETH-BTC", base: "ETH", quote: "BTC" },
  ],
  expectedMarkets: [
    { symbol: "BTC/USDT", base: "BTC", quote: "USDT", foreignName: "BTC-USDT" },
    { symbol: "BTC/USDC", base: "BTC", quote: "USDC", foreignName: "BTC-USDC" },
    { symbol: "ETH/BTC", base: "ETH", quote: "BTC", foreignName: "ETH-BTC" },
  ],
  traded: { symbol: "BTC/USDT", pair: "BTC-USDT" },
  // 17 digits, as KuCoin's are: past 2^53, so built as text, never as a number.
  tradeId: (n) => `110679967119${String(n).padStart(5, "0")}`,
  since: "ccxt",
  unWatch: true,
});

describe("KuCoin's fake stream checks the token and the topic as KuCoin does", () => {
  const markets = [{ id: "BTC-USDT", base: "BTC", quote: "USDT" }];

  /** Connects to `url` and resolves with the socket and the next message read. */
  async function connect(
    url: string,
  ): Promise<{ socket: WebSocket; next: () => Promise<Record<string, unknown>> }> {
    const socket = new WebSocket(url);
    const inbox: Record<string, unknown>[] = [];
    const waiting: ((m: Record<string, unknown>) => void)[] = [];
    socket.on("message", (data) => {
      const m = JSON.parse(String(data)) as Record<string, unknown>;
      const waiter = waiting.shift();
      if (waiter) waiter(m);
      else inbox.push(m);
    });
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const next = () => {
      const queued = inbox.shift();
      return queued ? Promise.resolve(queued) : new Promise<Record<string, unknown>>((r) => waiting.push(r));
    };
    return { socket, next };
  }

  it("refuses a token it did not hand out, and a topic that names no market", async () => {
    const fake = await FakeExchange.start(kucoinFake(), { markets });
    const ws = fake.origin.replace("http", "ws");
    try {
      const stranger = await connect(`${ws}/?token=made-up&connectId=public`);
      expect(await stranger.next()).toMatchObject({ type: "error", code: 401 });
      stranger.socket.terminate();

      const bullet = (await (
        await fetch(`${fake.origin}/api/v1/bullet-public`, { method: "POST" })
      ).json()) as {
        data: { token: string; instanceServers: { endpoint: string }[] };
      };
      const endpoint = bullet.data.instanceServers[0]?.endpoint;
      const client = await connect(`${endpoint}?token=${bullet.data.token}&connectId=public`);
      expect(await client.next()).toMatchObject({ type: "welcome", id: "public" });
      client.socket.send(
        JSON.stringify({ id: "1", type: "subscribe", topic: "/market/match:BTCUSDT", response: true }),
      );
      expect(await client.next()).toMatchObject({ id: "1", type: "error", code: 404 });
      expect(fake.subscriberCount("BTC-USDT")).toBe(0);
      client.socket.send(
        JSON.stringify({ id: "2", type: "subscribe", topic: "/market/match:BTC-USDT", response: true }),
      );
      expect(await client.next()).toEqual({ id: "2", type: "ack" });
      expect(fake.subscriberCount("BTC-USDT")).toBe(1);
      client.socket.terminate();
    } finally {
      await fake.close();
    }
  });
});
