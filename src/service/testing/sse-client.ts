// A live stream's reader for tests: opens GET /v1/stream over node:http, parses its events with
// eventsource-parser (as the dashboard does) and lets a test wait for the events it expects, pause reading
// (a stalled reader) or close. followStream reconnects as EventSource does, with Last-Event-ID.
import { type ClientRequest, request } from "node:http";
import { createParser, type EventSourceMessage } from "eventsource-parser";

export interface ReadEvent {
  id: string | undefined;
  event: string;
  data: Record<string, unknown>;
}

export interface StreamReader {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body of a refusal (the error record), else "". */
  refusal: string;
  events: ReadEvent[];
  /** When each of `events` was read (Date.now(), ms): the same index. */
  arrivals: number[];
  /** The comment lines read (the heartbeat), each with when it was read. */
  comments: { text: string; at: number }[];
  /** When the request was sent (Date.now(), ms). */
  requestedAt: number;
  /** Bytes read so far. */
  bytes: number;
  /** The reconnection time the service last asked for (a `retry:` line), in ms. */
  retry: number | null;
  /** Whether the response was cut before its end (the server or a proxy went away); set once ended. */
  cut: boolean;
  /** When it ended (Date.now(), ms), null while open. */
  endedAt: number | null;
  ended: Promise<void>;
  /** Resolves with the first event (already read or to come) that matches. */
  next(match: (event: ReadEvent) => boolean, timeoutMs?: number): Promise<ReadEvent>;
  pause(): void;
  resume(): void;
  close(): void;
}

export interface StreamOptions {
  /** The server's address (default localhost). */
  host?: string;
  /** Called with each event as it is read. */
  onEvent?: (event: ReadEvent) => void;
}

export function openStream(
  port: number,
  query: string,
  headers: Record<string, string> = {},
  options: StreamOptions = {},
): Promise<StreamReader> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    const waiting: { match: (e: ReadEvent) => boolean; resolve: (e: ReadEvent) => void }[] = [];
    const requestedAt = Date.now();
    req = request({ host: options.host, port, path: `/v1/stream?${query}`, headers }, (res) => {
      let endedResolve: () => void = () => undefined;
      const reader: StreamReader = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        refusal: "",
        events: [],
        arrivals: [],
        comments: [],
        requestedAt,
        bytes: 0,
        retry: null,
        cut: false,
        endedAt: null,
        ended: new Promise<void>((done) => {
          endedResolve = done;
        }),
        next(match, timeoutMs = 10_000) {
          const found = reader.events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () =>
                fail(
                  new Error(
                    `no such event within ${timeoutMs} ms; read: ${JSON.stringify(reader.events.map((e) => e.event))}`,
                  ),
                ),
              timeoutMs,
            );
            waiting.push({
              match,
              resolve: (e) => {
                clearTimeout(timer);
                done(e);
              },
            });
          });
        },
        pause: () => res.pause(),
        resume: () => res.resume(),
        close: () => req.destroy(),
      };
      const parser = createParser({
        onRetry(ms: number) {
          reader.retry = ms;
        },
        onComment(comment: string) {
          reader.comments.push({ text: comment, at: Date.now() });
        },
        onEvent(message: EventSourceMessage) {
          const event = { id: message.id, event: message.event ?? "message", data: JSON.parse(message.data) };
          reader.events.push(event);
          reader.arrivals.push(Date.now());
          options.onEvent?.(event);
          for (const w of [...waiting]) {
            if (w.match(event)) {
              waiting.splice(waiting.indexOf(w), 1);
              w.resolve(event);
            }
          }
        },
      });
      const ended = () => {
        reader.endedAt ??= Date.now();
        reader.cut = !res.complete;
        endedResolve();
      };
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        reader.bytes += Buffer.byteLength(chunk);
        if (reader.status === 200) parser.feed(chunk);
        else reader.refusal += chunk;
      });
      // A response cut short ("aborted") ends the stream as its end does; the reader tells which (`cut`).
      res.on("error", () => undefined);
      res.on("end", ended);
      res.on("close", ended);
      if (reader.status === 200) resolve(reader);
      else res.on("end", () => resolve(reader));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A reader that reconnects as EventSource does: one stream over as many connections as it takes. */
export interface StreamFollower {
  /** Each connection's reader, the open one last. */
  connections: StreamReader[];
  /** The events of every connection in the order read, each with its connection's index. */
  events: (ReadEvent & { connection: number })[];
  /** Connection attempts that failed or were refused, with why. */
  failures: string[];
  /** Resolves with the reader of connection `n` (0 the first) once it is open. */
  connection(n: number, timeoutMs?: number): Promise<StreamReader>;
  /** Stops reconnecting and closes the open connection. */
  close(): Promise<void>;
}

/**
 * Follows a stream across its ends: when a connection ends (cut, or ended with a `retry:` hint), it
 * reconnects after the hint (else `reconnectMs`) with Last-Event-ID, the newest id read, as EventSource does.
 */
export function followStream(
  port: number,
  query: string,
  headers: Record<string, string>,
  options: { host?: string; reconnectMs?: number } = {},
): StreamFollower {
  const reconnectMs = options.reconnectMs ?? 1_000;
  const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
  let lastId: string | undefined;
  let closed = false;
  const follower: StreamFollower = {
    connections: [],
    events: [],
    failures: [],
    async connection(n, timeoutMs = 15_000) {
      const end = Date.now() + timeoutMs;
      while (follower.connections.length <= n) {
        if (Date.now() > end || closed)
          throw new Error(`no connection ${n} within ${timeoutMs} ms: ${follower.failures.join("; ")}`);
        await pause(20);
      }
      return follower.connections[n] as StreamReader;
    },
    async close() {
      closed = true;
      follower.connections.at(-1)?.close();
      await running;
    },
  };
  const run = async () => {
    while (!closed) {
      const connection = follower.connections.length;
      const asked = lastId === undefined ? headers : { ...headers, "Last-Event-ID": lastId };
      const reader = await openStream(port, query, asked, {
        ...(options.host ? { host: options.host } : {}),
        onEvent: (event) => {
          if (event.id !== undefined) lastId = event.id;
          follower.events.push({ ...event, connection });
        },
      }).catch((error: unknown) => error as Error);
      if (reader instanceof Error || reader.status !== 200) {
        follower.failures.push(
          reader instanceof Error ? reader.message : `${reader.status} ${reader.refusal}`,
        );
        await pause(reconnectMs);
        continue;
      }
      follower.connections.push(reader);
      if (closed) reader.close();
      await reader.ended;
      if (!closed) await pause(reader.retry ?? reconnectMs);
    }
  };
  const running = run();
  return follower;
}
