// The coin table: sortable headers (aria-sort), a favourite star per row, and each row one link to its
// symbol page (the name's link stretches over the row, so a click anywhere on it goes there).
import { Link } from "react-router";
import { SortableHeader } from "../components/sortable-header.tsx";
import { DIRECTION_WORDS, type SortDirection } from "../components/table-sort.ts";
import type { DisplayCurrency } from "../format/currency.ts";
import {
  formatAmountCompact,
  formatMoneyCompact,
  formatPercent,
  formatPrice,
  trendOf,
} from "../format/numbers.ts";
import { useLivePrice } from "../live/live-context.tsx";
import { type CoinRow, type LiveBasis, liveFigures } from "./coin-rows.ts";
import type { SortColumn } from "./coins-view.ts";
import { PriceTick } from "./price-tick.tsx";

interface Column {
  key: SortColumn;
  label: string;
  /** Shorter text on screen, when the label is too long for the header. */
  short?: string;
  numeric: boolean;
  /** Hidden on narrow screens. */
  minor?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: "rank", label: "Rank", short: "#", numeric: true, minor: true },
  { key: "name", label: "Name", numeric: false },
  { key: "symbol", label: "Symbol", numeric: false, minor: true },
  { key: "price", label: "Price", numeric: true },
  { key: "change", label: "Change 24 h", short: "24 h", numeric: true },
  { key: "volume", label: "Volume 24 h", numeric: true, minor: true },
  { key: "supply", label: "Circulating supply", short: "Supply", numeric: true, minor: true },
  { key: "cap", label: "Market cap", numeric: true },
];

/** The number of coins the service lists with figures. */
const TOP = 50;

function classes(...names: (string | false | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(" ");
  return joined === "" ? undefined : joined;
}

export function CoinsTable({
  rows,
  sort,
  dir,
  currency,
  favourites,
  onSort,
  onToggleFavourite,
}: {
  rows: readonly CoinRow[];
  sort: SortColumn;
  dir: SortDirection;
  currency: DisplayCurrency;
  favourites: ReadonlySet<string>;
  onSort: (column: SortColumn) => void;
  onToggleFavourite: (symbol: string) => void;
}) {
  const sortedBy = COLUMNS.find((column) => column.key === sort)?.label ?? sort;
  return (
    <div className="table-scroll coins-scroll">
      <table className="data-table coins-table">
        <caption className="visually-hidden">
          Coins, sorted by {sortedBy.toLowerCase()}, {DIRECTION_WORDS[dir]}; figures in {currency}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="coins-fav">
              <span className="visually-hidden">Favourite</span>
            </th>
            {COLUMNS.map((column) => (
              <SortableHeader
                key={column.key}
                column={column.key}
                sort={{ column: sort, direction: dir }}
                onSort={onSort}
                className={classes(
                  `coins-col-${column.key}`,
                  column.numeric && "num",
                  column.minor && "coins-minor",
                )}
                markClass="sort-arrow"
                label={column.label}
                short={column.short}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <CoinTableRow
              key={row.symbol}
              row={row}
              currency={currency}
              favourite={favourites.has(row.symbol)}
              onToggleFavourite={() => onToggleFavourite(row.symbol)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CoinTableRow({
  row,
  currency,
  favourite,
  onToggleFavourite,
}: {
  row: CoinRow;
  currency: DisplayCurrency;
  favourite: boolean;
  onToggleFavourite: () => void;
}) {
  return (
    <tr className={classes("coins-row", !row.listed && "coins-row--unlisted")}>
      <td className="coins-fav">
        <button
          type="button"
          className={classes("star-button", favourite && "star-button--on")}
          aria-pressed={favourite}
          aria-label={`Favourite ${row.name} (${row.symbol})`}
          title={favourite ? "Remove from favourites" : "Add to favourites"}
          onClick={onToggleFavourite}
        >
          <span aria-hidden="true">{favourite ? "★" : "☆"}</span>
        </button>
      </td>
      <td className="num coins-col-rank coins-minor muted">{row.rank}</td>
      <th scope="row" className="coins-col-name">
        <Link className="coins-link" to={`/symbol/${encodeURIComponent(row.symbol)}`}>
          {row.name}
        </Link>
        <span className="coins-inline-symbol">{row.symbol}</span>
        {row.listed ? null : <span className="coins-tag">not in top {TOP}</span>}
      </th>
      <td className="coins-col-symbol coins-minor">{row.symbol}</td>
      {row.live ? (
        <LiveRowFigures symbol={row.symbol} basis={row.live} row={row} currency={currency} />
      ) : (
        <RowFigures row={row} tick={null} currency={currency} />
      )}
    </tr>
  );
}

/** A listed row's figures, made again from the live price when the stream has one newer than the list's. */
function LiveRowFigures({
  symbol,
  basis,
  row,
  currency,
}: {
  symbol: string;
  basis: LiveBasis;
  row: CoinRow;
  currency: DisplayCurrency;
}) {
  const live = useLivePrice(symbol);
  if (live === undefined) return <RowFigures row={row} tick={null} currency={currency} />;
  const tick = live.previous === null ? null : { up: live.price > live.previous, at: live.time };
  return <RowFigures row={{ ...row, ...liveFigures(basis, live.price) }} tick={tick} currency={currency} />;
}

function RowFigures({
  row,
  tick,
  currency,
}: {
  row: CoinRow;
  /** The last move of the live price, for its short up/down mark; null before any. */
  tick: { up: boolean; at: number } | null;
  currency: DisplayCurrency;
}) {
  return (
    <>
      <td className="num">
        <span className="coins-price">
          {formatPrice(row.price, currency)}
          {tick ? <PriceTick up={tick.up} at={tick.at} /> : null}
        </span>
      </td>
      <td className={classes("num", trendOf(row.change) !== "flat" && trendOf(row.change))}>
        {formatPercent(row.change)}
      </td>
      <td className="num coins-minor">{formatMoneyCompact(row.volume, currency)}</td>
      <td className="num coins-minor">{formatAmountCompact(row.supply)}</td>
      <td className="num">{formatMoneyCompact(row.cap, currency)}</td>
    </>
  );
}
