// One block's provenance, read top-down as a trader asks: the price and when, the exchanges that made it,
// then what the filter left out.
import type { Provenance } from "../../interface/provenance.ts";
import { Figure } from "../components/figure.tsx";
import { type CurrencyChoice, convert } from "../format/currency.ts";
import { formatNumber, formatPrice } from "../format/numbers.ts";
import {
  formatDateTimeIn,
  formatTimeOfDayIn,
  sameDayIn,
  type TimeZone,
  timeZoneAbbreviation,
} from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { ProvenanceExchanges } from "./provenance-exchanges.tsx";
import { ProvenanceLeftOut } from "./provenance-left-out.tsx";
import { formatCoinAmount } from "./trade-format.ts";

/** What a block made from candles holds, by the candles' resolution (an older service names none: 1m). */
const CANDLES_MADE = {
  "1m": "Made from the exchanges' 1-minute candles",
  "1h": "Made from the exchanges' hourly candles: this block holds the whole hour",
  "1d": "Made from the exchanges' daily candles: this block holds the whole day",
} as const;

export function ProvenanceView({ provenance, fx }: { provenance: Provenance; fx: CurrencyChoice }) {
  const zone = useTimeZone();
  const { aggregate, exchanges, symbol } = provenance;
  const traded = exchanges.filter((e) => e.role === "contributed").length;
  const down = exchanges.filter((e) => e.role === "down").length;
  const price = (usd: number | null) => formatPrice(convert(usd, fx), fx.currency);
  // A block made from candles knows their prices and volume, not the trades behind them.
  const fromCandles = provenance.madeFrom === "candles";
  const bought =
    aggregate.volume > 0 && !fromCandles ? Math.round((aggregate.buyVolume / aggregate.volume) * 100) : null;
  return (
    <div className="provenance__body">
      <p className="provenance__block">
        Block{" "}
        <time dateTime={provenance.blockStart}>
          {blockTimes(provenance.blockStart, provenance.blockEnd, zone)}
        </time>
      </p>
      {fromCandles ? (
        <p className="provenance__candles">
          {CANDLES_MADE[provenance.resolution ?? "1m"]} (history from before the service followed their
          trades): prices and volume are the candles', the trade counts and the buy and sell split are not
          known.
        </p>
      ) : null}
      <p className="provenance__summary">
        <span className="provenance__price">{price(aggregate.ma120)}</span>
        <span>
          MA120, the price, from{" "}
          <strong>
            {traded} of {exchanges.length} exchange{exchanges.length === 1 ? "" : "s"}
          </strong>
          {down > 0 ? ` (${down} down)` : ""}
          {fromCandles
            ? ""
            : ` · ${formatNumber(aggregate.trades, 0)} trade${aggregate.trades === 1 ? "" : "s"}`}{" "}
          · {formatCoinAmount(aggregate.volume)} {symbol}
          {bought === null ? "" : ` (${bought} % bought)`}
        </span>
      </p>
      <dl className="provenance__figures" aria-label="The block across all exchanges">
        <Figure term="MAIR120" value={price(aggregate.mair120)} />
        <Figure term="MEDIR120" value={price(aggregate.medir120)} />
        <Figure term="Open" value={price(aggregate.open)} />
        <Figure term="High" value={price(aggregate.high)} />
        <Figure term="Low" value={price(aggregate.low)} />
        <Figure term="Close" value={price(aggregate.close)} />
      </dl>
      <ProvenanceExchanges symbol={symbol} exchanges={exchanges} fx={fx} />
      <ProvenanceLeftOut provenance={provenance} fx={fx} />
    </div>
  );
}

/** The block's span in `zone`, named: "Nov 22, 2026, 11:44:00 AM – 11:46:00 AM UTC". */
export function blockTimes(startIso: string, endIso: string, zone: TimeZone, locale?: string): string {
  const start = Date.parse(startIso) / 1000;
  const end = Date.parse(endIso) / 1000;
  if (!Number.isFinite(start) || !Number.isFinite(end)) return `${startIso} – ${endIso}`;
  const to = sameDayIn(start, end, zone)
    ? formatTimeOfDayIn(end, zone, { seconds: true, locale })
    : formatDateTimeIn(end, zone, { seconds: true, locale });
  return `${formatDateTimeIn(start, zone, { seconds: true, locale })} – ${to} ${timeZoneAbbreviation(zone, start)}`;
}
