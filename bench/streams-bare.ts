// The baseline of bench:streams: a bare node:http Server-Sent Events broadcaster. It does what a stream
// must at least do (a 200 head, each symbol's frame made once and written to its followers) and nothing of
// the service's: no admission, no request log, no per-stream buffering, no timers.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PriceData } from "./streams-events.ts";

export interface BareBroadcaster {
  port: number;
  /** Streams open now. */
  size(): number;
  send(data: PriceData): void;
  close(): Promise<void>;
}

export async function bareBroadcaster(): Promise<BareBroadcaster> {
  const followers = new Map<string, Set<ServerResponse>>();
  let open = 0;
  const server = createServer((req, res) => {
    const symbol = new URL(req.url ?? "/", "http://bare").searchParams.get("prices") ?? "";
    // The service's stream head, so that the readers read the same framing (chunked, uncompressed).
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    });
    res.write(`event: open\ndata: ${JSON.stringify({ symbol })}\n\n`);
    let set = followers.get(symbol);
    if (!set) {
      set = new Set();
      followers.set(symbol, set);
    }
    set.add(res);
    open++;
    res.on("close", () => {
      set.delete(res);
      open--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    size: () => open,
    send(data) {
      const set = followers.get(data.symbol);
      if (!set || set.size === 0) return;
      // The service's frame of a price, byte for byte: no `id:` line (prices merge), then event and data.
      const frame = `event: price\ndata: ${JSON.stringify(data)}\n\n`;
      for (const res of set) res.write(frame);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
