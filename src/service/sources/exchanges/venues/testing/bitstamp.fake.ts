// Bitstamp as a fake exchange speaks it: REST /api/v2 (markets, transactions, ohlc) and the WebSocket v2
// (bts:subscribe / bts:unsubscribe of `live_trades_<pair>`, one trade per `trade` event, bts:heartbeat).
// Shapes from Bitstamp's API docs (bitstamp.net/api, bitstamp.net/websocket/v2) and the fields ccxt's parser reads (node_modules/ccxt/js/src/bitstamp.js); data shapes only.
// Bitstamp's trade history reads no start: `time` is a window (minute, hour, day) back from now, in
// whole seconds; the fake keeps that window against its clock.
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

const WINDOW_S: Record<string, number> = { minute: 60, hour: 3600, day: 86_400 };
const STEPS = new Set([
  "60",
  "180",
  "300",
  "900",
  "1800",
  "3600",
  "7200",
  "14400",
  "21600",
  "43200",
  "86400",
]);

/** The steps (seconds) of the intervals the fakes keep; the others answer no candles. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "60", "1h": "3600", "1d": "86400" };

const NAMES: Record<string, string> = {
  BTC: "Bitcoin",
  ETH: "Ether",
  USD: "U.S. dollar",
  EUR: "Euro",
  USDT: "Tether",
  USDC: "USD Coin",
};

function refusal(status: number, reason: string): FakeResponse {
  return { status, body: { status: "error", reason, code: "API0005" } };
}

function markets(state: FakeState): unknown {
  return state.markets.map((m) => ({
    name: `${m.base}/${m.quote}`,
    market_symbol: m.id,
    base_currency: m.base,
    base_decimals: 8,
    counter_currency: m.quote,
    counter_decimals: m.quote === "BTC" ? 8 : 2,
    minimum_order_value: m.quote === "BTC" ? "0.0002" : "10",
    trading: "Enabled",
    instant_order_counter_decimals: 2,
    instant_and_market_orders: "Enabled",
    description: `${NAMES[m.base] ?? m.base} / ${NAMES[m.quote] ?? m.quote}`,
    market_type: "SPOT",
  }));
}

/** /transactions/{pair}/: the trades of the last `time` window, newest first, times in seconds. */
function transactions(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const time = query.get("time") ?? "hour";
  const windowS = WINDOW_S[time];
  if (windowS === undefined) return refusal(400, "time: Select a valid choice.");
  const fromMs = state.nowMs() - windowS * 1000;
  const rows = state.trades.filter((t) => t.pair === pair && t.timeMs >= fromMs).reverse();
  return {
    body: rows.map((t) => ({
      date: String(Math.floor(t.timeMs / 1000)),
      tid: t.id,
      price: String(t.price),
      type: t.side === "buy" ? "0" : "1",
      amount: t.amount.toFixed(8),
    })),
  };
}

function ohlc(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const step = query.get("step");
  const limit = Number(query.get("limit"));
  if (!step || !STEPS.has(step)) return refusal(400, "step: Select a valid choice.");
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return refusal(400, "limit: Must be 1..1000.");
  const interval = intervalOf(INTERVALS, step);
  if (!interval) return { body: { data: { pair, ohlc: [] } } };
  const startMs = Number(query.get("start") ?? 0) * 1000;
  const endMs = query.has("end") ? Number(query.get("end")) * 1000 : Number.MAX_SAFE_INTEGER;
  const rows = candlesOf(state, pair, interval).filter((c) => c.openMs >= startMs && c.openMs <= endMs);
  const market = state.markets.find((m) => m.id === pair);
  return {
    body: {
      data: {
        pair: `${market?.base}/${market?.quote}`,
        ohlc: rows.slice(0, limit).map((c) => ({
          high: String(c.high),
          timestamp: String(c.openMs / 1000),
          volume: c.volume.toFixed(8),
          low: String(c.low),
          close: String(c.close),
          open: String(c.open),
        })),
      },
    },
  };
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  if (request.path === "/api/v2/markets/") return { body: markets(state) };
  const match = /^\/api\/v2\/(transactions|ohlc)\/([^/]+)\/$/.exec(request.path);
  if (!match) return null;
  const [, endpoint, pair] = match as unknown as [string, string, string];
  if (!state.markets.some((m) => m.id === pair)) return refusal(404, "Invalid currency pair.");
  return endpoint === "transactions"
    ? transactions(pair, request.query, state)
    : ohlc(pair, request.query, state);
}

const CHANNEL = "live_trades_";

function send(socket: FakeSocket, value: unknown): void {
  socket.send(JSON.stringify(value));
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { event?: unknown; data?: { channel?: unknown } };
  try {
    request = JSON.parse(text);
  } catch {
    send(socket, {
      event: "bts:error",
      channel: "",
      data: { code: null, message: "Incorrect JSON format." },
    });
    return;
  }
  const { event } = request;
  if (event === "bts:heartbeat") {
    send(socket, { event: "bts:heartbeat", channel: "", data: { status: "success" } });
    return;
  }
  const channel = request.data?.channel;
  const pair =
    typeof channel === "string" && channel.startsWith(CHANNEL)
      ? state.markets.find((m) => m.id === channel.slice(CHANNEL.length))?.id
      : undefined;
  if ((event !== "bts:subscribe" && event !== "bts:unsubscribe") || !pair) {
    const named = typeof channel === "string" ? channel : "";
    send(socket, {
      event: "bts:error",
      channel: named,
      data: { code: null, message: "Bad subscription string." },
    });
    return;
  }
  if (event === "bts:subscribe") socket.subscribed.add(pair);
  else socket.subscribed.delete(pair);
  const answer = event === "bts:subscribe" ? "bts:subscription_succeeded" : "bts:unsubscription_succeeded";
  send(socket, { event: answer, channel, data: {} });
}

let orderIds = 1_700_000_000_000_000;

function tradeFrames(pair: string, trades: readonly FakeTrade[]): string[] {
  return trades.map((t) => {
    orderIds += 2;
    const buyOrder = orderIds;
    return JSON.stringify({
      data: {
        id: Number(t.id),
        timestamp: String(Math.floor(t.timeMs / 1000)),
        amount: t.amount,
        amount_str: t.amount.toFixed(8),
        price: t.price,
        price_str: String(t.price),
        // 0: the taker bought, 1: the taker sold.
        type: t.side === "buy" ? 0 : 1,
        microtimestamp: String(t.timeMs * 1000),
        buy_order_id: buyOrder,
        sell_order_id: buyOrder + 1,
      },
      channel: `${CHANNEL}${pair}`,
      event: "trade",
    });
  });
}

export const bitstampProtocol: FakeProtocol = {
  rest,
  message,
  tradeFrames,
  // Bitstamp pings with WebSocket ping frames only; a client may also send bts:heartbeat, answered above.
};
