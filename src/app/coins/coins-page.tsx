// The dashboard's home: the top coins by market cap from one GET /v1/coins, searchable, sortable, with
// favourites. The view lives in the URL so it can be linked; favourites and currency in the settings.
import { type ReactNode, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { LiveSubjects } from "../../interface/live-events.ts";
import type { Coins } from "../../interface/resources.ts";
import { PageLede } from "../components/page-lede.tsx";
import { QueryView } from "../components/query-status.tsx";
import { SkeletonRows } from "../components/skeleton.tsx";
import type { DisplayCurrency } from "../format/currency.ts";
import { availableCurrencies, chooseCurrency } from "../format/currency.ts";
import { useLiveStore, useLiveSubjects } from "../live/live-context.tsx";
import { queryKeys } from "../queries/query-keys.ts";
import { useSettings } from "../store/settings-context.tsx";
import { buildRows, newestTime, selectRows, withLivePrices } from "./coin-rows.ts";
import { CoinsTable } from "./coins-table.tsx";
import { CoinsToolbar, TYPED_SEARCH } from "./coins-toolbar.tsx";
import {
  type CoinsView,
  parseCoinsView,
  type SortColumn,
  serialiseCoinsView,
  toggleSort,
} from "./coins-view.ts";
import { useCoins } from "./queries/coins.ts";
import { UpdatedAgo } from "./updated-ago.tsx";
import "./coins-page.css";

const EVERY_PRICE: LiveSubjects = { prices: "all", trades: [], candles: [] };

export function CoinsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseCoinsView(searchParams), [searchParams]);
  const [settings, updateSettings] = useSettings();
  const query = useCoins();
  // Every listed coin's price moves on the browser's one stream, between the list's refetches.
  useLiveSubjects(EVERY_PRICE);
  /** A new view from the current one: a history entry, or in place while typing a search. */
  const changeView = (change: (current: CoinsView) => CoinsView, typed = false) =>
    setSearchParams((current) => serialiseCoinsView(change(parseCoinsView(current)), current), {
      replace: typed,
      state: typed ? TYPED_SEARCH : undefined,
    });

  const toggleFavourite = (symbol: string) => {
    const favourites = settings.favourites.includes(symbol)
      ? settings.favourites.filter((s) => s !== symbol)
      : [...settings.favourites, symbol];
    updateSettings({ favourites });
  };

  const coins = query.data;
  return (
    <section className="page coins-page" aria-labelledby="coins-title">
      <header className="page-header">
        <h1 id="coins-title">Coins</h1>
        <PageLede page="coins" />
        {coins ? (
          <p className="muted coins-subtitle">
            Top {coins.coins.length} by market cap · <UpdatedAgo time={newestTime(coins)} />
          </p>
        ) : null}
      </header>
      <CoinsToolbar
        q={view.q}
        onSearch={(q) => changeView((current) => ({ ...current, q }), true)}
        favouritesOnly={view.fav}
        favouriteCount={settings.favourites.length}
        onFavouritesOnly={(fav) => changeView((current) => ({ ...current, fav }))}
        currency={settings.currency}
        currencies={coins ? availableCurrencies(coins.change) : null}
        onCurrency={(currency) => updateSettings({ currency })}
      />
      <QueryView
        query={query}
        queryKey={queryKeys.coins()}
        what="the coins"
        skeleton={<SkeletonRows rows={12} columns={7} label="the coins" />}
      >
        {(data) => (
          <CoinsContent
            coins={data}
            view={view}
            wanted={settings.currency}
            favourites={settings.favourites}
            onSort={(column) => changeView((current) => toggleSort(current, column))}
            onToggleFavourite={toggleFavourite}
            onClear={() => changeView((current) => ({ ...current, q: "", fav: false }))}
          />
        )}
      </QueryView>
    </section>
  );
}

function CoinsContent({
  coins,
  view,
  wanted,
  favourites,
  onSort,
  onToggleFavourite,
  onClear,
}: {
  coins: Coins;
  view: CoinsView;
  wanted: DisplayCurrency;
  favourites: string[];
  onSort: (column: SortColumn) => void;
  onToggleFavourite: (symbol: string) => void;
  onClear: () => void;
}) {
  const choice = chooseCurrency(wanted, coins.change);
  const rows = useMemo(
    () => buildRows(coins, { rate: choice.rate, rateYesterday: choice.rateYesterday }),
    [coins, choice.rate, choice.rateYesterday],
  );
  const live = useLiveStore();
  // Ordered by the figures on screen, live prices included, as they stand when the view or the list changes
  // (a sort, a search, each block's refetch): rows do not move under the reader's pointer at every trade.
  const shown = useMemo(
    () =>
      selectRows(
        withLivePrices(rows, (symbol) => live.price(symbol)?.price),
        view,
        favourites,
      ),
    [rows, view, favourites, live],
  );
  const favouriteSet = useMemo(() => new Set(favourites), [favourites]);
  return (
    <>
      {choice.missing ? (
        <p className="coins-note" role="status">
          The coins answer has no {choice.missing} rate, so figures are in USD.
        </p>
      ) : null}
      <p className="coins-count muted" role="status">
        {countText(shown.length, rows.length, view)}
      </p>
      {shown.length > 0 ? (
        <CoinsTable
          rows={shown}
          sort={view.sort}
          dir={view.dir}
          currency={choice.currency}
          favourites={favouriteSet}
          onSort={onSort}
          onToggleFavourite={onToggleFavourite}
        />
      ) : (
        <EmptyList view={view} onClear={onClear} />
      )}
    </>
  );
}

function countText(shown: number, all: number, view: CoinsView): ReactNode {
  const coins = (n: number) => `${n} ${n === 1 ? "coin" : "coins"}`;
  const q = view.q.trim();
  if (q !== "" && view.fav) return `${coins(shown)} of your favourites match “${q}”`;
  if (q !== "") return `${coins(shown)} of ${all} match “${q}”`;
  if (view.fav) return `${coins(shown)} in your favourites`;
  return `${coins(shown)}`;
}

function EmptyList({ view, onClear }: { view: CoinsView; onClear: () => void }) {
  const q = view.q.trim();
  return (
    <div className="card coins-empty">
      {q !== "" ? (
        <p>
          No {view.fav ? "favourite " : ""}coin’s name or symbol contains “{q}”.
        </p>
      ) : (
        <p>No favourites yet: star a coin (☆) in the list to keep it here.</p>
      )}
      <button type="button" className="button" onClick={onClear}>
        Show all coins
      </button>
    </div>
  );
}
