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

/** One 1-minute candle. */
export interface FakeCandle {
  pair: string;
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
