// Test support: a real HTTP peer on this machine that answers each request with the next handler of its
// script (500 once the script runs out) and keeps every request it saw. Started before the file's tests,
// closed after them. Not imported by the app.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ScriptedPeer {
  /** The answers to come, in order; push to them, empty them (`length = 0`) between tests. */
  readonly script: Handler[];
  /** Every request the peer received, in order. */
  readonly seen: IncomingMessage[];
  /** http://127.0.0.1:port, once the file's tests run. */
  baseUrl: string;
}

export function scriptedPeer(): ScriptedPeer {
  const peer: ScriptedPeer = { script: [], seen: [], baseUrl: "" };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      peer.seen.push(req);
      const next = peer.script.shift();
      if (next) next(req, res);
      else res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    peer.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  return peer;
}
