// /symbol/:symbol — one coin, drawn from one request (the symbol details); a price the coin list already
// cached shows at once, read straight from the cache so no request is spent.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue, useEffect } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { MAX_SUBJECTS } from "../../interface/live-events.ts";
import type { Coins, Quotation, SymbolDetails } from "../../interface/resources.ts";
import { PageLede } from "../components/page-lede.tsx";
import { QueryView } from "../components/query-status.tsx";
import { SkeletonBlock, SkeletonRows } from "../components/skeleton.tsx";
import { useDocumentTitle } from "../components/use-document-title.ts";
import { type CurrencyChoice, chooseCurrency } from "../format/currency.ts";
import { warmDateFormats } from "../format/time-zone.ts";
import { useLivePrice, useLiveSubjects } from "../live/live-context.tsx";
import { queryKeys } from "../queries/query-keys.ts";
import { cachedQuotation } from "../queries/quotation.ts";
import { useSettings } from "../store/settings-context.tsx";
import { useSupply } from "../supply/queries/supply.ts";
import { CoinFigures, CoinFiguresLoading, type FigureValues } from "./coin-figures.tsx";
import { ExchangesTable } from "./exchanges-table.tsx";
import { Ma120Chart } from "./ma120-chart.tsx";
import { unknownSymbolOf } from "./not-found.ts";
import { ProvenanceSection } from "./provenance-section.tsx";
import { useSymbolDetails } from "./queries/symbol-details.ts";
import { SupplyNote } from "./supply-note.tsx";
import { SymbolNotFound } from "./symbol-not-found.tsx";
import { EXCHANGE_SORT, readOpen, type SortKey, withToggled } from "./symbol-params.ts";
import "./symbol-page.css";

/** The MA120 chart's card as drawn (see ma120-chart.tsx), held open while the details are on their way. */
const MA120_CARD_HEIGHT = "15rem";

export function SymbolPage() {
  const { symbol = "" } = useParams();
  const [settings] = useSettings();
  const client = useQueryClient();
  const details = useSymbolDetails(symbol);
  useEffect(warmDateFormats, []);
  const supply = useSupply(symbol, { enabled: details.data !== undefined });
  const unknown = details.data === undefined ? unknownSymbolOf(details.error) : null;

  // Until the details come: what the coin list left in the cache, without asking the service.
  const cachedQuote = details.data ? undefined : cachedQuotation(client, symbol);
  const cachedCoins = client.getQueryData<Coins>(queryKeys.coins());
  const name =
    details.data?.coin.name ??
    cachedQuote?.name ??
    cachedCoins?.completeCoinList.find((coin) => coin.symbol === symbol)?.name ??
    null;
  const fx = chooseCurrency(settings.currency, details.data?.change ?? cachedCoins?.change ?? null);

  // The chart and the exchanges render in a pass of their own that yields to the browser (as QueryView's
  // figures do), not in the task the answer came in: together they were one 220 ms task on a mid phone.
  const markets = useDeferredValue(details.data);

  useDocumentTitle(`${symbol}${name ? ` · ${name}` : ""} — Crowd Market Data`);

  return (
    <section className="page symbol-page" aria-labelledby="symbol-title">
      <header className="symbol-header">
        <div className="symbol-header__title">
          <h1 id="symbol-title">{unknown ? symbol : (name ?? symbol)}</h1>
          {name && !unknown ? <span className="symbol-tag">{symbol}</span> : null}
        </div>
        {unknown ? null : (
          <nav className="symbol-header__links" aria-label={`${symbol} links`}>
            <Link to="/">All coins</Link>
            <Link to={`/chart/${encodeURIComponent(symbol)}`} className="button">
              Chart of {symbol}
            </Link>
          </nav>
        )}
      </header>
      <PageLede page="symbol" />
      {unknown ? (
        <SymbolNotFound symbol={symbol} unknown={unknown} />
      ) : (
        <>
          <CurrencyNote fx={fx} />
          {cachedQuote && !details.data ? <CoinFigures values={figuresOfQuote(cachedQuote)} fx={fx} /> : null}
          <QueryView
            query={details}
            queryKey={queryKeys.symbolDetails(symbol)}
            what={`the details of ${symbol}`}
            skeleton={cachedQuote ? null : <CoinFiguresLoading symbol={symbol} />}
          >
            {(data) => (
              <LiveFigures details={data} fx={fx} supply={<SupplyNote symbol={symbol} query={supply} />} />
            )}
          </QueryView>
          {/* Drawn with the page's frame, not after the details: it needs only the symbol, and as the page's
              largest text it is what the page is first judged by (its Largest Contentful Paint). */}
          {details.isError ? null : <ProvenanceSection symbol={symbol} fx={fx} />}
          {markets ? (
            <SymbolMarkets details={markets} fx={fx} />
          ) : details.isPending || details.data ? (
            <>
              <SkeletonBlock label={`the MA120 chart of ${symbol}`} height={MA120_CARD_HEIGHT} />
              <SkeletonRows rows={6} columns={5} label={`the exchanges trading ${symbol}`} />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The coin's figures, the price made again from the stream when it has one newer than the details'. */
function LiveFigures({
  details,
  fx,
  supply,
}: {
  details: SymbolDetails;
  fx: CurrencyChoice;
  supply: ReactNode;
}) {
  const { coin } = details;
  const live = useLivePrice(coin.symbol);
  const figures = figuresOfDetails(details);
  const fresher = live !== undefined && live.time > Date.parse(coin.time);
  return (
    <CoinFigures
      values={
        fresher ? { ...figures, priceUSD: live.price, time: new Date(live.time).toISOString() } : figures
      }
      fx={fx}
      supplyNote={supply}
    />
  );
}

/** The MA120 chart and the exchanges trading the coin, each opening to its last trades. */
function SymbolMarkets({ details, fx }: { details: SymbolDetails; fx: CurrencyChoice }) {
  const [params, setParams] = useSearchParams();
  const { coin } = details;
  const sort = EXCHANGE_SORT.read(params);
  const open = readOpen(params);
  const onSort = (key: SortKey) =>
    setParams((current) => EXCHANGE_SORT.choose(current, key), { preventScrollReset: true });
  const onToggle = (exchange: string) =>
    setParams((current) => withToggled(current, exchange), { preventScrollReset: true });
  // The price moves on the browser's one stream, and so do the trades of each exchange opened; opening
  // one changes what the stream follows, which spends none of the client's requests.
  const known = new Set(details.exchanges.map((exchange) => exchange.name));
  useLiveSubjects({
    prices: [coin.symbol],
    trades: open
      .filter((name) => known.has(name))
      .slice(0, MAX_SUBJECTS)
      .map((exchange) => ({ symbol: coin.symbol, exchange })),
    candles: [],
  });
  return (
    <>
      <Ma120Chart symbol={coin.symbol} gfx1={details.gfx1} fx={fx} />
      <section className="symbol-exchanges" aria-labelledby="exchanges-title">
        <h2 id="exchanges-title">
          Exchanges <span className="muted">({details.exchanges.length})</span>
        </h2>
        {details.exchanges.length === 0 ? (
          <p className="muted">No exchange has traded {coin.symbol} yet.</p>
        ) : (
          <ExchangesTable
            symbol={coin.symbol}
            exchanges={details.exchanges}
            fx={fx}
            sort={sort}
            open={open}
            onSort={onSort}
            onToggle={onToggle}
          />
        )}
      </section>
    </>
  );
}

function CurrencyNote({ fx }: { fx: CurrencyChoice }) {
  if (fx.missing === null) return null;
  return (
    <p className="muted currency-note">
      No {fx.missing} exchange rate in the service's answer yet; figures are in USD.
    </p>
  );
}

function figuresOfDetails(details: SymbolDetails): FigureValues {
  const { coin } = details;
  return {
    symbol: coin.symbol,
    priceUSD: coin.price,
    priceYesterdayUSD: coin.priceYesterday,
    volumeUSD: coin.volumeYesterdayUSD,
    time: coin.time,
    circulatingSupply: coin.circulatingSupply,
    rank: details.rank,
  };
}

function figuresOfQuote(quote: Quotation): FigureValues {
  return {
    symbol: quote.symbol,
    priceUSD: quote.price,
    priceYesterdayUSD: quote.priceYesterday,
    volumeUSD: quote.volumeYesterdayUSD,
    time: quote.time,
    circulatingSupply: undefined,
    rank: undefined,
  };
}
