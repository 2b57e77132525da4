// Whether the rate issuers can be reached from here (RATES_SOURCE auto beside the real market): each
// issuer's origin (or its RATE_ISSUER_HOSTS override) is asked at once, and any HTTP response settles it; a
// firewall that drops packets is waited for at most `withinMs`.
import type { RateIssuer } from "./issuer-feed.ts";
import { ISSUER_FEEDS } from "./issuer-source.ts";

/** The first issuer whose origin responded within `withinMs`, or null. */
export async function firstIssuerResponding(
  hosts: ReadonlyMap<RateIssuer, URL>,
  withinMs: number,
): Promise<RateIssuer | null> {
  const origins = new Map<string, RateIssuer>();
  for (const feed of ISSUER_FEEDS) origins.set(hosts.get(feed.issuer)?.origin ?? feed.origin, feed.issuer);
  const signal = AbortSignal.timeout(withinMs);
  const tries = [...origins].map(async ([origin, issuer]) => {
    const response = await fetch(`${origin}/`, { signal, redirect: "manual" });
    await response.body?.cancel();
    return issuer;
  });
  return Promise.any(tries).catch(() => null);
}
