// Bitfinex as a fake exchange speaks it: REST v2 (GET /v2/conf/<labels> for pairs and currencies,
// /v2/trades/t<PAIR>/hist, /v2/candles/trade:1m:t<PAIR>/hist; errors as ["error", code, message]) and the
// public WebSocket /ws/2 (an `info` event first, subscribe to `trades` by `t<PAIR>` answered by `subscribed`
// with a channel id, a snapshot of recent trades, then each trade as `te` and again as `tu`, array-shaped
// and signed by amount: positive the taker bought; unsubscribe by channel id; `ping` / `pong` events).
// Shapes from Bitfinex's v2 docs (docs.bitfinex.com: "Configs", "Trades", "Candles", "WS Public Trades",
// "WS General") and the fields ccxt's parser reads (node_modules/ccxt/js/src/bitfinex.js); data shapes only.
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

function refusal(code: number, msg: string): FakeResponse {
  return { status: 500, body: ["error", code, msg] };
}

const LABELS: Record<string, string> = { BTC: "Bitcoin", ETH: "Ethereum", USD: "US Dollar", EUR: "Euro" };
/** Bitfinex's own currency spellings, with the names it maps them to (pub:map:currency:sym). */
const SYMS: Record<string, string> = { UST: "USDt", UDC: "USDC" };

const codes = (state: FakeState): string[] => [...new Set(state.markets.flatMap((m) => [m.base, m.quote]))];

/** What each configuration label answers; a label not here is refused. */
const CONF: Record<string, (state: FakeState) => unknown> = {
  "pub:info:pair": (state) =>
    state.markets.map((m: FakeMarket) => [
      m.id,
      [null, null, null, "0.00004", "2000.0", null, null, null, 0.2, 0.1],
    ]),
  "pub:info:pair:futures": () => [],
  "pub:list:pair:securities": () => [],
  "pub:list:pair:margin": (state) => state.markets.map((m) => m.id),
  "pub:list:currency": (state) => codes(state),
  "pub:map:currency:sym": (state) => codes(state).flatMap((c) => (SYMS[c] ? [[c, SYMS[c]]] : [])),
  "pub:map:currency:label": (state) => codes(state).map((c) => [c, LABELS[c] ?? SYMS[c] ?? c]),
  "pub:map:currency:unit": () => [],
  "pub:map:currency:undl": () => [],
  "pub:map:currency:pool": (state) =>
    codes(state).flatMap((c) => (c === "UST" || c === "UDC" ? [[c, "ETH"]] : [])),
  "pub:map:currency:explorer": () => [],
  "pub:map:currency:tx:fee": (state) => codes(state).map((c) => [c, [0, 0.0004]]),
  "pub:map:tx:method": () => [],
  "pub:info:tx:status": () => [],
  "pub:list:currency:margin": (state) => codes(state),
};

/** A `t<PAIR>` symbol → the pair (BTCUSD, or TESTBTC:TESTUSD for longer codes), when it is listed. */
function pairOf(symbol: string | undefined, state: FakeState): string | undefined {
  if (!symbol?.startsWith("t")) return undefined;
  return state.markets.find((m) => m.id === symbol.slice(1))?.id;
}

const row = (t: FakeTrade): [number, number, number, number] => [
  Number(t.id),
  t.timeMs,
  t.side === "buy" ? t.amount : -t.amount,
  t.price,
];

/** Rows between `start` and `end` (ms), sorted by time (`sort` 1 oldest first, else newest first), `limit` of them. */
function window<T extends { at: number }>(
  rows: T[],
  query: URLSearchParams,
  limit: number,
  most: number,
): T[] | null {
  const wanted = Number(query.get("limit") ?? limit);
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > most) return null;
  const start = Number(query.get("start") ?? 0);
  const end = Number(query.get("end") ?? Number.MAX_SAFE_INTEGER);
  const inside = rows.filter((r) => r.at >= start && r.at <= end).sort((a, b) => a.at - b.at);
  return query.get("sort") === "1" ? inside.slice(0, wanted) : inside.reverse().slice(0, wanted);
}

/** Bitfinex's time frames of the intervals the fakes keep (a day is 1D). */
const INTERVALS: Record<FakeInterval, string> = { "1m": "1m", "1h": "1h", "1d": "1D" };

function rest(request: FakeRequest, state: FakeState): FakeResponse | null {
  if (request.method !== "GET") return null;
  const path = decodeURIComponent(request.path);
  if (path.startsWith("/v2/conf/")) {
    const labels = path.slice("/v2/conf/".length).split(",");
    if (labels.some((l) => !CONF[l])) return refusal(10020, "conf: invalid");
    return { body: labels.map((l) => CONF[l]?.(state)) };
  }
  const trades = /^\/v2\/trades\/([^/]+)\/hist$/.exec(path);
  const candles = /^\/v2\/candles\/trade:([^:]+):([^/]+)\/hist$/.exec(path);
  const pair = pairOf(trades?.[1] ?? candles?.[2], state);
  if (!trades && !candles) return null;
  if (!pair) return refusal(10020, "symbol: invalid");
  if (trades) {
    const rows = state.trades.filter((t) => t.pair === pair).map((t) => ({ at: t.timeMs, t }));
    const picked = window(rows, request.query, 125, 10_000);
    return picked ? { body: picked.map((r) => row(r.t)) } : refusal(10020, "limit: invalid");
  }
  const interval = intervalOf(INTERVALS, candles?.[1] ?? null);
  if (!interval) return refusal(10020, "time_frame: invalid");
  const rows = candlesOf(state, pair, interval).map((c) => ({ at: c.openMs, c }));
  const picked = window(rows, request.query, 100, 10_000);
  if (!picked) return refusal(10020, "limit: invalid");
  return { body: picked.map(({ c }) => [c.openMs, c.open, c.close, c.high, c.low, c.volume]) };
}

function send(socket: FakeSocket, value: unknown): void {
  socket.send(JSON.stringify(value));
}

/** The socket's channels: pair → channel id. */
function channels(socket: FakeSocket): Map<string, number> {
  socket.data.channels ??= new Map<string, number>();
  return socket.data.channels as Map<string, number>;
}

let channelIds = 17_000;

function message(socket: FakeSocket, text: string, state: FakeState): void {
  let request: { event?: unknown; channel?: unknown; symbol?: unknown; chanId?: unknown; cid?: unknown };
  try {
    request = JSON.parse(text);
  } catch {
    send(socket, { event: "error", msg: "invalid json", code: 10000 });
    return;
  }
  const { event } = request;
  if (event === "ping") {
    send(socket, { event: "pong", ts: state.nowMs(), cid: request.cid });
    return;
  }
  if (event === "unsubscribe") {
    const entry = [...channels(socket)].find(([, id]) => String(id) === String(request.chanId));
    if (!entry) {
      send(socket, { event: "error", msg: "unsubscribe: invalid", code: 10400, chanId: request.chanId });
      return;
    }
    channels(socket).delete(entry[0]);
    socket.subscribed.delete(entry[0]);
    send(socket, { event: "unsubscribed", status: "OK", chanId: entry[1] });
    return;
  }
  if (event !== "subscribe") {
    send(socket, { event: "error", msg: "event: invalid", code: 10000 });
    return;
  }
  const symbol = typeof request.symbol === "string" ? request.symbol : undefined;
  const pair = pairOf(symbol, state);
  if (request.channel !== "trades" || !pair) {
    send(socket, { event: "error", msg: "symbol: invalid", code: 10300, channel: request.channel, symbol });
    return;
  }
  if (channels(socket).has(pair)) {
    send(socket, { event: "error", msg: "subscribe: dup", code: 10301, channel: "trades", symbol });
    return;
  }
  channelIds += 1;
  channels(socket).set(pair, channelIds);
  socket.subscribed.add(pair);
  send(socket, { event: "subscribed", channel: "trades", chanId: channelIds, symbol, pair });
  // The snapshot: the pair's most recent trades, newest first.
  const recent = state.trades.filter((t) => t.pair === pair).slice(-30);
  send(socket, [channelIds, recent.reverse().map(row)]);
}

function tradeFrames(pair: string, trades: readonly FakeTrade[], socket: FakeSocket): string[] {
  const chanId = channels(socket).get(pair);
  if (chanId === undefined) return [];
  // Each trade twice: `te` at execution, `tu` once it is written (the same id on the public stream).
  return trades.flatMap((t) => [
    JSON.stringify([chanId, "te", row(t)]),
    JSON.stringify([chanId, "tu", row(t)]),
  ]);
}

export const bitfinexProtocol: FakeProtocol = {
  rest,
  open(socket) {
    if (socket.url.pathname !== "/ws/2") {
      send(socket, { event: "error", msg: "not found", code: 10000 });
      return;
    }
    send(socket, {
      event: "info",
      version: 2,
      serverId: "e293377e-7bb7-427e-b28c-5db045b2c1d1",
      platform: { status: 1 },
    });
  },
  message,
  tradeFrames,
  // Bitfinex sends `[chanId, "hb"]` heartbeats on quiet channels (nothing to answer) and pings with
  // WebSocket ping frames; a client may send a `ping` event, answered above.
};
