// What MEDIR120's interquartile rule left out of the block. Older blocks keep only the count, and the
// section says so rather than showing an empty list.
import type { Provenance } from "../../interface/provenance.ts";
import { type CurrencyChoice, convert } from "../format/currency.ts";
import { formatNumber, formatPrice } from "../format/numbers.ts";
import { timeZoneAbbreviation } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { describeDistance, formatDistance } from "./provenance-figures.ts";
import { formatClock, formatCoinAmount, formatFullTime, sideOf } from "./trade-format.ts";

export function ProvenanceLeftOut({ provenance, fx }: { provenance: Provenance; fx: CurrencyChoice }) {
  const zone = useTimeZone();
  const { aggregate, leftOut, symbol } = provenance;
  const count = aggregate.tradesLeftOut;
  const trades = `${formatNumber(count, 0)} of ${formatNumber(aggregate.trades, 0)} trade${aggregate.trades === 1 ? "" : "s"}`;
  return (
    <section className="provenance-left-out" aria-labelledby="provenance-left-out-title">
      <h3 id="provenance-left-out-title">Left out by the filter</h3>
      <p>
        {count === 0
          ? `MEDIR120's interquartile rule left out none of the block's ${formatNumber(aggregate.trades, 0)} trades.`
          : `MEDIR120's interquartile rule left out ${trades} as outliers (beyond 1.5 × the interquartile range of the block's newest 120). The price, MA120, is a time-weighted mean of every trade.`}
      </p>
      {count > 0 && leftOut === null ? (
        <p className="muted">
          The trades themselves are no longer listed: the service keeps a block's trades for an hour.
        </p>
      ) : null}
      {leftOut !== null && leftOut.length > 0 ? (
        // Focusable, so that a keyboard can scroll it where it is wider than the screen.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab (WCAG 2.1.1)
        <section className="table-scroll" tabIndex={0} aria-label="Trades left out, scrollable">
          <table className="data-table provenance-trades">
            <caption className="visually-hidden">Trades of {symbol} left out by the filter</caption>
            <thead>
              <tr>
                <th scope="col">
                  Time ({timeZoneAbbreviation(zone, Date.parse(provenance.blockEnd) / 1000)})
                </th>
                <th scope="col">Exchange</th>
                <th scope="col">Side</th>
                <th scope="col" className="num">
                  Price ({fx.currency})
                </th>
                <th scope="col" className="num">
                  vs crowd
                </th>
                <th scope="col" className="num col-optional">
                  Volume ({symbol})
                </th>
                <th scope="col" className="col-optional">
                  Trade id
                </th>
              </tr>
            </thead>
            <tbody>
              {leftOut.map((trade) => {
                const side = sideOf(trade.volume);
                const distance = trade.estimatedUSDPrice / aggregate.ma120 - 1;
                return (
                  <tr key={`${trade.exchange}|${trade.foreignTradeID}|${trade.time}`}>
                    <td>
                      <time dateTime={trade.time} title={formatFullTime(trade.time, zone)}>
                        {formatClock(trade.time, zone)}
                      </time>
                    </td>
                    <td>{trade.exchange}</td>
                    <td>
                      <span className={`side side--${side} ${side === "buy" ? "up" : "down"}`}>{side}</span>
                    </td>
                    <td className="num">{formatPrice(convert(trade.estimatedUSDPrice, fx), fx.currency)}</td>
                    <td className="num" title={describeDistance(distance)}>
                      {formatDistance(distance)}
                    </td>
                    <td className="num col-optional">{formatCoinAmount(Math.abs(trade.volume))}</td>
                    <td className="trade-id col-optional">{trade.foreignTradeID}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}
