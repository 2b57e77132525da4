// Gate as a fake exchange speaks it: REST /api/v4 (spot currencies, spot and margin currency pairs, spot
// trades, spot candlesticks) and the spot WebSocket /ws/v4/ (`spot.trades` subscribe / unsubscribe by
// currency pair, one trade per `update` event, `spot.ping`). Shapes from Gate's API v4 docs
// (gate.com/docs/developers/apiv4, its WebSocket v4 page) and the fields ccxt's parser reads (node_modules/ccxt/js/src/gate.js); data shapes only.
import {
  candlesOf,
  type FakeCandle,
  type FakeInterval,
  type FakeProtocol,
  type FakeRequest,
  type FakeResponse,
  type FakeSocket,
  type FakeState,
  type FakeTrade,
  intervalOf,
} from "../../testing/fake-protocol.ts";

function refusal(label: string, message: string): FakeResponse {
  return { status: 400, body: { label, message } };
}

const NAMES: Record<string, string> = { BTC: "Bitcoin", ETH: "Ethereum", USDT: "Tether", USDC: "USD Coin" };

function currencies(state: FakeState): unknown {
  const codes = [...new Set(state.markets.flatMap((m) => [m.base, m.quote]))];
  return codes.map((currency) => ({
    currency,
    name: NAMES[currency] ?? currency,
    delisted: false,
    withdraw_disabled: false,
    withdraw_delayed: false,
    deposit_disabled: false,
    trade_disabled: false,
    chain: currency,
    chains: [
      {
        name: currency,
        addr: "",
        withdraw_disabled: false,
        withdraw_delayed: false,
        deposit_disabled: false,
      },
    ],
  }));
}

function spotPairs(state: FakeState): unknown {
  return state.markets.map((m) => ({
    id: m.id,
    base: m.base,
    base_name: NAMES[m.base] ?? m.base,
    quote: m.quote,
    quote_name: NAMES[m.quote] ?? m.quote,
    fee: "0.2",
    min_base_amount: "0.00001",
    min_quote_amount: "3",
    max_base_amount: "",
    max_quote_amount: "5000000",
    amount_precision: 6,
    precision: m.quote === "BTC" ? 6 : 1,
    trade_status: "tradable",
    sell_start: 1_516_378_650,
    buy_start: 1_516_378_650,
    delisting_time: 0,
    type: "normal",
  }));
}

/** Gate lends on its USDT pairs only, in this fake. */
function marginPairs(state: FakeState): unknown {
  return state.markets
    .filter((m) => m.quote === "USDT")
    .map((m) => ({
      id: m.id,
      base: m.base,
      quote: m.quote,
      leverage: 10,
      min_base_amount: "0.0001",
      min_quote_amount: "1",
      max_quote_amount: "5000000",
      status: 1,
    }));
}

/** /spot/trades: newest first; `from`/`to` (seconds) and `last_id` narrow it, `limit` caps it (≤ 1000). */
function trades(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const limit = Number(query.get("limit") ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return refusal("INVALID_PARAM_VALUE", "limit");
  const fromMs = Number(query.get("from") ?? 0) * 1000;
  const toMs = query.has("to") ? Number(query.get("to")) * 1000 + 999 : Number.MAX_SAFE_INTEGER;
  const lastId = query.get("last_id");
  let rows = state.trades.filter((t) => t.pair === pair && t.timeMs >= fromMs && t.timeMs <= toMs).reverse();
  if (lastId !== null) rows = rows.slice(rows.findIndex((t) => t.id === lastId) + 1);
  return {
    body: rows.slice(0, limit).map((t) => ({
      id: t.id,
      create_time: String(Math.floor(t.timeMs / 1000)),
      create_time_ms: t.timeMs.toFixed(3),
      currency_pair: pair,
      side: t.side,
      amount: String(t.amount),
      price: String(t.price),
      sequence_id: t.id,
    })),
  };
}

const INTERVAL_S: Record<string, number> = {
  "10s": 10,
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "4h": 14_400,
  "8h": 28_800,
  "1d": 86_400,
  "7d": 604_800,
};

/** Gate's names of the intervals the fakes keep; the others answer no candles. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1m", "1h": "1h", "1d": "1d" };

/** /spot/candlesticks: `limit` (newest candles) or a `from`..`to` range (seconds), never both. */
function candlesticks(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const interval = query.get("interval") ?? "30m";
  const seconds = INTERVAL_S[interval];
  if (seconds === undefined) return refusal("INVALID_PARAM_VALUE", `invalid interval ${interval}`);
  const ranged = query.has("from") || query.has("to");
  if (ranged && query.has("limit"))
    return refusal("INVALID_PARAM_VALUE", "limit is conflicted with from and to");
  const toS = Number(query.get("to") ?? Math.floor(state.nowMs() / 1000));
  const fromS = Number(query.get("from") ?? toS - 100 * seconds);
  if ((toS - fromS) / seconds > 1000) return refusal("INVALID_PARAM_VALUE", "too many points requested");
  const kept = intervalOf(INTERVALS, interval);
  const ofPair = kept ? candlesOf(state, pair, kept) : [];
  const rows = ranged
    ? ofPair.filter((c) => c.openMs >= fromS * 1000 && c.openMs <= toS * 1000)
    : ofPair.slice(-Number(query.get("limit") ?? 100));
  return {
    body: rows.map((c: FakeCandle) => [
      String(c.openMs / 1000),
      String(c.volume * c.close),
      String(c.close),
      String(c.high),
      String(c.low),
      String(c.open),
      String(c.volume),
      "true",
    ]),
  };
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  switch (request.path) {
    case "/api/v4/spot/currencies":
      return { body: currencies(state) };
    case "/api/v4/spot/currency_pairs":
      return { body: spotPairs(state) };
    case "/api/v4/margin/currency_pairs":
      return { body: marginPairs(state) };
    case "/api/v4/spot/trades":
    case "/api/v4/spot/candlesticks": {
      const pair = request.query.get("currency_pair");
      if (!pair) return refusal("MISSING_REQUIRED_PARAM", "Missing required parameter: currency_pair");
      if (!state.markets.some((m) => m.id === pair))
        return refusal("INVALID_CURRENCY_PAIR", `Invalid currency pair ${pair}`);
      return request.path.endsWith("trades")
        ? trades(pair, request.query, state)
        : candlesticks(pair, request.query, state);
    }
    default:
      return null;
  }
}

let traceIds = 0;

function reply(socket: FakeSocket, nowMs: number, fields: Record<string, unknown>): void {
  traceIds += 1;
  const trace = traceIds.toString(16).padStart(32, "0");
  const head = {
    time: Math.floor(nowMs / 1000),
    time_ms: nowMs,
    conn_id: "62f2c1dabbe186d7",
    trace_id: trace,
  };
  socket.send(JSON.stringify({ ...head, ...fields, requestId: trace }));
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  const now = state.nowMs();
  let request: { id?: unknown; time?: unknown; channel?: unknown; event?: unknown; payload?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    reply(socket, now, {
      channel: "",
      event: "",
      error: { code: 1, message: "invalid argument struct" },
      result: null,
    });
    return;
  }
  const { id, channel, event, payload } = request;
  if (channel === "spot.ping") {
    reply(socket, now, { id, channel: "spot.pong", event: "", result: null });
    return;
  }
  const echo = { id, channel, event, payload };
  if (!Number.isInteger(request.time) || (event !== "subscribe" && event !== "unsubscribe")) {
    reply(socket, now, { ...echo, error: { code: 1, message: "invalid argument struct" }, result: null });
    return;
  }
  if (channel !== "spot.trades") {
    reply(socket, now, {
      ...echo,
      error: { code: 2, message: `unknown channel ${String(channel)}` },
      result: null,
    });
    return;
  }
  const pairs = Array.isArray(payload) ? payload : [];
  const unknown = pairs.find((p) => !state.markets.some((m) => m.id === p));
  if (pairs.length === 0 || unknown !== undefined) {
    const error = { code: 2, message: `unknown currency pair: ${String(unknown ?? "")}` };
    reply(socket, now, { ...echo, error, result: { status: "fail" } });
    return;
  }
  for (const pair of pairs as string[]) {
    if (event === "subscribe") socket.subscribed.add(pair);
    else socket.subscribed.delete(pair);
  }
  reply(socket, now, { ...echo, result: { status: "success" } });
}

function tradeFrames(pair: string, trades: readonly FakeTrade[]): string[] {
  return trades.map((t) =>
    JSON.stringify({
      time: Math.floor(t.timeMs / 1000),
      time_ms: t.timeMs + 2,
      channel: "spot.trades",
      event: "update",
      result: {
        id: Number(t.id),
        create_time: Math.floor(t.timeMs / 1000),
        create_time_ms: t.timeMs.toFixed(3),
        side: t.side,
        currency_pair: pair,
        amount: String(t.amount),
        price: String(t.price),
        range: `${t.id}-${t.id}`,
      },
    }),
  );
}

export const gateProtocol: FakeProtocol = {
  rest,
  open(socket) {
    // Gate's spot stream lives at /ws/v4/; its futures streams elsewhere answer nothing spot.
    if (socket.url.pathname !== "/ws/v4/")
      socket.send(JSON.stringify({ error: { code: 1, message: "not found" } }));
  },
  message,
  tradeFrames,
  // Gate pings with WebSocket ping frames; a client may also send `spot.ping`, answered above.
};
