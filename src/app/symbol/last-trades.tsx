// One exchange's last trades, newest first; times in the zone of the settings, named once in the column's
// heading rather than in every cell.
import type { SymbolExchangeDetails } from "../../interface/resources.ts";
import { formatPrice } from "../format/numbers.ts";
import { timeZoneAbbreviation } from "../format/time-zone.ts";
import { useLiveTrades } from "../live/live-context.tsx";
import type { LiveTrade } from "../live/live-store.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { formatClock, formatCoinAmount, formatFullTime, formatQuotePrice, sideOf } from "./trade-format.ts";

/** A trade as the table shows it: the service's last trades, and the live ones that came after them. */
interface ShownTrade {
  time: string;
  pair: string;
  price: number;
  volume: number;
  usdPrice: number;
  /** The exchange's id; null for a live trade (the stream sends none). */
  id: string | null;
}

export function LastTrades({ symbol, exchange }: { symbol: string; exchange: SymbolExchangeDetails }) {
  const zone = useTimeZone();
  const live = useLiveTrades(symbol, exchange.name);
  const trades = shownTrades(exchange, live);
  if (trades.length === 0) {
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
          Last {trades.length} trades of {symbol} on {exchange.name}
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
          {trades.map((trade, index) => {
            const side = sideOf(trade.volume);
            return (
              // A trade id is the exchange's own and is unique within its pair only; a live one has none.
              <tr key={`${trade.pair}|${trade.id ?? index}|${trade.time}`}>
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
                <td className="num">{formatPrice(trade.usdPrice, "USD")}</td>
                <td className="trade-id">{trade.id ?? <span className="muted">live</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Newest first: the live trades newer than the service's newest, then its own, as many as it listed. */
function shownTrades(exchange: SymbolExchangeDetails, live: readonly LiveTrade[]): ShownTrade[] {
  const listed: ShownTrade[] = exchange.lastTrades.map((trade) => ({
    time: trade.time,
    pair: trade.pair,
    price: trade.price,
    volume: trade.volume,
    usdPrice: trade.estimatedUSDPrice,
    id: trade.foreignTradeID,
  }));
  const newestListed = Date.parse(listed[0]?.time ?? "") || 0;
  const fresh = live
    .filter((trade) => Date.parse(trade.time) > newestListed)
    .map((trade) => ({ ...trade, id: null }))
    .reverse();
  return [...fresh, ...listed].slice(0, Math.max(listed.length, LIVE_TRADES_SHOWN));
}

/** How many trades the table shows when the service listed fewer. */
const LIVE_TRADES_SHOWN = 10;
