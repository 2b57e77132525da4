// The client's address, the name the fair-usage limit counts an anonymous client under. Behind a load
// balancer the socket's peer is the balancer, so every client would share one limit: with TRUST_PROXY the
// address is the right-most X-Forwarded-For entry not written by a trusted proxy (proxy-addr). Entries to
// the left of it are whatever the client chose to send, so a forged one cannot escape the limit. Without
// TRUST_PROXY the header is ignored: anyone could send it.
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import proxyAddr from "proxy-addr";

type Trust = (address: string, index: number) => boolean;

/** Compiled once per list (the config's array), not per request. */
const compiled = new WeakMap<readonly string[], Trust>();

function trustOf(trustProxy: readonly string[]): Trust {
  let trust = compiled.get(trustProxy);
  if (trust === undefined) {
    trust = proxyAddr.compile([...trustProxy]);
    compiled.set(trustProxy, trust);
  }
  return trust;
}

/** The request's client: the socket's peer, or with trusted proxies the address they forwarded for. */
export function clientAddress(trustProxy: readonly string[], req: IncomingMessage): string {
  if (trustProxy.length === 0) return req.socket.remoteAddress ?? "unknown";
  // proxy-addr gives undefined when the socket is already gone (its peer is no longer known).
  return (proxyAddr(req, trustOf(trustProxy)) as string | undefined) ?? "unknown";
}

/** The same for a request inside the Hono app, which @hono/node-server hands the IncomingMessage. */
export function clientAddressOf(trustProxy: readonly string[], c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming === undefined ? "unknown" : clientAddress(trustProxy, incoming);
}
