// Binance spot as a fake exchange speaks it: REST /api/v3 (exchangeInfo, trades, klines) and the raw-stream
// WebSocket (/ws, SUBSCRIBE/UNSUBSCRIBE by `<pair lower case>@trade`, one trade per `trade` event).
// Shapes from Binance's spot API docs (developers.binance.com, "General API information", "Market data
// endpoints", "WebSocket streams") and the fields ccxt's parser reads (node_modules/ccxt/js/src/binance.js); data shapes only. Binance refuses parameters an endpoint does not read (-1104), which
// is what makes `since` unusable on /api/v3/trades; the fake refuses them the same way.
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
  INTERVAL_MS,
  intervalOf,
} from "../../testing/fake-protocol.ts";

/** Binance's error body: HTTP 400 with its numeric code. */
function refusal(code: number, msg: string): FakeResponse {
  return { status: 400, body: { code, msg } };
}

/** The parameters each endpoint reads; any other one is refused as Binance does (-1104). */
const READS: Record<string, readonly string[]> = {
  "/api/v3/exchangeInfo": ["symbol", "symbols", "permissions", "showPermissionSets", "symbolStatus"],
  "/api/v3/trades": ["symbol", "limit"],
  "/api/v3/klines": ["symbol", "interval", "startTime", "endTime", "timeZone", "limit"],
  "/api/v3/time": [],
};

function exchangeInfo(state: FakeState): unknown {
  return {
    timezone: "UTC",
    serverTime: state.nowMs(),
    rateLimits: [{ rateLimitType: "REQUEST_WEIGHT", interval: "MINUTE", intervalNum: 1, limit: 6000 }],
    exchangeFilters: [],
    symbols: state.markets.map((m) => ({
      symbol: m.id,
      status: "TRADING",
      baseAsset: m.base,
      baseAssetPrecision: 8,
      quoteAsset: m.quote,
      quotePrecision: 8,
      quoteAssetPrecision: 8,
      baseCommissionPrecision: 8,
      quoteCommissionPrecision: 8,
      orderTypes: ["LIMIT", "LIMIT_MAKER", "MARKET", "STOP_LOSS_LIMIT", "TAKE_PROFIT_LIMIT"],
      icebergAllowed: true,
      ocoAllowed: true,
      quoteOrderQtyMarketAllowed: true,
      allowTrailingStop: true,
      cancelReplaceAllowed: true,
      isSpotTradingAllowed: true,
      isMarginTradingAllowed: false,
      filters: [
        {
          filterType: "PRICE_FILTER",
          minPrice: "0.01000000",
          maxPrice: "1000000.00000000",
          tickSize: "0.01000000",
        },
        { filterType: "LOT_SIZE", minQty: "0.00001000", maxQty: "9000.00000000", stepSize: "0.00001000" },
        {
          filterType: "NOTIONAL",
          minNotional: "5.00000000",
          applyMinToMarket: true,
          maxNotional: "9000000.00000000",
        },
      ],
      permissions: [],
      permissionSets: [["SPOT"]],
      defaultSelfTradePreventionMode: "EXPIRE_MAKER",
      allowedSelfTradePreventionModes: ["EXPIRE_TAKER", "EXPIRE_MAKER", "EXPIRE_BOTH"],
    })),
  };
}

/** /api/v3/trades: the newest `limit` trades (default 500, at most 1000), oldest first. */
function recentTrades(pair: string, limit: number, state: FakeState): unknown {
  const ofPair = state.trades.filter((t) => t.pair === pair).slice(-limit);
  return ofPair.map((t) => ({
    id: Number(t.id),
    price: String(t.price),
    qty: String(t.amount),
    quoteQty: String(t.price * t.amount),
    time: t.timeMs,
    isBuyerMaker: t.side === "sell",
    isBestMatch: true,
  }));
}

/** Binance's names of the intervals the fakes serve (it has more). */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1m", "1h": "1h", "1d": "1d" };

function klines(pair: string, interval: FakeInterval, query: URLSearchParams, state: FakeState): unknown {
  const start = Number(query.get("startTime") ?? 0);
  const end = Number(query.get("endTime") ?? Number.MAX_SAFE_INTEGER);
  const limit = Math.min(Number(query.get("limit") ?? 500), 1000);
  const rows = candlesOf(state, pair, interval).filter((c) => c.openMs >= start && c.openMs <= end);
  return rows
    .slice(0, limit)
    .map((c: FakeCandle) => [
      c.openMs,
      String(c.open),
      String(c.high),
      String(c.low),
      String(c.close),
      String(c.volume),
      c.openMs + INTERVAL_MS[interval] - 1,
      String(c.volume * c.close),
      1,
      "0",
      "0",
      "0",
    ]);
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  const reads = READS[request.path];
  if (!reads || request.method !== "GET") return null;
  const sent = [...request.query.keys()];
  const unread = sent.filter((k) => !reads.includes(k));
  if (unread.length > 0) {
    const read = sent.length - unread.length;
    return refusal(
      -1104,
      `Not all sent parameters were read; read '${read}' parameter(s) but was sent '${sent.length}'.`,
    );
  }
  if (request.path === "/api/v3/exchangeInfo") return { body: exchangeInfo(state) };
  if (request.path === "/api/v3/time") return { body: { serverTime: state.nowMs() } };
  const pair = request.query.get("symbol");
  if (!pair)
    return refusal(-1102, "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.");
  if (!state.markets.some((m) => m.id === pair)) return refusal(-1121, "Invalid symbol.");
  if (request.path === "/api/v3/trades") {
    const limit = Number(request.query.get("limit") ?? 500);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      return refusal(-1100, "Illegal characters found in parameter 'limit'.");
    return { body: recentTrades(pair, limit, state) };
  }
  const interval = intervalOf(INTERVALS, request.query.get("interval"));
  if (!interval) return refusal(-1120, "Invalid interval.");
  return { body: klines(pair, interval, request.query, state) };
}

/** `btcusdt@trade` → the market id BTCUSDT, when the stream names a listed market in lower case. */
function pairOfStream(stream: unknown, state: FakeState): string | undefined {
  if (typeof stream !== "string" || !stream.endsWith("@trade")) return undefined;
  const name = stream.slice(0, -"@trade".length);
  if (name !== name.toLowerCase()) return undefined;
  return state.markets.find((m) => m.id.toLowerCase() === name)?.id;
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { method?: unknown; params?: unknown; id?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    socket.send(
      JSON.stringify({ error: { code: 3, msg: "Invalid JSON: expected value at line 1 column 1" } }),
    );
    return;
  }
  const { method, params, id } = request;
  if (!Number.isInteger(id) || (id as number) < 0) {
    socket.send(
      JSON.stringify({
        error: { code: 2, msg: "Invalid request: request ID must be an unsigned integer" },
        id: null,
      }),
    );
    return;
  }
  if ((method !== "SUBSCRIBE" && method !== "UNSUBSCRIBE") || !Array.isArray(params)) {
    socket.send(JSON.stringify({ error: { code: 2, msg: "Invalid request: unknown variable" }, id }));
    return;
  }
  // Binance acknowledges a stream it does not have and then sends nothing on it; so does the fake.
  for (const stream of params) {
    const pair = pairOfStream(stream, state);
    if (!pair) continue;
    if (method === "SUBSCRIBE") socket.subscribed.add(pair);
    else socket.subscribed.delete(pair);
  }
  socket.send(JSON.stringify({ result: null, id }));
}

function tradeFrames(pair: string, trades: readonly FakeTrade[]): string[] {
  return trades.map((t) =>
    JSON.stringify({
      e: "trade",
      E: t.timeMs + 1,
      s: pair,
      t: Number(t.id),
      p: String(t.price),
      q: String(t.amount),
      T: t.timeMs,
      // `m`: the buyer was the maker, so the taker sold.
      m: t.side === "sell",
      M: true,
    }),
  );
}

export const binanceProtocol: FakeProtocol = {
  rest,
  open(socket) {
    // Binance serves raw streams under /ws (ccxt connects to /ws/<n>); any other path is not a stream.
    if (!/^\/ws(\/|$)/.test(socket.url.pathname))
      socket.send(JSON.stringify({ error: { code: 2, msg: "Invalid request" } }));
  },
  message,
  tradeFrames,
  // Binance pings with WebSocket ping frames only (every 20 s), which the fake server sends anyway.
};
