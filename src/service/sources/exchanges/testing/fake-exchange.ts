// A fake exchange on loopback for the tests: one HTTP server (REST) with a WebSocket endpoint on the same
// origin, speaking one exchange's own protocol (a FakeProtocol, venues/<name>.fake.ts). A test scripts it:
// trades published to subscribers in native frames (and kept for REST), trades only REST knows (missed
// while a socket was down), dropped connections, an exchange down, pings. A test may also have it answer a
// REST path with a recorded answer of the real exchange (RecordedAnswer) in place of the protocol's own, so
// that ccxt's parsing and ours run over what the exchange really sent.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";
import type {
  FakeCandle,
  FakeMarket,
  FakeProtocol,
  FakeRequest,
  FakeSocket,
  FakeState,
  FakeTrade,
} from "./fake-protocol.ts";

/** An answer the exchange really gave (ccxt's recorded responses), served for a REST path as it is. */
export interface RecordedAnswer {
  /** Path without the query, e.g. "/api/v3/klines"; matched exactly. */
  path: string;
  /** Default GET. */
  method?: string;
  /** Query parameters the request must carry with these values (others are not looked at). */
  query?: Readonly<Record<string, string>>;
  /** Default 200. */
  status?: number;
  /** Written as JSON; a string is written as it is. */
  body: unknown;
}

export interface FakeExchangeOptions {
  markets: FakeMarket[];
  candles?: FakeCandle[];
  /** The exchange's clock; default Date.now. */
  nowMs?: () => number;
  /** Consulted before the protocol's `rest`: the first that matches a request answers it. */
  recorded?: readonly RecordedAnswer[];
}

/** The first recorded answer for `request`, or undefined (the protocol answers). */
function recordedFor(
  request: FakeRequest,
  recorded: readonly RecordedAnswer[] | undefined,
): RecordedAnswer | undefined {
  return recorded?.find(
    (answer) =>
      answer.path === request.path &&
      (answer.method ?? "GET") === request.method &&
      Object.entries(answer.query ?? {}).every(([key, value]) => request.query.get(key) === value),
  );
}

interface Connection {
  ws: WebSocket;
  socket: FakeSocket;
}

export class FakeExchange {
  /** http://127.0.0.1:<port>: what EXCHANGE_HOSTS names for this exchange. */
  readonly origin: string;
  /** Every REST request, "GET /path?query", in arrival order. */
  readonly requests: string[] = [];
  /** The REST requests a recorded answer answered, "GET /path?query", in arrival order. */
  readonly servedRecorded: string[] = [];
  /** Client messages received over WebSocket, in arrival order. */
  readonly received: string[] = [];
  /** Application-level and WebSocket pongs received. */
  pongs = 0;
  /** Connections accepted so far (a reconnect adds one). */
  connections = 0;
  /** While true, REST answers 503 and WebSocket connections are refused. */
  down = false;

  private readonly trades: FakeTrade[] = [];
  private readonly candles: FakeCandle[];
  private readonly open = new Set<Connection>();
  private readonly state: FakeState;
  private readonly waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    private readonly protocol: FakeProtocol,
    options: FakeExchangeOptions,
  ) {
    const port = (server.address() as AddressInfo).port;
    this.origin = `http://127.0.0.1:${port}`;
    this.candles = [...(options.candles ?? [])];
    const nowMs = options.nowMs ?? Date.now;
    const trades = this.trades;
    const candles = this.candles;
    const origin = this.origin;
    this.state = { markets: options.markets, trades, candles, nowMs, origin };
  }

  static async start(protocol: FakeProtocol, options: FakeExchangeOptions): Promise<FakeExchange> {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const fake = new FakeExchange(server, wss, protocol, options);
    server.on("request", (req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
      });
      req.on("end", () => {
        const url = new URL(req.url ?? "/", fake.origin);
        const line = `${req.method} ${url.pathname}${url.search}`;
        fake.requests.push(line);
        if (fake.down) {
          res.writeHead(503, { "content-type": "text/plain" }).end("down");
          return;
        }
        const request: FakeRequest = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: url.searchParams,
          body,
        };
        const recorded = recordedFor(request, options.recorded);
        if (recorded) fake.servedRecorded.push(line);
        const answer = recorded ?? protocol.rest(request, fake.state);
        const status = answer ? (answer.status ?? 200) : 404;
        const answered = answer ? answer.body : { error: "not found" };
        const text = typeof answered === "string" ? answered : JSON.stringify(answered);
        res.writeHead(status, { "content-type": "application/json" }).end(text);
      });
    });
    server.on("upgrade", (req: IncomingMessage, socket, head) => {
      if (fake.down) {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => fake.accept(ws, new URL(req.url ?? "/", fake.origin)));
    });
    return fake;
  }

  private accept(ws: WebSocket, url: URL): void {
    this.connections += 1;
    const socket: FakeSocket = {
      url,
      send: (frame) => {
        if (ws.readyState === ws.OPEN) ws.send(frame);
      },
      subscribed: new Set(),
      data: {},
      ponged: () => {
        this.pongs += 1;
      },
    };
    const connection = { ws, socket };
    this.open.add(connection);
    ws.on("pong", () => {
      this.pongs += 1;
    });
    ws.on("message", (data, isBinary) => {
      const text = isBinary ? Buffer.from(data as Buffer).toString("utf8") : String(data);
      this.received.push(text);
      this.protocol.message(socket, text, this.state);
      this.wake();
    });
    ws.on("close", () => {
      this.open.delete(connection);
      this.wake();
    });
    ws.on("error", () => this.open.delete(connection));
    this.protocol.open?.(socket, this.state);
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Resolves once `pair` has at least `count` subscribed sockets (after a reconnect: the new one). */
  async subscribed(pair: string, count = 1, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.subscribers(pair).length < count) {
      if (Date.now() > deadline) throw new Error(`no subscription to ${pair} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Open sockets subscribed to `pair` now (0 after an unsubscribe). */
  subscriberCount(pair: string): number {
    return this.subscribers(pair).length;
  }

  private subscribers(pair: string): Connection[] {
    return [...this.open].filter((c) => c.socket.subscribed.has(pair));
  }

  /** Trades happen: kept for REST and sent to every subscriber of their pair, in native frames. */
  publish(trades: readonly FakeTrade[]): void {
    this.record(trades);
    this.send(trades);
  }

  /** Sends trades to subscribers without keeping them again (a duplicate, a replay, a reordering). */
  send(trades: readonly FakeTrade[]): void {
    for (const [pair, ofPair] of groupByPair(trades)) {
      for (const { socket } of this.subscribers(pair)) {
        for (const frame of this.protocol.tradeFrames(pair, ofPair, socket)) socket.send(frame);
      }
    }
  }

  /** Trades only the REST history knows (they happened while no socket listened). */
  record(trades: readonly FakeTrade[]): void {
    this.trades.push(...trades);
  }

  addCandles(candles: readonly FakeCandle[]): void {
    this.candles.push(...candles);
  }

  /** Closes every WebSocket abruptly, as a network fault or a 24-hour disconnect does. */
  dropConnections(): void {
    for (const { ws } of this.open) ws.terminate();
    this.open.clear();
  }

  /** Sends a WebSocket ping frame and the exchange's own ping (if it has one) to every connection. */
  ping(): void {
    for (const { ws, socket } of this.open) {
      ws.ping();
      this.protocol.ping?.(socket);
    }
  }

  get openConnections(): number {
    return this.open.size;
  }

  async close(): Promise<void> {
    this.dropConnections();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function groupByPair(trades: readonly FakeTrade[]): Map<string, FakeTrade[]> {
  const byPair = new Map<string, FakeTrade[]>();
  for (const trade of trades) {
    const list = byPair.get(trade.pair) ?? [];
    list.push(trade);
    byPair.set(trade.pair, list);
  }
  return byPair;
}
