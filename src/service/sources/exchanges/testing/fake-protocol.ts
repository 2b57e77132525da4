// What a fake exchange (fake-exchange.ts) needs of one exchange's protocol: its REST answers, its WebSocket
// handshake and the native frames that carry trades. Each venue's is in venues/<name>.fake.ts; the fake
// server, the script of trades and the faults (drops, silence, an exchange down) are shared.

/** A trade as a test scripts it; the protocol writes it in the exchange's own format. */
export interface FakeTrade {
  /** The exchange's market id (FakeMarket.id). */
  pair: string;
  id: string;
  price: number;
  amount: number;
  /** The taker's side (the protocol turns it into the exchange's own convention, e.g. Binance's `m`). */
  side: "buy" | "sell";
  timeMs: number;
}

/** A market in the exchange's own spelling (Kraken's XBT, Bitfinex's UST, HTX's lower case...). */
export interface FakeMarket {
  id: string;
  base: string;
  quote: string;
}

/** The candle intervals the fakes serve: the minute of the recent day, the hour and the day behind it. */
export type FakeInterval = "1m" | "1h" | "1d";

export const INTERVAL_MS: Record<FakeInterval, number> = { "1m": 60_000, "1h": 3_600_000, "1d": 86_400_000 };

/** One candle: of a minute unless it says otherwise. */
export interface FakeCandle {
  pair: string;
  /** Default "1m". */
  interval?: FakeInterval;
  openMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface FakeState {
  readonly markets: readonly FakeMarket[];
  /** Every trade published or recorded, oldest first: the exchange's REST trade history. */
  readonly trades: readonly FakeTrade[];
  /** Every interval's candles (candlesOf picks one pair's of one interval). */
  readonly candles: readonly FakeCandle[];
  /** The exchange's clock (server time endpoints). */
  nowMs(): number;
  /** The origin the fake listens on (http://127.0.0.1:port), for answers that name a WebSocket address. */
  readonly origin: string;
}

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. "/api/v3/exchangeInfo". */
  path: string;
  query: URLSearchParams;
  body: string;
}

export interface FakeResponse {
  status?: number;
  /** Written as JSON; a string is written as it is (JSON text JSON.stringify cannot make, e.g. HTX's 27-digit ids). */
  body: unknown;
}

export interface FakeSocket {
  /** Path and query the client connected to. */
  readonly url: URL;
  send(frame: string | Buffer): void;
  /** The exchange's market ids this socket is subscribed to; the protocol adds and removes them. */
  readonly subscribed: Set<string>;
  /** The protocol's own state for this connection (ids, counters...). */
  readonly data: Record<string, unknown>;
  /** The protocol calls this when the client answered an application-level ping (counted by the fake). */
  ponged(): void;
}

export interface FakeProtocol {
  /** The answer to a REST request, or null (404). */
  rest(request: FakeRequest, state: FakeState): FakeResponse | null;
  /** A socket connected: send what the exchange sends first (welcome, info), if anything. */
  open?(socket: FakeSocket, state: FakeState): void;
  /** A client message: subscribe (answer as the exchange does, add to `subscribed`), pongs, ... */
  message(socket: FakeSocket, text: string, state: FakeState): void;
  /** The native frames that deliver `trades` (all of one pair, oldest first) to a subscriber. */
  tradeFrames(pair: string, trades: readonly FakeTrade[], socket: FakeSocket): (string | Buffer)[];
  /** Sends the exchange's application-level ping, where it has one (a WebSocket ping frame is sent anyway). */
  ping?(socket: FakeSocket): void;
}

/** One pair's candles of one interval, oldest first: what an exchange's candle endpoint reads from. */
export function candlesOf(state: FakeState, pair: string, interval: FakeInterval): FakeCandle[] {
  return state.candles
    .filter((c) => c.pair === pair && (c.interval ?? "1m") === interval)
    .sort((a, b) => a.openMs - b.openMs);
}

/** The interval an exchange's own name of it means (its candle parameter's values), or undefined. */
export function intervalOf(
  names: Readonly<Record<FakeInterval, string>>,
  value: string | null,
): FakeInterval | undefined {
  return (Object.keys(names) as FakeInterval[]).find((interval) => names[interval] === value);
}
