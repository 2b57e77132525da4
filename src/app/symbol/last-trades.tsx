// One exchange's last trades, newest first; times in the zone of the settings, named once in the column's
// heading rather than in every cell.
import type { SymbolExchangeDetails } from "../../interface/resources.ts";
import { formatPrice } from "../format/numbers.ts";
import { timeZoneAbbreviation } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { formatClock, formatCoinAmount, formatFullTime, formatQuotePrice, sideOf } from "./trade-format.ts";

export function LastTrades({ symbol, exchange }: { symbol: string; exchange: SymbolExchangeDetails }) {
  const zone = useTimeZone();
  if (exchange.lastTrades.length === 0) {
    return (
      <p className="muted last-trades__empty">
        No recent trades of {symbol} on {exchange.name}.
      </p>
    );
  }
  return (
    <div className="last-trades">
      <table className="data-table last-trades__table">
        <caption>
          Last {exchange.lastTrades.length} trades of {symbol} on {exchange.name}
        </caption>
        <thead>
          <tr>
            <th scope="col">Time ({timeZoneAbbreviation(zone)})</th>
            <th scope="col">Pair</th>
            <th scope="col">Side</th>
            <th scope="col" className="num" title="In the pair's quote currency">
              Price (quote)
            </th>
            <th scope="col" className="num">
              Volume ({symbol})
            </th>
            <th scope="col" className="num">
              Est. USD price
            </th>
            <th scope="col">Trade id</th>
          </tr>
        </thead>
        <tbody>
          {exchange.lastTrades.map((trade) => {
            const side = sideOf(trade.volume);
            return (
              // A trade id is the exchange's own and is unique within its pair only.
              <tr key={`${trade.pair}|${trade.foreignTradeID}|${trade.time}`}>
                <td>
                  <time dateTime={trade.time} title={formatFullTime(trade.time, zone)}>
                    {formatClock(trade.time, zone)}
                  </time>
                </td>
                <td>{trade.pair}</td>
                <td>
                  <span className={`side side--${side} ${side === "buy" ? "up" : "down"}`}>{side}</span>
                </td>
                <td className="num">{formatQuotePrice(trade.price)}</td>
                <td className="num">{formatCoinAmount(Math.abs(trade.volume))}</td>
                <td className="num">{formatPrice(trade.estimatedUSDPrice, "USD")}</td>
                <td className="trade-id">{trade.foreignTradeID}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
