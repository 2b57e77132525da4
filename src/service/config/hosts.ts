// The reader of a host override setting, `name=origin,…` (EXCHANGE_HOSTS, RATE_ISSUER_HOSTS): an exchange
// or issuer pointed at a mirror or a test's fake. Only a bare http(s) origin is taken; a URL with credentials
// is refused without being quoted, so a password never reaches the terminal or the logs.
import type { Fail } from "./values.ts";

interface Overridden<K> {
  /** What the names name, for the messages: "exchange", "issuer". */
  kind: string;
  /** One item, like binance=http://127.0.0.1:9101. */
  example: string;
  /** The names that may be given, for the messages. */
  names: string;
  /** The key a name (trimmed, as given) stands for, or undefined for an unknown name. */
  keyOf: (name: string) => K | undefined;
}

/** What makes `url` (read from `text`) more than an origin, or null for a bare http(s) origin. */
function beyondOrigin(url: URL, text: string): string | null {
  if (url.protocol !== "http:" && url.protocol !== "https:") return `the scheme ${url.protocol}`;
  if (url.username !== "" || url.password !== "") return "credentials";
  if (url.pathname !== "/" && url.pathname !== "") return "a path";
  if (url.search !== "" || text.includes("?")) return "a query";
  if (url.hash !== "" || text.includes("#")) return "a fragment";
  return null;
}

/** `binance=http://127.0.0.1:9101,kraken=https://mirror.example` → key → origin, each key once. */
export function parseHostOverrides<K>(raw: string, fail: Fail, overridden: Overridden<K>): Map<K, URL> {
  const { kind, example, names, keyOf } = overridden;
  const allowed = `a comma-separated list of ${kind}=origin, like ${example} (${kind}s: ${names})`;
  const hosts = new Map<K, URL>();
  if (raw.trim() === "") return hosts;
  for (const item of raw.split(",")) {
    const at = item.indexOf("=");
    if (at < 0) return fail(allowed, JSON.stringify(item.trim()));
    const name = item.slice(0, at).trim();
    const key = keyOf(name);
    if (key === undefined) return fail(allowed, `the unknown ${kind} ${JSON.stringify(name)}`);
    const text = item.slice(at + 1).trim();
    let origin: URL;
    try {
      origin = new URL(text);
    } catch {
      return fail(allowed, JSON.stringify(text));
    }
    const beyond = beyondOrigin(origin, text);
    if (beyond === "credentials") fail(allowed, `an origin with credentials for ${name} (not quoted)`);
    if (beyond !== null) fail(allowed, `${JSON.stringify(text)}, which has ${beyond}`);
    if (hosts.has(key)) fail(allowed, `${name} twice`);
    hosts.set(key, origin);
  }
  return hosts;
}
