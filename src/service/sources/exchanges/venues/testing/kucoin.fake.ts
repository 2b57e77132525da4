// KuCoin as a fake exchange speaks it: REST (GET /api/v3/currencies, /api/v2/symbols, /api/v1/market/histories,
// /api/ua/v1/market/trade, /api/v1/market/candles; POST /api/v1/bullet-public for a WebSocket token) and the
// classic spot WebSocket (connect with the token, `welcome`, subscribe / unsubscribe `/market/match:<symbols>`
// with an `ack`, one `trade.l3match` message per trade, the client's JSON `ping` answered by `pong`).
// Shapes from KuCoin's API docs (kucoin.com/docs-new: "Get Public Token", "Match Execution Data", "Get Trade
// History", "Get Klines") and the fields ccxt's parser reads (node_modules/ccxt/js/src/kucoin.js); data shapes only. The classic trade history carries `sequence` but no `tradeId`; the unified
// account's trade history carries both, and a spot match's `tradeId` is its `sequence`.
import { randomBytes } from "node:crypto";
import {
  candlesOf,
  type FakeInterval,
  type FakeProtocol,
  type FakeRequest,
  type FakeResponse,
  type FakeSocket,
  type FakeState,
  type FakeTrade,
  intervalOf,
} from "../../testing/fake-protocol.ts";

const OK = "200000";

function ok(data: unknown): FakeResponse {
  return { body: { code: OK, data } };
}

function refusal(code: string, msg: string): FakeResponse {
  return { status: 400, body: { code, msg } };
}

const NAMES: Record<string, string> = { BTC: "Bitcoin", ETH: "Ethereum", USDT: "Tether", USDC: "USD Coin" };

function currencies(state: FakeState): unknown {
  const codes = [...new Set(state.markets.flatMap((m) => [m.base, m.quote]))];
  return codes.map((currency) => ({
    currency,
    name: currency,
    fullName: NAMES[currency] ?? currency,
    precision: 8,
    confirms: null,
    contractAddress: null,
    isMarginEnabled: true,
    isDebitEnabled: true,
    chains: [
      {
        chainName: currency,
        chainId: currency.toLowerCase(),
        withdrawalMinSize: "0.001",
        depositMinSize: "0.0001",
        withdrawFeeRate: "0",
        withdrawalMinFee: "0.0005",
        isWithdrawEnabled: true,
        isDepositEnabled: true,
        confirms: 2,
        preConfirms: 2,
        withdrawPrecision: 8,
        maxWithdraw: null,
        maxDeposit: null,
        needTag: false,
        contractAddress: "",
      },
    ],
  }));
}

function symbols(state: FakeState): unknown {
  return state.markets.map((m) => ({
    symbol: m.id,
    name: m.id,
    baseCurrency: m.base,
    quoteCurrency: m.quote,
    feeCurrency: m.quote,
    market: m.quote === "BTC" ? "BTC" : "USDS",
    baseMinSize: "0.00001",
    quoteMinSize: "0.1",
    baseMaxSize: "10000000000",
    quoteMaxSize: "99999999",
    baseIncrement: "0.00000001",
    quoteIncrement: "0.000001",
    priceIncrement: m.quote === "BTC" ? "0.000001" : "0.1",
    priceLimitRate: "0.1",
    minFunds: "0.1",
    isMarginEnabled: true,
    enableTrading: true,
    feeCategory: 1,
    makerFeeCoefficient: "1.00",
    takerFeeCoefficient: "1.00",
    st: false,
  }));
}

/** The last 100 trades of `pair`, newest first (neither history takes a start). */
function recent(pair: string, state: FakeState): FakeTrade[] {
  return state.trades
    .filter((t) => t.pair === pair)
    .slice(-100)
    .reverse();
}

const nanos = (t: FakeTrade): string => `${t.timeMs}000000`;

function histories(pair: string, state: FakeState): FakeResponse {
  return ok(
    recent(pair, state).map((t) => ({
      sequence: t.id,
      price: String(t.price),
      size: String(t.amount),
      side: t.side,
      time: Number(nanos(t)),
    })),
  );
}

function unifiedTrades(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  if (query.get("tradeType") !== "SPOT") return refusal("400100", "tradeType: must be SPOT or FUTURES");
  const list = recent(pair, state).map((t) => ({
    sequence: t.id,
    tradeId: t.id,
    price: String(t.price),
    size: String(t.amount),
    side: t.side,
    ts: Number(nanos(t)),
  }));
  return ok({ tradeType: "SPOT", list });
}

/** KuCoin's types of the intervals the fakes keep; the others answer no candles. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1min", "1h": "1hour", "1d": "1day" };

/** /market/candles: `type`, and `startAt`..`endAt` in seconds; newest first, at most 1500. */
function candles(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const type = query.get("type");
  if (!type) return refusal("400100", "type: must not be blank");
  const startMs = Number(query.get("startAt") ?? 0) * 1000;
  const endMs = Number(query.get("endAt") ?? 0) * 1000 || state.nowMs();
  const interval = intervalOf(INTERVALS, type);
  const rows = (interval ? candlesOf(state, pair, interval) : []).filter(
    (c) => c.openMs >= startMs && c.openMs < endMs,
  );
  return ok(
    rows
      .slice(-1500)
      .reverse()
      .map((c) => [
        String(c.openMs / 1000),
        String(c.open),
        String(c.close),
        String(c.high),
        String(c.low),
        String(c.volume),
        String(c.volume * c.close),
      ]),
  );
}

/** Tokens handed out by bullet-public: a WebSocket connection must name one. */
const tokens = new Set<string>();

function bullet(state: FakeState, pingIntervalMs: number): FakeResponse {
  const token = randomBytes(48).toString("base64url");
  tokens.add(token);
  const endpoint = `${state.origin.replace(/^http/, "ws")}/`;
  return ok({
    token,
    instanceServers: [
      { endpoint, encrypt: true, protocol: "websocket", pingInterval: pingIntervalMs, pingTimeout: 10_000 },
    ],
  });
}

function restFor(pingIntervalMs: number) {
  return (request: FakeRequest, state: FakeState): FakeResponse | null => {
    if (request.method === "POST" && request.path === "/api/v1/bullet-public")
      return bullet(state, pingIntervalMs);
    if (request.method !== "GET") return null;
    if (request.path === "/api/v3/currencies") return ok(currencies(state));
    if (request.path === "/api/v2/symbols") return ok(symbols(state));
    const reads = ["/api/v1/market/histories", "/api/ua/v1/market/trade", "/api/v1/market/candles"];
    if (!reads.includes(request.path)) return null;
    const pair = request.query.get("symbol");
    if (!pair || !state.markets.some((m) => m.id === pair))
      return refusal("900001", `Symbol [${pair}] Not Exists`);
    if (request.path === "/api/v1/market/histories") return histories(pair, state);
    if (request.path === "/api/ua/v1/market/trade") return unifiedTrades(pair, request.query, state);
    return candles(pair, request.query, state);
  };
}

const TOPIC = "/market/match:";

function send(socket: FakeSocket, value: unknown): void {
  socket.send(JSON.stringify(value));
}

function open(socket: FakeSocket): void {
  const token = socket.url.searchParams.get("token");
  if (socket.url.pathname !== "/" || !token || !tokens.has(token)) {
    send(socket, {
      id: socket.url.searchParams.get("connectId"),
      type: "error",
      code: 401,
      data: "token is invalid",
    });
    return;
  }
  socket.data.welcomed = true;
  send(socket, { id: socket.url.searchParams.get("connectId") ?? String(Date.now()), type: "welcome" });
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { id?: unknown; type?: unknown; topic?: unknown; response?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    send(socket, { id: null, type: "error", code: 400, data: "message is not json" });
    return;
  }
  const { id, type, topic } = request;
  if (!socket.data.welcomed) return;
  if (type === "ping") {
    send(socket, { id, type: "pong", timestamp: state.nowMs() * 1000 });
    return;
  }
  if (type !== "subscribe" && type !== "unsubscribe") {
    send(socket, { id, type: "error", code: 415, data: "type is not supported" });
    return;
  }
  const pairs =
    typeof topic === "string" && topic.startsWith(TOPIC) ? topic.slice(TOPIC.length).split(",") : [];
  if (pairs.length === 0 || pairs.some((p) => !state.markets.some((m) => m.id === p))) {
    send(socket, { id, type: "error", code: 404, data: `topic ${String(topic)} is not found` });
    return;
  }
  for (const pair of pairs) {
    if (type === "subscribe") socket.subscribed.add(pair);
    else socket.subscribed.delete(pair);
  }
  if (request.response === true) send(socket, { id, type: "ack" });
}

let orderIds = 0x6710d8a9d0ca3b000702bb7en;

function tradeFrames(pair: string, trades: readonly FakeTrade[]): string[] {
  return trades.map((t) => {
    orderIds += 2n;
    return JSON.stringify({
      type: "message",
      topic: `${TOPIC}${pair}`,
      subject: "trade.l3match",
      data: {
        makerOrderId: orderIds.toString(16),
        price: String(t.price),
        sequence: t.id,
        // The taker's side.
        side: t.side,
        size: String(t.amount),
        symbol: pair,
        takerOrderId: (orderIds + 1n).toString(16),
        time: nanos(t),
        tradeId: t.id,
        type: "match",
      },
    });
  });
}

/** KuCoin's protocol; the WebSocket ping interval it hands out with a token is the exchange's to choose. */
export function kucoinFake(pingIntervalMs = 18_000): FakeProtocol {
  // KuCoin has no server ping: the client pings with JSON at the interval the token came with.
  return { rest: restFor(pingIntervalMs), open, message, tradeFrames };
}

export const kucoinProtocol: FakeProtocol = kucoinFake();
