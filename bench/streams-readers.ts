// The readers of bench:streams in a process of their own (one process holds at most 20,000 descriptors
// here, and the parent pins the readers to the other CPU than the server). Each stream comes from its own
// loopback address (127.x.y.z), so each is a client of its own, as 10,000 users are: the service lets one
// client hold three streams. Each price is timed from its `time` (when the server made it) to when it is
// parsed here.
import { type IncomingMessage, request } from "node:http";

/** What the parent asks: open the streams, start a window of figures, read it, or close everything. */
export type ReaderCommand =
  | { type: "open"; concurrency: number }
  | { type: "mark" }
  | { type: "read" }
  | { type: "close" };

/** Delays are counted per whole ms up to this; later ones in the last slot. */
const MAX_DELAY_MS = 60_000;

export interface ReaderWindow {
  type: "window";
  /** Prices parsed in the window. */
  events: number;
  /** Other events and comments (open, heartbeats). */
  others: number;
  /** Bytes of the streams' bodies read in the window. */
  bytes: number;
  /** Streams that ended or failed since they opened. */
  lost: number;
  /** The prices' delays, ms: [whole ms, how many], ascending. */
  delays: [number, number][];
}

const [portArg, streamsArg, symbolsArg, firstArg] = process.argv.slice(2);
const port = Number(portArg);
const streams = Number(streamsArg);
const symbols = (symbolsArg ?? "").split(",");
const first = Number(firstArg ?? 0);
if (!(port > 0 && streams > 0 && symbols.length > 0)) {
  throw new Error("usage: streams-readers.ts <port> <streams> <symbols,…> [first address]");
}

let delays = new Uint32Array(MAX_DELAY_MS + 1);
let events = 0;
let others = 0;
let bytes = 0;
let lost = 0;
const responses: IncomingMessage[] = [];

/** The n-th loopback address from 127.1.1.1 on, none ending in 0 or 255. */
function addressOf(n: number): string {
  return `127.${1 + Math.floor(n / 64_516)}.${1 + (Math.floor(n / 254) % 254)}.${1 + (n % 254)}`;
}

function frame(text: string): void {
  if (text.startsWith(":")) {
    others++;
    return;
  }
  const name = text.slice(text.indexOf("event: ") + 7, text.indexOf("\n", text.indexOf("event: ")));
  if (name !== "price") {
    others++;
    return;
  }
  const data = JSON.parse(text.slice(text.indexOf("data: ") + 6)) as { time: string };
  const delay = Math.max(0, Date.now() - Date.parse(data.time));
  const slot = Math.min(MAX_DELAY_MS, Math.round(delay));
  delays[slot] = (delays[slot] as number) + 1;
  events++;
}

/** Opens stream `n`; resolves with its status (0: the connection failed). */
function open(n: number): Promise<number> {
  const symbol = symbols[n % symbols.length] as string;
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: `/v1/stream?prices=${symbol}`,
        localAddress: addressOf(first + n),
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          resolve(res.statusCode ?? 0);
          return;
        }
        responses.push(res);
        res.setEncoding("latin1");
        let rest = "";
        res.on("data", (chunk: string) => {
          bytes += chunk.length;
          rest += chunk;
          let end = rest.indexOf("\n\n");
          while (end >= 0) {
            frame(rest.slice(0, end));
            rest = rest.slice(end + 2);
            end = rest.indexOf("\n\n");
          }
        });
        res.once("close", () => lost++);
        resolve(200);
      },
    );
    req.once("error", () => resolve(0));
    req.end();
  });
}

const send = (message: unknown) => process.send?.(message);

process.on("message", async (command: ReaderCommand) => {
  switch (command.type) {
    case "open": {
      const started = performance.now();
      const statuses: Record<string, number> = {};
      let next = 0;
      const worker = async () => {
        while (next < streams) {
          const status = await open(next++);
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: command.concurrency }, worker));
      send({ type: "opened", statuses, ms: performance.now() - started });
      return;
    }
    case "mark":
      delays = new Uint32Array(MAX_DELAY_MS + 1);
      events = 0;
      others = 0;
      bytes = 0;
      send({ type: "marked" });
      return;
    case "read": {
      const counted: [number, number][] = [];
      for (let ms = 0; ms < delays.length; ms++)
        if ((delays[ms] as number) > 0) counted.push([ms, delays[ms] as number]);
      const window: ReaderWindow = { type: "window", events, others, bytes, lost, delays: counted };
      send(window);
      return;
    }
    case "close":
      for (const res of responses) res.destroy();
      send({ type: "closed" });
      setTimeout(() => process.exit(0), 100);
      return;
  }
});
send({ type: "ready" });
