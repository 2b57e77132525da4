// Kraken as a fake exchange speaks it: REST /0/public (Assets, AssetPairs, Trades, OHLC; errors as
// `{"error":["EQuery:..."]}` with HTTP 200) and WebSocket v2 at /v2 (subscribe to `trade` by the v2 symbol,
// BTC/USD, not the REST names XXBTZUSD or XBT/USD; a snapshot of recent trades on every subscribe, then
// updates of several trades; `{"method":"ping"}` answered with a pong). Shapes from Kraken's API docs
// (docs.kraken.com/api, spot REST and WebSocket v2) and the fields ccxt's parser reads (node_modules/ccxt/js/src/kraken.js); data shapes only.
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

/** Kraken's REST asset id → its short name: XXBT → XBT, ZUSD → USD, USDT stays. */
const altname = (asset: string): string =>
  asset.length === 4 && /^[XZ]/.test(asset) ? asset.slice(1) : asset;

/** The v2 WebSocket's names for the assets whose REST names differ. */
const V2_NAMES: Record<string, string> = { XBT: "BTC", XDG: "DOGE" };

/** The pair as WebSocket v2 names it: BTC/USD. */
export function krakenV2Symbol(market: FakeMarket): string {
  const v2 = (asset: string): string => {
    const short = altname(asset);
    return V2_NAMES[short] ?? short;
  };
  return `${v2(market.base)}/${v2(market.quote)}`;
}

/** Kraken writes microseconds: 2023-09-25T07:49:37.708706Z. */
const rfc3339 = (ms: number): string => new Date(ms).toISOString().replace("Z", "000Z");

const failure = (error: string): FakeResponse => ({ body: { error: [error], result: {} } });
const success = (result: unknown): FakeResponse => ({ body: { error: [], result } });

function assets(state: FakeState): unknown {
  const ids = [...new Set(state.markets.flatMap((m) => [m.base, m.quote]))];
  const entry = (id: string) => ({
    aclass: "currency",
    altname: altname(id),
    decimals: 10,
    display_decimals: 5,
    collateral_value: 1,
    status: "enabled",
  });
  return Object.fromEntries(ids.map((id) => [id, entry(id)]));
}

function assetPairs(state: FakeState): unknown {
  const entry = (m: FakeMarket) => ({
    altname: `${altname(m.base)}${altname(m.quote)}`,
    wsname: `${altname(m.base)}/${altname(m.quote)}`,
    aclass_base: "currency",
    base: m.base,
    aclass_quote: "currency",
    quote: m.quote,
    lot: "unit",
    cost_decimals: 5,
    pair_decimals: 1,
    lot_decimals: 8,
    lot_multiplier: 1,
    leverage_buy: [],
    leverage_sell: [],
    fees: [[0, 0.4]],
    fees_maker: [[0, 0.25]],
    fee_volume_currency: "ZUSD",
    margin_call: 80,
    margin_stop: 40,
    ordermin: "0.00005",
    costmin: "0.5",
    tick_size: "0.1",
    status: "online",
  });
  return Object.fromEntries(state.markets.map((m) => [m.id, entry(m)]));
}

/** /0/public/Trades: up to `count` (default and at most 1000) trades since `since` (seconds), oldest first. */
function trades(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const sinceSeconds = Number(query.get("since") ?? 0);
  const count = Number(query.get("count") ?? 1000);
  if (!Number.isFinite(sinceSeconds) || !Number.isInteger(count) || count < 1)
    return failure("EGeneral:Invalid arguments");
  const rows = state.trades
    .filter((t) => t.pair === pair && t.timeMs / 1000 >= sinceSeconds)
    .slice(0, Math.min(count, 1000));
  const last = rows.at(-1);
  return success({
    [pair]: rows.map((t) => [
      String(t.price),
      String(t.amount),
      t.timeMs / 1000,
      t.side === "sell" ? "s" : "b",
      "m",
      "",
      Number(t.id),
    ]),
    last: String((last ? last.timeMs : sinceSeconds * 1000) * 1_000_000),
  });
}

/** Kraken's intervals in minutes. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1", "1h": "60", "1d": "1440" };

/**
 * /0/public/OHLC: candles opened after `since` (seconds), of the newest 720 of the interval only, as Kraken
 * keeps (hourly candles reach back 30 days, daily ones about two years).
 */
function ohlc(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const interval = intervalOf(INTERVALS, query.get("interval"));
  if (!interval) return failure("EGeneral:Invalid arguments");
  const since = Number(query.get("since") ?? 0);
  const kept = candlesOf(state, pair, interval).slice(-720);
  const rows = kept.filter((c) => c.openMs / 1000 > since);
  return success({
    [pair]: rows.map((c) => [
      c.openMs / 1000,
      String(c.open),
      String(c.high),
      String(c.low),
      String(c.close),
      String(c.close),
      String(c.volume),
      1,
    ]),
    last: (rows.at(-1)?.openMs ?? since * 1000) / 1000,
  });
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  if (request.path === "/0/public/Assets") return success(assets(state));
  if (request.path === "/0/public/AssetPairs") return success(assetPairs(state));
  if (request.path === "/0/public/Time") {
    const now = state.nowMs();
    return success({ unixtime: Math.floor(now / 1000), rfc1123: new Date(now).toUTCString() });
  }
  if (request.path !== "/0/public/Trades" && request.path !== "/0/public/OHLC") return null;
  const pair = request.query.get("pair");
  if (!pair || !state.markets.some((m) => m.id === pair)) return failure("EQuery:Unknown asset pair");
  return request.path === "/0/public/Trades"
    ? trades(pair, request.query, state)
    : ohlc(pair, request.query, state);
}

function tradeMessage(type: "snapshot" | "update", symbol: string, trades: readonly FakeTrade[]): string {
  const data = trades.map((t) => ({
    symbol,
    side: t.side,
    price: t.price,
    qty: t.amount,
    ord_type: "market",
    trade_id: Number(t.id),
    timestamp: rfc3339(t.timeMs),
  }));
  return JSON.stringify({ channel: "trade", type, data });
}

function answer(socket: FakeSocket, fields: Record<string, unknown>): void {
  const time = rfc3339(Date.now());
  socket.send(JSON.stringify({ ...fields, time_in: time, time_out: time }));
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { method?: unknown; params?: { channel?: unknown; symbol?: unknown }; req_id?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    answer(socket, { error: "Malformed request", success: false });
    return;
  }
  const { method, params, req_id } = request;
  if (method === "ping") {
    answer(socket, { method: "pong", req_id });
    return;
  }
  if (method !== "subscribe" && method !== "unsubscribe") {
    answer(socket, { error: "Method not found", method, req_id, success: false });
    return;
  }
  if (params?.channel !== "trade" || !Array.isArray(params.symbol)) {
    answer(socket, { error: "Unsupported field: channel or symbol", method, req_id, success: false });
    return;
  }
  for (const symbol of params.symbol) {
    const market = state.markets.find((m) => krakenV2Symbol(m) === symbol);
    if (!market) {
      answer(socket, {
        error: `Currency pair not supported ${String(symbol)}`,
        method,
        req_id,
        symbol,
        success: false,
      });
      continue;
    }
    const result = { channel: "trade", symbol };
    if (method === "unsubscribe") {
      socket.subscribed.delete(market.id);
      answer(socket, { method, req_id, result, success: true });
      continue;
    }
    socket.subscribed.add(market.id);
    socket.data[market.id] = symbol;
    answer(socket, { method, req_id, result: { ...result, snapshot: true }, success: true });
    // Kraken replays the pair's latest trades (up to 50) on every subscribe.
    const recent = state.trades.filter((t) => t.pair === market.id).slice(-50);
    if (recent.length > 0) socket.send(tradeMessage("snapshot", symbol, recent));
  }
}

export const krakenProtocol: FakeProtocol = {
  rest,
  open(socket) {
    if (socket.url.pathname !== "/v2") {
      answer(socket, { error: `no WebSocket API at ${socket.url.pathname}`, success: false });
      return;
    }
    const status = { api_version: "v2", connection_id: 1, system: "online", version: "2.0.10" };
    socket.send(JSON.stringify({ channel: "status", type: "update", data: [status] }));
  },
  message,
  // The v2 symbol a socket subscribed the pair under, kept by `message`.
  tradeFrames: (pair, trades, socket) => [tradeMessage("update", String(socket.data[pair]), trades)],
  // Kraken sends heartbeats, not pings: the client pings ({"method":"ping"}) and Kraken answers.
};
