// Readers of the settings that spread the service over several processes and machines: DATABASE_URL,
// REDIS_URL, ROLE and TRUST_PROXY (settings.ts lists them). A URL may hold a password, so no
// message ever quotes one: they say what is wrong with it instead.
import proxyAddr from "proxy-addr";
import { type Fail, listItems, oneOf } from "./values.ts";

export const ROLES = ["all", "api", "ingest"] as const;
/** What a process runs: everything (one machine), the HTTP API only, or the market's ingest only. */
export type Role = (typeof ROLES)[number];

function parseUrl(raw: string, protocols: readonly string[], example: string, fail: Fail): string | null {
  const text = raw.trim();
  if (text === "") return null;
  const allowed = `a URL like ${example}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(allowed, "text that is not a URL");
  }
  if (!protocols.includes(url.protocol)) fail(allowed, `a URL with the scheme ${url.protocol}`);
  if (url.hostname === "" && !url.searchParams.has("host")) fail(allowed, "a URL without a host");
  return text;
}

export function parseDatabaseUrl(raw: string, fail: Fail): string | null {
  return parseUrl(raw, ["postgres:", "postgresql:"], "postgres://user:password@db.example:5432/market", fail);
}

export function parseRedisUrl(raw: string, fail: Fail): string | null {
  return parseUrl(raw, ["redis:", "rediss:"], "redis://redis.example:6379", fail);
}

export const parseRole = oneOf(ROLES);

/** `10.0.0.0/8, 127.0.0.1` → the list; proxy-addr checks every address and CIDR (also loopback etc.). */
export function parseTrustProxy(raw: string, fail: Fail): string[] {
  const list = listItems(raw);
  for (const item of list) {
    try {
      proxyAddr.compile(item);
    } catch {
      fail(
        "a comma-separated list of addresses or CIDRs, like 10.0.0.0/8,127.0.0.1 (or loopback, linklocal, uniquelocal)",
        JSON.stringify(item),
      );
    }
  }
  return list;
}
