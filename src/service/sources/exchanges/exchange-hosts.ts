// EXCHANGE_HOSTS: for tests and private mirrors, every REST and WebSocket address of an exchange goes to
// one origin instead, keeping the exchange's own paths (https → the origin's http, wss → its ws).
// ccxt keeps its addresses in `urls.api`, many per exchange (REST, WebSocket, templated hostnames such as
// `https://api.{hostname}`); rewriting every one is what keeps a request from leaking to the real host.

/** The part of an address before its path: scheme and authority ("https://api.{hostname}:443"). */
const ORIGIN = /^(https?|wss?):\/\/[^/?#]*/;

/** `address` with its origin replaced by `origin` (http or https), keeping path and query. */
export function redirectAddress(address: string, origin: URL): string {
  const match = ORIGIN.exec(address);
  if (!match) return address;
  const secure = origin.protocol === "https:";
  const web = match[1] === "ws" || match[1] === "wss";
  const scheme = web ? (secure ? "wss" : "ws") : secure ? "https" : "http";
  return `${scheme}://${origin.host}${address.slice(match[0].length)}`;
}

/** Rewrites, in place, every address found in `urls` (nested objects and arrays included). */
export function redirectAddresses(urls: Record<string, unknown>, origin: URL): void {
  for (const [key, value] of Object.entries(urls)) {
    if (typeof value === "string") urls[key] = redirectAddress(value, origin);
    else if (value !== null && typeof value === "object")
      redirectAddresses(value as Record<string, unknown>, origin);
  }
}
