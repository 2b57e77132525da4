// Coinbase Exchange as a fake exchange speaks it: REST (/currencies, /products, /products/{id}/trades,
// /products/{id}/candles) and the WebSocket feed at the root path (subscribe to `matches` by product id; a
// `subscriptions` answer, a `last_match`, then one `match` per trade). In both, `side` names the MAKER's side.
// Shapes from Coinbase's Exchange API docs (docs.cdp.coinbase.com/exchange) and the fields ccxt's parser
// reads (node_modules/ccxt/js/src/coinbaseexchange.js); data shapes only.
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

const GRANULARITIES = [60, 300, 900, 3600, 21600, 86400];
/** The granularities (seconds) of the intervals the fakes keep; the others answer no candles. */
const INTERVALS: Record<FakeInterval, string> = { "1m": "60", "1h": "3600", "1d": "86400" };

function refusal(status: number, message: string): FakeResponse {
  return { status, body: { message } };
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The maker's side, which is what Coinbase writes: the taker bought from a seller. */
const makerSide = (t: FakeTrade): string => (t.side === "buy" ? "sell" : "buy");

function currencies(state: FakeState): unknown {
  const codes = [...new Set(state.markets.flatMap((m) => [m.base, m.quote]))];
  return codes.map((id) => ({
    id,
    name: id,
    min_size: "0.00000001",
    status: "online",
    message: "",
    max_precision: "0.00000001",
    convertible_to: [],
    details: { type: ["USD", "EUR"].includes(id) ? "fiat" : "crypto", symbol: "", sort_order: 1 },
    default_network: "",
    supported_networks: [],
  }));
}

function product(m: FakeMarket): unknown {
  return {
    id: m.id,
    base_currency: m.base,
    quote_currency: m.quote,
    quote_increment: "0.01",
    base_increment: "0.00000001",
    display_name: m.id.replace("-", "/"),
    min_market_funds: "1",
    margin_enabled: false,
    post_only: false,
    limit_only: false,
    cancel_only: false,
    status: "online",
    status_message: "",
    trading_disabled: false,
    fx_stablecoin: false,
    max_slippage_percentage: "0.02000000",
    auction_mode: false,
    high_bid_limit_percentage: "",
  };
}

/**
 * /products/{id}/trades: the newest `limit` (default 100, at most 1000), newest first; no time range, but
 * `after` a trade id gives the page before it.
 */
function trades(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const limit = Number(query.get("limit") ?? 100);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return refusal(400, "Invalid limit");
  // `after` a trade id: the page of trades before it (older), as Coinbase's cursor pagination does.
  const after = query.get("after");
  const ofPair = state.trades
    .filter((t) => t.pair === pair && (after === null || Number(t.id) < Number(after)))
    .slice(-limit);
  const body = ofPair.reverse().map((t) => ({
    time: iso(t.timeMs),
    trade_id: Number(t.id),
    price: String(t.price),
    size: String(t.amount),
    side: makerSide(t),
  }));
  return { body };
}

/** /products/{id}/candles: [time (s), low, high, open, close, volume], newest first, at most 300. */
function candles(pair: string, query: URLSearchParams, state: FakeState): FakeResponse {
  const granularity = Number(query.get("granularity"));
  if (!GRANULARITIES.includes(granularity)) return refusal(400, "Unsupported granularity");
  const start = query.get("start");
  const end = query.get("end");
  if ((start === null) !== (end === null)) return refusal(400, "start and end must both be given");
  const from = start ? Date.parse(start) : 0;
  const to = end ? Date.parse(end) : state.nowMs();
  if (Number.isNaN(from) || Number.isNaN(to)) return refusal(400, "Invalid start or end");
  if ((to - from) / (granularity * 1000) > 300)
    return refusal(400, "granularity too small for the requested time range");
  const interval = intervalOf(INTERVALS, String(granularity));
  const ofInterval = interval ? candlesOf(state, pair, interval) : [];
  const rows = ofInterval.filter((c) => c.openMs >= from && c.openMs <= to);
  const body = rows.reverse().map((c) => [c.openMs / 1000, c.low, c.high, c.open, c.close, c.volume]);
  return { body };
}

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  if (request.path === "/currencies") return { body: currencies(state) };
  if (request.path === "/products") return { body: state.markets.map(product) };
  if (request.path === "/time") return { body: { iso: iso(state.nowMs()), epoch: state.nowMs() / 1000 } };
  const match = /^\/products\/([^/]+)\/(trades|candles)$/.exec(request.path);
  if (!match) return null;
  const [, pair = "", what] = match;
  if (!state.markets.some((m) => m.id === pair)) return refusal(404, "NotFound");
  return what === "trades" ? trades(pair, request.query, state) : candles(pair, request.query, state);
}

function matchMessage(t: FakeTrade, sequence: number, type: "match" | "last_match"): string {
  return JSON.stringify({
    type,
    trade_id: Number(t.id),
    maker_order_id: `ac928c66-ca53-498f-9c13-a110027a${String(sequence).padStart(4, "0")}`,
    taker_order_id: `132fb6ae-456b-4654-b4e0-d681ac05${String(sequence).padStart(4, "0")}`,
    side: makerSide(t),
    size: String(t.amount),
    price: String(t.price),
    product_id: t.pair,
    sequence,
    time: iso(t.timeMs),
  });
}

function nextSequence(socket: FakeSocket): number {
  const sequence = ((socket.data.sequence as number | undefined) ?? 50_000_000) + 1;
  socket.data.sequence = sequence;
  return sequence;
}

function error(socket: FakeSocket, message: string, reason: string): void {
  socket.send(JSON.stringify({ type: "error", message, reason }));
}

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { type?: unknown; product_ids?: unknown; channels?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    error(socket, "Failed to parse message", "malformed JSON");
    return;
  }
  const { type, product_ids: ids, channels } = request;
  if (type !== "subscribe" && type !== "unsubscribe") {
    error(socket, "Failed to subscribe", `${String(type)} is not a valid message type`);
    return;
  }
  if (!Array.isArray(ids) || !Array.isArray(channels) || !channels.includes("matches")) {
    error(socket, "Failed to subscribe", "product_ids and channels (matches) are required");
    return;
  }
  const unknown = ids.find((id) => !state.markets.some((m) => m.id === id));
  if (unknown !== undefined) {
    error(socket, "Failed to subscribe", `${String(unknown)} is not a valid product`);
    return;
  }
  for (const id of ids as string[]) {
    if (type === "subscribe") socket.subscribed.add(id);
    else socket.subscribed.delete(id);
  }
  const subscribed = [...socket.subscribed];
  socket.send(
    JSON.stringify({ type: "subscriptions", channels: [{ name: "matches", product_ids: subscribed }] }),
  );
  if (type !== "subscribe") return;
  // Coinbase sends the product's last trade right after a subscribe: a replay of a trade already seen.
  for (const id of ids as string[]) {
    const last = state.trades.filter((t) => t.pair === id).at(-1);
    if (last) socket.send(matchMessage(last, nextSequence(socket), "last_match"));
  }
}

export const coinbaseProtocol: FakeProtocol = {
  rest,
  open(socket) {
    if (socket.url.pathname !== "/") error(socket, "Failed to connect", `no feed at ${socket.url.pathname}`);
  },
  message,
  tradeFrames: (_pair, trades, socket) => trades.map((t) => matchMessage(t, nextSequence(socket), "match")),
  // Coinbase sends no application-level ping; WebSocket ping frames only.
};
