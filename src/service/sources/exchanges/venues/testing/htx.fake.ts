// HTX (Huobi) as a fake exchange speaks it: REST (GET /v2/reference/currencies, /v1/common/symbols,
// /market/history/trade, /market/history/candles) and the spot market WebSocket /ws, where every frame the
// server sends is gzip-compressed JSON: `sub` / `unsub` of `market.<symbol>.trade.detail` answered by
// `subbed` / `unsubbed`, trade ticks of several trades, and the server's `{"ping": ts}` every few seconds
// that a client must answer with `{"pong": ts}` (HTX drops a client after two unanswered pings).
// Shapes from HTX's spot API docs (huobiapi.github.io/docs/spot/v1/en: "Get the Most Recent Trades",
// "Get Klines", "Trade Detail", "Heartbeat and Connection") and the fields ccxt's parser reads (node_modules/ccxt/js/src/htx.js); data shapes only.
// A trade has two ids: `tradeId` (REST: `trade-id`) and a 27-digit `id` that HTX writes as a bare JSON
// number, past what a double holds (ccxt keeps its digits as text; JSON.parse would round it).
import { gzipSync } from "node:zlib";
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

function refusal(code: string, msg: string): FakeResponse {
  return { body: { status: "error", "err-code": code, "err-msg": msg, data: null } };
}

function currencies(state: FakeState): unknown {
  const codes = [...new Set(state.markets.flatMap((m) => [m.base, m.quote]))];
  return {
    code: 200,
    data: codes.map((currency) => ({
      currency,
      assetType: 1,
      instStatus: "normal",
      chains: [
        {
          chain: currency,
          displayName: currency.toUpperCase(),
          baseChain: currency.toUpperCase(),
          baseChainProtocol: "",
          isDynamic: false,
          numOfConfirmations: 2,
          numOfFastConfirmations: 1,
          depositStatus: "allowed",
          minDepositAmt: "0.0001",
          withdrawStatus: "allowed",
          minWithdrawAmt: "0.001",
          withdrawPrecision: 8,
          maxWithdrawAmt: "1000",
          withdrawQuotaPerDay: "1000",
          withdrawFeeType: "fixed",
          transactFeeWithdraw: "0.0005",
          addrWithTag: false,
          addrDepositTag: false,
        },
      ],
    })),
  };
}

function symbols(state: FakeState): unknown {
  return {
    status: "ok",
    data: state.markets.map((m) => ({
      "base-currency": m.base,
      "quote-currency": m.quote,
      "price-precision": m.quote === "btc" ? 6 : 2,
      "amount-precision": 6,
      "symbol-partition": "main",
      symbol: m.id,
      state: "online",
      "value-precision": 8,
      "min-order-amt": 0.0001,
      "max-order-amt": 1000,
      "min-order-value": 5,
      "leverage-ratio": 5,
      "super-margin-leverage-ratio": 3,
      "api-trading": "enabled",
      tags: "",
    })),
  };
}

/** A streamed trade's long id: its tick's id, then 15 more digits (HTX's are 26–27 digits long). */
function longId(t: FakeTrade): string {
  return `${tickId(t)}${t.id.slice(-6).padStart(15, "0")}`;
}

/** A trade's tick (HTX's ticks are 12-digit ids that grow with time). */
const tickId = (t: FakeTrade): number => Math.floor(t.timeMs / 10);

/** /market/history/trade: the newest `size` ticks (default 1, at most 2000), newest first; a tick per trade here. */
function historyTrades(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const size = Number(query.get("size") ?? 1);
  if (!Number.isInteger(size) || size < 1 || size > 2000) return refusal("invalid-parameter", "invalid size");
  const newest = state.trades.filter((x) => x.pair === pair).reverse();
  const data = newest.slice(0, size).map((t) => ({
    id: tickId(t),
    ts: t.timeMs,
    data: [
      {
        id: "LONG",
        ts: t.timeMs,
        "trade-id": Number(t.id),
        amount: t.amount,
        price: t.price,
        direction: t.side,
      },
    ],
  }));
  const body = { ch: `market.${pair}.trade.detail`, status: "ok", ts: state.nowMs(), data };
  return {
    body: withLongIds(
      JSON.stringify(body),
      state.trades.filter((x) => x.pair === pair),
    ),
  };
}

/** Writes each "LONG" placeholder as the bare 27-digit number HTX sends, in the order the trades appear. */
function withLongIds(json: string, trades: readonly FakeTrade[]): string {
  const byTradeId = new Map(trades.map((t) => [Number(t.id), t]));
  return json.replace(/"id":"LONG","ts":\d+,"(?:trade-id|tradeId)":(\d+)/g, (whole, id) => {
    const trade = byTradeId.get(Number(id));
    return trade ? whole.replace('"LONG"', longId(trade)) : whole.replace('"LONG"', "0");
  });
}

/** HTX's periods of the intervals the fakes keep; the others answer no candles. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1min", "1h": "60min", "1d": "1day" };

const PERIODS = new Set([
  "1min",
  "5min",
  "15min",
  "30min",
  "60min",
  "4hour",
  "1day",
  "1mon",
  "1week",
  "1year",
]);

/** /market/history/candles: `period`, from `from` (seconds), at most `size` (≤ 1000, default 150), newest first. */
function historyCandles(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const period = query.get("period") ?? "";
  if (!PERIODS.has(period)) return refusal("invalid-parameter", "invalid period");
  const size = Number(query.get("size") ?? 150);
  if (!Number.isInteger(size) || size < 1 || size > 1000) return refusal("invalid-parameter", "invalid size");
  const fromMs = Number(query.get("from") ?? 0) * 1000;
  const toMs = query.has("to") ? Number(query.get("to")) * 1000 : Number.MAX_SAFE_INTEGER;
  const interval = intervalOf(INTERVALS, period);
  const rows = (interval ? candlesOf(state, pair, interval) : []).filter(
    (c) => c.openMs >= fromMs && c.openMs <= toMs,
  );
  const data = rows
    .slice(0, size)
    .reverse()
    .map((c) => ({
      id: c.openMs / 1000,
      open: c.open,
      close: c.close,
      low: c.low,
      high: c.high,
      amount: c.volume,
      vol: c.volume * c.close,
      count: 1,
    }));
  return { body: { ch: `market.${pair}.kline.${period}`, status: "ok", ts: state.nowMs(), data } };
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  if (request.path === "/v2/reference/currencies") return { body: currencies(state) };
  if (request.path === "/v1/common/symbols") return { body: symbols(state) };
  if (request.path !== "/market/history/trade" && request.path !== "/market/history/candles") return null;
  const pair = request.query.get("symbol");
  if (!pair || !state.markets.some((m) => m.id === pair))
    return refusal("invalid-parameter", "invalid symbol");
  return request.path === "/market/history/trade"
    ? historyTrades(pair, request.query, state)
    : historyCandles(pair, request.query, state);
}

function send(socket: FakeSocket, value: unknown): void {
  socket.send(gzipSync(typeof value === "string" ? value : JSON.stringify(value)));
}

const TOPIC = /^market\.([a-z0-9]+)\.trade\.detail$/;

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { sub?: unknown; unsub?: unknown; id?: unknown; pong?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    send(socket, {
      status: "error",
      "err-code": "bad-request",
      "err-msg": "invalid json",
      ts: state.nowMs(),
    });
    return;
  }
  if (request.pong !== undefined) {
    if (request.pong === socket.data.ping) socket.ponged();
    return;
  }
  const { id } = request;
  const topic = request.sub ?? request.unsub;
  const pair = typeof topic === "string" ? TOPIC.exec(topic)?.[1] : undefined;
  if (!pair || !state.markets.some((m) => m.id === pair)) {
    const msg = `invalid topic ${String(topic)}`;
    send(socket, { id, status: "error", "err-code": "bad-request", "err-msg": msg, ts: state.nowMs() });
    return;
  }
  if (request.sub !== undefined) {
    socket.subscribed.add(pair);
    send(socket, { id, status: "ok", subbed: topic, ts: state.nowMs() });
  } else {
    socket.subscribed.delete(pair);
    send(socket, { id, status: "ok", unsubbed: topic, ts: state.nowMs() });
  }
}

/** The trades of one match round in one tick, one frame. */
function tradeFrames(pair: string, trades: readonly FakeTrade[]): Buffer[] {
  const first = trades[0];
  if (!first) return [];
  const ts = trades.at(-1)?.timeMs ?? first.timeMs;
  const data = trades.map((t) => ({
    id: "LONG",
    ts: t.timeMs,
    tradeId: Number(t.id),
    amount: t.amount,
    price: t.price,
    // The taker's side.
    direction: t.side,
  }));
  const json = JSON.stringify({
    ch: `market.${pair}.trade.detail`,
    ts: ts + 3,
    tick: { id: tickId(first), ts, data },
  });
  return [gzipSync(withLongIds(json, trades))];
}

export const htxProtocol: FakeProtocol = {
  rest,
  open(socket) {
    if (socket.url.pathname !== "/ws")
      send(socket, { status: "error", "err-code": "bad-request", "err-msg": "not found" });
  },
  message,
  tradeFrames,
  ping(socket) {
    const ts = Date.now();
    socket.data.ping = ts;
    send(socket, { ping: ts });
  },
};
