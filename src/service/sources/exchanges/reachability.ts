// Whether the real market can be read from here: every exchange is asked for its market list at once, and
// the first to respond settles it. A refused port or failed DNS lookup fails at once; a firewall that drops
// packets is waited for at most `withinMs`.
import { ccxtExchange } from "./ccxt-exchange.ts";
import { errorText } from "./markets-retry-log.ts";
import type { Venue } from "./venue.ts";

/** How long a start waits for an exchange to respond before falling back to the simulator. */
export const REACH_MS = 10_000;

export interface Reachability {
  /** The first exchange whose market list loaded, or null when none did in time. */
  reached: string | null;
  /** Each exchange that failed, with the first line of what it met. */
  failures: { exchange: string; error: string }[];
}

export async function firstResponding(
  venues: readonly Venue[],
  hosts: ReadonlyMap<string, URL>,
  withinMs = REACH_MS,
): Promise<Reachability> {
  const failures: Reachability["failures"] = [];
  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), withinMs);
  });
  const tries = venues.map(async (venue) => {
    try {
      const exchange = await ccxtExchange(venue, hosts.get(venue.name) ?? null);
      // A response slower than the wait is of no use: ccxt gives up on it then too.
      exchange.timeout = withinMs;
      await exchange.loadMarkets();
      return venue.name;
    } catch (error) {
      failures.push({ exchange: venue.name, error: errorText(error) });
      throw error;
    }
  });
  // Every exchange failing settles it as soon as the last one has failed, without waiting out the time.
  const first = Promise.any(tries).catch(() => null);
  const reached = await Promise.race([first, outOfTime]);
  clearTimeout(timer);
  return { reached, failures: [...failures] };
}
