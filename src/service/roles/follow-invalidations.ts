// How a process follows cache invalidations: it drops the cached responses and figures an invalidation
// names and, on an api replica (which did not make the change), reloads what it keeps in memory. A replica
// that missed one (Redis was down) sees a newer block within POLL_MS and resyncs.

import type { Invalidation, InvalidationChannel } from "../invalidation/invalidations.ts";
import type { ChartCache } from "../market/chart-cache.ts";
import type { MarketView } from "../market/market-view.ts";
import type { RateCache } from "../rates/rate-cache.ts";
import type { Store } from "../store/store.ts";
import type { ReplicaMarket } from "./replica-market.ts";
import type { ReportedSource } from "./source-report.ts";

/** An api replica reads the newest block's end this often, in case an invalidation was lost. */
const POLL_MS = 5_000;

export interface Followed {
  store: Store;
  view: MarketView;
  /** The cached responses (ResponseCache). */
  cache: { clear(): void };
  charts: ChartCache;
  /** Only on a replica: what it re-reads (a writer's memory is already up to date). */
  replica: { rates: RateCache; reported: ReportedSource; market: ReplicaMarket } | null;
}

export interface Following {
  stop(): void;
}

export function followInvalidations(
  invalidations: InvalidationChannel,
  followed: Followed,
  knownEnd: number | null,
  log: (line: string) => void,
): Following {
  const { store, view, cache, charts, replica } = followed;
  const follow = async (item: Invalidation): Promise<void> => {
    // Keys and rules are the access list's (src/service/access/): no market response depends on them.
    if (item.kind === "access") return;
    view.invalidate();
    cache.clear();
    if (item.kind === "history" || item.kind === "resync") charts.clear();
    if (!replica) return;
    const all = item.kind === "resync";
    if (item.kind === "block" || all) {
      await store.refreshSeries();
      await replica.reported.reload(store);
      knownEnd = await store.lastBlockTime();
    }
    if (item.kind === "rates" || all) await replica.rates.reload();
    if (item.kind === "market" || all) {
      await replica.reported.reload(store);
      view.setMarket(await replica.market.reload());
    }
    // Responses computed while the reads above were under way are dropped too.
    view.invalidate();
    cache.clear();
  };
  const unsubscribe = invalidations.subscribe((item) => {
    follow(item).catch((error) => log(`invalidation: following ${item.kind} failed: ${error}`));
  });
  const poll = replica
    ? setInterval(() => {
        store
          .lastBlockTime()
          .then((end) => (end !== knownEnd ? follow({ kind: "resync" }) : undefined))
          .catch(() => undefined);
      }, POLL_MS)
    : null;
  return {
    stop: () => {
      unsubscribe();
      if (poll) clearInterval(poll);
    },
  };
}
