// A live stream's reader for tests: opens GET /v1/stream over node:http, parses its events with
// eventsource-parser (as the dashboard does) and lets a test wait for the events it expects, pause reading
// (a stalled reader) or close.
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
  /** Bytes read so far. */
  bytes: number;
  /** The reconnection time the service last asked for (a `retry:` line), in ms. */
  retry: number | null;
  ended: Promise<void>;
  /** Resolves with the first event (already read or to come) that matches. */
  next(match: (event: ReadEvent) => boolean, timeoutMs?: number): Promise<ReadEvent>;
  pause(): void;
  resume(): void;
  close(): void;
}

export function openStream(
  port: number,
  query: string,
  headers: Record<string, string> = {},
): Promise<StreamReader> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest;
    const waiting: { match: (e: ReadEvent) => boolean; resolve: (e: ReadEvent) => void }[] = [];
    req = request({ port, path: `/v1/stream?${query}`, headers }, (res) => {
      let endedResolve: () => void = () => undefined;
      const reader: StreamReader = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        refusal: "",
        events: [],
        bytes: 0,
        retry: null,
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
        onEvent(message: EventSourceMessage) {
          const event = { id: message.id, event: message.event ?? "message", data: JSON.parse(message.data) };
          reader.events.push(event);
          for (const w of [...waiting]) {
            if (w.match(event)) {
              waiting.splice(waiting.indexOf(w), 1);
              w.resolve(event);
            }
          }
        },
      });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        reader.bytes += Buffer.byteLength(chunk);
        if (reader.status === 200) parser.feed(chunk);
        else reader.refusal += chunk;
      });
      res.on("end", endedResolve);
      res.on("close", endedResolve);
      if (reader.status === 200) resolve(reader);
      else res.on("end", () => resolve(reader));
    });
    req.on("error", reject);
    req.end();
  });
}
