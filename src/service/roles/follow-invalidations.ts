// How a process follows the news of what was stored: it drops the answers and figures the news changed
// and, on an api replica (which did not make the change itself), reads again what it keeps in memory: the
// series, the ingest's report, the rates, the market's pairs. A replica that missed news (Redis was down)
// notices a newer block than it knows within POLL_MS and resyncs.
import type { ChartCache } from "../market/chart-cache.ts";
import type { MarketView } from "../market/market-view.ts";
import type { MarketNews, NewsChannel } from "../news/market-news.ts";
import type { RateBook } from "../rates/rate-book.ts";
import type { Store } from "../store/store.ts";
import type { ReplicaMarket } from "./replica-market.ts";
import type { ReportedSource } from "./source-report.ts";

/** An api replica reads the newest block's end this often, in case news was lost. */
const POLL_MS = 5_000;

export interface Followed {
  store: Store;
  view: MarketView;
  /** The cached answers (ResponseCache). */
  cache: { clear(): void };
  charts: ChartCache;
  /** Only on a replica: what it re-reads (a writer's memory is already up to date). */
  replica: { rates: RateBook; reported: ReportedSource; market: ReplicaMarket } | null;
}

export interface Following {
  stop(): void;
}

export function followNews(
  news: NewsChannel,
  followed: Followed,
  knownEnd: number | null,
  log: (line: string) => void,
): Following {
  const { store, view, cache, charts, replica } = followed;
  const follow = async (item: MarketNews): Promise<void> => {
    // Keys and rules are the access book's (src/service/access/): no market answer depends on them.
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
    // Answers computed while the reads above were under way are dropped too.
    view.invalidate();
    cache.clear();
  };
  const unsubscribe = news.subscribe((item) => {
    follow(item).catch((error) => log(`news: following ${item.kind} failed: ${error}`));
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
