// Whether the issuers of the interest rates can be reached from here (RATES_SOURCE auto beside the real
// market): each issuer's origin (or its RATE_ISSUER_HOSTS stand-in) is asked once, all at once, and any HTTP
// answer settles it; a refused port or a failed DNS lookup answers at once, a firewall is waited for at
// most `withinMs`.
import type { RateIssuer } from "./issuer-feed.ts";
import { ISSUER_FEEDS } from "./issuer-source.ts";

/** The first issuer whose origin answered within `withinMs`, or null. */
export async function firstIssuerAnswering(
  hosts: ReadonlyMap<RateIssuer, URL>,
  withinMs: number,
): Promise<RateIssuer | null> {
  const origins = new Map<string, RateIssuer>();
  for (const feed of ISSUER_FEEDS) origins.set(hosts.get(feed.issuer)?.origin ?? feed.origin, feed.issuer);
  const signal = AbortSignal.timeout(withinMs);
  const tries = [...origins].map(async ([origin, issuer]) => {
    const answer = await fetch(`${origin}/`, { signal, redirect: "manual" });
    await answer.body?.cancel();
    return issuer;
  });
  return Promise.any(tries).catch(() => null);
}
