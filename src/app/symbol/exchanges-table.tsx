// Every exchange trading the coin, sortable by each column, a row opening to its last trades; sort and
// open rows live in the URL (see symbol-params.ts).
import { Fragment, useId } from "react";
import { Link } from "react-router";
import type { SymbolExchangeDetails } from "../../interface/resources.ts";
import { SortableHeader } from "../components/sortable-header.tsx";
import { type CurrencyChoice, changeIn, convert } from "../format/currency.ts";
import { formatMoneyCompact, formatPercent, formatPrice, trendOf } from "../format/numbers.ts";
import { timeZoneAbbreviation } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { sortExchanges } from "./exchange-sort.ts";
import { LastTrades } from "./last-trades.tsx";
import type { ExchangeSort, SortKey } from "./symbol-params.ts";
import { formatClock, formatFullTime } from "./trade-format.ts";

const COLUMNS = 6;

export interface ExchangesTableProps {
  symbol: string;
  exchanges: readonly SymbolExchangeDetails[];
  fx: CurrencyChoice;
  sort: ExchangeSort;
  open: readonly string[];
  onSort: (key: SortKey) => void;
  onToggle: (exchange: string) => void;
}

export function ExchangesTable({ symbol, exchanges, fx, sort, open, onSort, onToggle }: ExchangesTableProps) {
  const id = useId();
  const zone = useTimeZone();
  const sorted = sortExchanges(exchanges, sort);
  const header = { sort, onSort, markClass: "sort-mark", idleMark: "↕" };
  return (
    <div className="table-scroll">
      <table className="data-table exchanges-table">
        <caption className="visually-hidden">
          {symbol} on each exchange; choose an exchange to see its last trades
        </caption>
        <thead>
          <tr>
            <SortableHeader column="name" label="Exchange" {...header} />
            <SortableHeader column="price" className="num" label={`Price (${fx.currency})`} {...header} />
            <SortableHeader column="change" className="num" label="Change 24 h" {...header} />
            <SortableHeader column="volume" className="num" label="Volume 24 h" {...header} />
            <SortableHeader
              column="time"
              className="num col-optional"
              label={`Last trade (${timeZoneAbbreviation(zone)})`}
              {...header}
            />
            <th scope="col" className="col-chart">
              <span className="visually-hidden">Chart</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((exchange, index) => {
            const expanded = open.includes(exchange.name);
            const panelId = `${id}-trades-${index}`;
            const change = changeIn(exchange.price, exchange.priceYesterday, fx);
            return (
              <Fragment key={exchange.name}>
                <tr className={expanded ? "exchange-row exchange-row--open" : "exchange-row"}>
                  <th scope="row" className="exchange-name">
                    <button
                      type="button"
                      className="expand-button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? panelId : undefined}
                      aria-label={`${exchange.name}, last trades`}
                      onClick={() => onToggle(exchange.name)}
                    >
                      <span className="expand-button__chevron" aria-hidden="true" />
                      {exchange.name}
                    </button>
                  </th>
                  <td className="num">{formatPrice(convert(exchange.price, fx), fx.currency)}</td>
                  <td className={`num ${trendOf(change)}`}>{formatPercent(change)}</td>
                  <td className="num">
                    {formatMoneyCompact(convert(exchange.volumeYesterdayUSD, fx), fx.currency)}
                  </td>
                  <td className="num col-optional">
                    {exchange.time === null ? (
                      "—"
                    ) : (
                      <time dateTime={exchange.time} title={formatFullTime(exchange.time, zone)}>
                        {formatClock(exchange.time, zone)}
                      </time>
                    )}
                  </td>
                  <td className="col-chart">
                    <Link
                      to={chartLink(symbol, exchange.name)}
                      aria-label={`Chart of ${symbol} on ${exchange.name}`}
                    >
                      Chart
                    </Link>
                  </td>
                </tr>
                {expanded ? (
                  <tr id={panelId} className="trades-row">
                    <td colSpan={COLUMNS}>
                      <LastTrades symbol={symbol} exchange={exchange} />
                      <Link className="trades-row__chart" to={chartLink(symbol, exchange.name)}>
                        Chart of {symbol} on {exchange.name}
                      </Link>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The chart of the coin on one exchange (the chart page reads ?exchange=). */
function chartLink(symbol: string, exchange: string): string {
  return `/chart/${encodeURIComponent(symbol)}?exchange=${encodeURIComponent(exchange)}`;
}
