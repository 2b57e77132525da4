// OKX v5 as a fake exchange speaks it: REST /api/v5 (public/instruments, market/trades, market/candles and
// market/history-candles; `{"code":"0","data":[...]}` or a non-zero code) and the public WebSocket at
// /ws/v5/public (`{"op":"subscribe","args":[{"channel":"trades","instId":"BTC-USDT"}]}`, an `event` answer, trades
// with the taker's side; the text "ping" answered with "pong"). Shapes from OKX's v5 API docs
// (www.okx.com/docs-v5/en) and the fields ccxt's parser reads (node_modules/ccxt/js/src/okx.js); data shapes only.
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

const ok = (data: unknown[]): FakeResponse => ({ body: { code: "0", msg: "", data } });
const failure = (code: string, msg: string, status = 200): FakeResponse => ({
  status,
  body: { code, msg, data: [] },
});

function instrument(m: FakeMarket): unknown {
  return {
    alias: "",
    baseCcy: m.base,
    category: "1",
    ctMult: "",
    ctType: "",
    ctVal: "",
    ctValCcy: "",
    expTime: "",
    instFamily: "",
    instId: m.id,
    instType: "SPOT",
    lever: "",
    listTime: "1606468572000",
    lotSz: "0.00000001",
    maxIcebergSz: "9999999999.0000000000000000",
    maxLmtAmt: "1000000",
    maxLmtSz: "9999999999",
    maxMktAmt: "1000000",
    maxMktSz: "1000000",
    maxStopSz: "1000000",
    maxTriggerSz: "9999999999.0000000000000000",
    maxTwapSz: "9999999999.0000000000000000",
    minSz: "0.00001",
    optType: "",
    quoteCcy: m.quote,
    ruleType: "normal",
    settleCcy: "",
    state: "live",
    stk: "",
    tickSz: "0.1",
    uly: "",
  };
}

/** /api/v5/market/trades: the newest `limit` (default 100, at most 500), newest first; no time range. */
function trades(instId: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const limit = Number(query.get("limit") ?? 100);
  if (!Number.isInteger(limit) || limit < 1) return failure("51000", "Parameter limit error");
  const rows = state.trades.filter((t) => t.pair === instId).slice(-Math.min(limit, 500));
  return ok(
    rows.reverse().map((t) => ({
      instId,
      side: t.side,
      sz: String(t.amount),
      px: String(t.price),
      source: "0",
      tradeId: t.id,
      ts: String(t.timeMs),
    })),
  );
}

/**
 * OKX's bars of the intervals the fakes keep: a day in UTC is 1Dutc (1D is a day in Hong Kong time, which
 * ccxt never asks for spot); other bars are refused.
 */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1m", "1h": "1H", "1d": "1Dutc" };

/**
 * Candles strictly between `before` and `after` (ms), newest first, at most `limit` (default 100, at most 300
 * for candles and, as ccxt 4.5.84 takes it, history-candles too: the one cap ccxt assumes, not re-checked).
 */
function candles(instId: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const interval = intervalOf(INTERVALS, query.get("bar") ?? "1m");
  if (!interval) return failure("51000", "Parameter bar error");
  const limit = Math.min(Number(query.get("limit") ?? 100), 300);
  const after = Number(query.get("after") ?? Number.MAX_SAFE_INTEGER);
  const before = Number(query.get("before") ?? 0);
  const rows = candlesOf(state, instId, interval).filter((c) => c.openMs < after && c.openMs > before);
  // Newest first: the `limit` nearest `after`.
  const kept = rows.reverse().slice(0, limit);
  return ok(
    kept.map((c) => [
      String(c.openMs),
      String(c.open),
      String(c.high),
      String(c.low),
      String(c.close),
      String(c.volume),
      String(c.volume * c.close),
      String(c.volume * c.close),
      "1",
    ]),
  );
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET" || !request.path.startsWith("/api/v5/")) return null;
  const path = request.path.slice("/api/v5".length);
  if (path === "/public/time") return ok([{ ts: String(state.nowMs()) }]);
  if (path === "/public/instruments") {
    const type = request.query.get("instType");
    if (type === null) return failure("50014", "Parameter instType can not be empty.", 400);
    return ok(type === "SPOT" ? state.markets.map(instrument) : []);
  }
  const known = ["/market/trades", "/market/candles", "/market/history-candles"];
  if (!known.includes(path)) return null;
  const instId = request.query.get("instId");
  if (instId === null) return failure("50014", "Parameter instId can not be empty.", 400);
  if (!state.markets.some((m) => m.id === instId)) return failure("51001", "Instrument ID doesn't exist.");
  if (path === "/market/trades") return trades(instId, request.query, state);
  return candles(instId, request.query, state);
}

function send(socket: FakeSocket, message: unknown): void {
  socket.send(JSON.stringify({ ...(message as object), connId: "a4d3ae55" }));
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  if (text === "ping") {
    socket.send("pong");
    return;
  }
  let request: { op?: unknown; args?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    send(socket, { event: "error", code: "60012", msg: `Illegal request: ${text}` });
    return;
  }
  const { op, args } = request;
  if ((op !== "subscribe" && op !== "unsubscribe") || !Array.isArray(args)) {
    send(socket, { event: "error", code: "60012", msg: `Illegal request: ${text}` });
    return;
  }
  for (const arg of args as { channel?: unknown; instId?: unknown }[]) {
    const market = state.markets.find((m) => m.id === arg?.instId);
    if (arg?.channel !== "trades" || !market) {
      const msg = `Wrong URL or channel:${String(arg?.channel)},instId:${String(arg?.instId)} doesn't exist`;
      send(socket, { event: "error", code: "60018", msg });
      continue;
    }
    if (op === "subscribe") socket.subscribed.add(market.id);
    else socket.subscribed.delete(market.id);
    send(socket, { event: op, arg: { channel: "trades", instId: market.id } });
  }
}

function tradeFrames(pair: string, trades: readonly FakeTrade[]): string[] {
  const data = trades.map((t) => ({
    instId: pair,
    tradeId: t.id,
    px: String(t.price),
    sz: String(t.amount),
    side: t.side,
    source: "0",
    ts: String(t.timeMs),
    count: "1",
  }));
  return [JSON.stringify({ arg: { channel: "trades", instId: pair }, data })];
}

export const okxProtocol: FakeProtocol = {
  rest,
  open(socket) {
    if (socket.url.pathname !== "/ws/v5/public") {
      send(socket, { event: "error", code: "60004", msg: `no channel at ${socket.url.pathname}` });
    }
  },
  message,
  tradeFrames,
  // OKX sends no pings: the client sends the text "ping" (ccxt every 18 s) and OKX answers "pong".
};
