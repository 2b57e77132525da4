// The coin's figures at a glance. A figure still on its way shows a placeholder of its size, so the layout
// does not jump; one the service does not know shows a dash and why.
import type { ReactNode } from "react";
import { type CurrencyChoice, changeIn, convert } from "../format/currency.ts";
import {
  formatAmountCompact,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
  formatPrice,
  trendOf,
} from "../format/numbers.ts";
import { timeZoneAbbreviation } from "../format/time-zone.ts";
import { useTimeZone } from "../store/settings-context.tsx";
import { formatClock, formatFullTime } from "./trade-format.ts";

export interface FigureValues {
  symbol: string;
  priceUSD: number;
  priceYesterdayUSD: number | null;
  volumeUSD: number | null;
  /** When the price was computed. */
  time: string;
  /** undefined: not known yet (still loading). */
  circulatingSupply: number | null | undefined;
  rank: number | undefined;
}

export function CoinFigures({
  values,
  fx,
  supplyNote,
}: {
  values: FigureValues;
  fx: CurrencyChoice;
  supplyNote?: ReactNode;
}) {
  const { symbol, circulatingSupply, rank } = values;
  const zone = useTimeZone();
  const change = changeIn(values.priceUSD, values.priceYesterdayUSD, fx);
  const trend = trendOf(change);
  const marketCapUSD =
    circulatingSupply === undefined || circulatingSupply === null
      ? circulatingSupply
      : values.priceUSD * circulatingSupply;
  return (
    <dl className="figures" aria-label={`Figures of ${symbol}`}>
      <div className="figure figure--price">
        <dt>Price</dt>
        <dd>
          <span className="figure__value figure__value--big">
            {formatPrice(convert(values.priceUSD, fx), fx.currency)}
          </span>
          <span className="figure__note">
            as of{" "}
            <time dateTime={values.time} title={formatFullTime(values.time, zone)}>
              {formatClock(values.time, zone)} {timeZoneAbbreviation(zone)}
            </time>
            {fx.currency === "USD" ? null : ` · ${formatPrice(values.priceUSD, "USD")}`}
          </span>
        </dd>
      </div>
      <div className="figure">
        <dt>Change 24 h</dt>
        <dd>
          <span className={`figure__value ${trend}`}>
            {trend === "flat" ? null : <span aria-hidden="true">{trend === "up" ? "▲ " : "▼ "}</span>}
            {formatPercent(change)}
          </span>
          {change === null ? <span className="figure__note">no price from 24 h ago yet</span> : null}
        </dd>
      </div>
      <div className="figure">
        <dt>Volume 24 h</dt>
        <dd>
          <span className="figure__value">
            {formatMoneyCompact(convert(values.volumeUSD, fx), fx.currency)}
          </span>
        </dd>
      </div>
      <div className="figure">
        <dt>Market cap</dt>
        <dd>
          <Later value={marketCapUSD}>
            {(usd) => (
              <span className="figure__value">{formatMoneyCompact(convert(usd, fx), fx.currency)}</span>
            )}
          </Later>
          {marketCapUSD === null ? <span className="figure__note">no supply known</span> : null}
        </dd>
      </div>
      <div className="figure figure--supply">
        <dt>Circulating supply</dt>
        <dd>
          <Later value={circulatingSupply}>
            {(supply) => (
              <span
                className="figure__value"
                title={supply === null ? undefined : `${formatNumber(supply, 8)} ${symbol}`}
              >
                {supply === null ? "—" : `${formatAmountCompact(supply)} ${symbol}`}
              </span>
            )}
          </Later>
          {supplyNote}
        </dd>
      </div>
      <div className="figure">
        <dt>Rank</dt>
        <dd>
          <Later value={rank}>
            {(position) => (
              <span className="figure__value">{position > 0 ? `#${position}` : "outside the top 50"}</span>
            )}
          </Later>
          {rank !== undefined && rank > 0 ? <span className="figure__note">by market cap</span> : null}
        </dd>
      </div>
    </dl>
  );
}

/** The value once it is known; a placeholder of a figure's size until then. */
function Later<T>({
  value,
  big = false,
  children,
}: {
  value: T | undefined;
  /** In the place of the big price. */
  big?: boolean;
  children: (value: T) => ReactNode;
}) {
  if (value === undefined) {
    return (
      <span className={`figure__value figure__loading${big ? " figure__loading--big" : ""}`}>
        <span className="skeleton-cell" aria-hidden="true" />
        <span className="visually-hidden">loading</span>
      </span>
    );
  }
  return <>{children(value)}</>;
}

/**
 * The figures' frame while the details are on their way: the same cards, labels and lines, so the sections
 * below stay where they will be (the supply card's three note lines set its row's height).
 */
export function CoinFiguresLoading({ symbol }: { symbol: string }) {
  const notes = (lines: number) =>
    Array.from({ length: lines }, (_, line) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
      <span className="figure__note figure__note--loading" key={line} aria-hidden="true">
        <span className="skeleton-cell" />
      </span>
    ));
  const figure = (label: string, lines: number, className = "figure") => (
    <div className={className}>
      <dt>{label}</dt>
      <dd>
        <Later value={undefined} big={className.includes("figure--price")}>
          {() => null}
        </Later>
        {notes(lines)}
      </dd>
    </div>
  );
  return (
    <dl className="figures" aria-label={`Figures of ${symbol}`} aria-busy="true">
      {figure("Price", 1, "figure figure--price")}
      {figure("Change 24 h", 0)}
      {figure("Volume 24 h", 0)}
      {figure("Market cap", 0)}
      {figure("Circulating supply", 3, "figure figure--supply")}
      {figure("Rank", 1)}
    </dl>
  );
}
