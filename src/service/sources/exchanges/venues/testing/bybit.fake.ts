// Bybit v5 spot as a fake exchange speaks it: REST /v5/market (instruments-info, recent-trade, kline; every
// answer `{"retCode":0,"retMsg":"OK","result":{...}}` or a non-zero retCode) and the public spot WebSocket at
// /v5/public/spot (`{"op":"subscribe","req_id":..,"args":["publicTrade.BTCUSDT"]}`, a `success` answer, trade
// snapshots of several trades with the taker's side `S`; `{"op":"ping"}` answered with ret_msg "pong").
// Shapes from Bybit's v5 API docs (bybit-exchange.github.io/docs/v5) and the fields ccxt's parser
// reads (node_modules/ccxt/js/src/bybit.js); data shapes only.
import {
  candlesOf,
  type FakeInterval,
  type FakeMarket,
  type FakeProtocol,
  type FakeRequest,
  type FakeResponse,
  type FakeSocket,
  type FakeState,
  type FakeTrade,
  intervalOf,
} from "../../testing/fake-protocol.ts";

function ok(result: unknown, state: FakeState): FakeResponse {
  return { body: { retCode: 0, retMsg: "OK", result, retExtInfo: {}, time: state.nowMs() } };
}

function failure(retCode: number, retMsg: string, state: FakeState): FakeResponse {
  return { body: { retCode, retMsg, result: {}, retExtInfo: {}, time: state.nowMs() } };
}

function instrument(m: FakeMarket): unknown {
  return {
    symbol: m.id,
    baseCoin: m.base,
    quoteCoin: m.quote,
    innovation: "0",
    status: "Trading",
    marginTrading: "none",
    stTag: "0",
    lotSizeFilter: {
      basePrecision: "0.000001",
      quotePrecision: "0.00000001",
      minOrderQty: "0.000048",
      maxOrderQty: "71.73956243",
      minOrderAmt: "1",
      maxOrderAmt: "2000000",
    },
    priceFilter: { tickSize: "0.01" },
    riskParameters: { priceLimitRatioX: "0.01", priceLimitRatioY: "0.02" },
  };
}

/** recent-trade: the newest `limit` trades, newest first; spot keeps at most 60 and takes no time. */
function recentTrades(symbol: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const limit = Number(query.get("limit") ?? 60);
  if (!Number.isInteger(limit) || limit < 1) return failure(10001, "params error: limit", state);
  const rows = state.trades.filter((t) => t.pair === symbol).slice(-Math.min(limit, 60));
  const list = rows.reverse().map((t) => ({
    execId: t.id,
    symbol,
    price: String(t.price),
    size: String(t.amount),
    side: t.side === "buy" ? "Buy" : "Sell",
    time: String(t.timeMs),
    isBlockTrade: false,
    isRPITrade: false,
  }));
  return ok({ category: "spot", list }, state);
}

/** Bybit's intervals: minutes, and D for a day. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1", "1h": "60", "1d": "D" };

/**
 * kline: [start, open, high, low, close, volume, turnover], newest first. With `start` alone the fake serves
 * the `limit` candles from `start` on; with `end`, the `limit` newest up to it (Bybit's docs say no more).
 */
function kline(symbol: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const interval = intervalOf(INTERVALS, query.get("interval"));
  if (!interval) return failure(10001, "params error: interval", state);
  const limit = Math.min(Number(query.get("limit") ?? 200), 1000);
  const start = Number(query.get("start") ?? 0);
  const endParam = query.get("end");
  const inRange = candlesOf(state, symbol, interval).filter(
    (c) => c.openMs >= start && (endParam === null || c.openMs <= Number(endParam)),
  );
  const kept = endParam === null && query.has("start") ? inRange.slice(0, limit) : inRange.slice(-limit);
  const list = kept
    .reverse()
    .map((c) => [
      String(c.openMs),
      String(c.open),
      String(c.high),
      String(c.low),
      String(c.close),
      String(c.volume),
      String(c.volume * c.close),
    ]);
  return ok({ category: "spot", symbol, list }, state);
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  if (request.path === "/v5/market/time") {
    const now = state.nowMs();
    return ok({ timeSecond: String(Math.floor(now / 1000)), timeNano: `${now}000000` }, state);
  }
  const known = ["/v5/market/instruments-info", "/v5/market/recent-trade", "/v5/market/kline"];
  if (!known.includes(request.path)) return null;
  const category = request.query.get("category");
  if (category !== "spot")
    return failure(10001, `params error: category ${String(category)} is not spot`, state);
  if (request.path === "/v5/market/instruments-info") {
    return ok({ category: "spot", list: state.markets.map(instrument), nextPageCursor: "" }, state);
  }
  const symbol = request.query.get("symbol");
  if (!symbol || !state.markets.some((m) => m.id === symbol))
    return failure(10001, "Not supported symbols", state);
  if (request.path === "/v5/market/recent-trade") return recentTrades(symbol, request.query, state);
  return kline(symbol, request.query, state);
}

function answer(socket: FakeSocket, fields: Record<string, unknown>): void {
  socket.send(JSON.stringify({ ...fields, conn_id: "cejreaspqfh3sjdnldmg-p" }));
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { op?: unknown; req_id?: unknown; args?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    answer(socket, { success: false, ret_msg: "error:invalid json", op: "" });
    return;
  }
  const { op, req_id, args } = request;
  if (op === "ping") {
    answer(socket, { success: true, ret_msg: "pong", req_id, op: "ping" });
    return;
  }
  if ((op !== "subscribe" && op !== "unsubscribe") || !Array.isArray(args)) {
    answer(socket, { success: false, ret_msg: `error:handler not found, op:${String(op)}`, req_id, op });
    return;
  }
  const pairs = args.map((topic) =>
    typeof topic === "string" && topic.startsWith("publicTrade.")
      ? state.markets.find((m) => m.id === topic.slice("publicTrade.".length))?.id
      : undefined,
  );
  const wrong = args.filter((_, i) => pairs[i] === undefined);
  if (wrong.length > 0) {
    answer(socket, { success: false, ret_msg: `Invalid symbol :[${wrong.join(",")}]`, req_id, op });
    return;
  }
  for (const pair of pairs as string[]) {
    if (op === "subscribe") socket.subscribed.add(pair);
    else socket.subscribed.delete(pair);
  }
  answer(socket, { success: true, ret_msg: "", req_id, op });
}

function tradeFrames(pair: string, trades: readonly FakeTrade[], socket: FakeSocket): string[] {
  const seq = ((socket.data.seq as number | undefined) ?? 1_000_000) + 1;
  socket.data.seq = seq;
  const data = trades.map((t) => ({
    T: t.timeMs,
    s: pair,
    S: t.side === "buy" ? "Buy" : "Sell",
    v: String(t.amount),
    p: String(t.price),
    L: "PlusTick",
    i: t.id,
    BT: false,
    RPI: false,
    seq,
  }));
  const last = trades.at(-1)?.timeMs ?? 0;
  return [JSON.stringify({ topic: `publicTrade.${pair}`, type: "snapshot", ts: last + 2, data })];
}

export const bybitProtocol: FakeProtocol = {
  rest,
  open(socket) {
    if (socket.url.pathname !== "/v5/public/spot") {
      answer(socket, { success: false, ret_msg: `no stream at ${socket.url.pathname}`, op: "" });
    }
  },
  message,
  tradeFrames,
  // Bybit sends no pings: the client sends {"op":"ping"} (Bybit asks every 20 s, ccxt every 18) and Bybit answers.
};
