// The coin list's controls: the search, the favourites filter and the display currency.
import { useEffect, useId, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import type { DisplayCurrency } from "../format/currency.ts";

/** The history state of an address the search box wrote in place while typing (see SearchField). */
export const TYPED_SEARCH = { typedSearch: true } as const;

export function CoinsToolbar({
  q,
  onSearch,
  favouritesOnly,
  favouriteCount,
  onFavouritesOnly,
  currency,
  currencies,
  onCurrency,
}: {
  q: string;
  onSearch: (q: string) => void;
  favouritesOnly: boolean;
  favouriteCount: number;
  onFavouritesOnly: (on: boolean) => void;
  /** The reader's chosen currency (even when the response has no rate for it). */
  currency: DisplayCurrency;
  /** The currencies the response has rates for; null while it is not there. */
  currencies: readonly DisplayCurrency[] | null;
  onCurrency: (currency: DisplayCurrency) => void;
}) {
  return (
    <div className="coins-toolbar">
      <SearchField value={q} onChange={onSearch} />
      <FavouritesOnly checked={favouritesOnly} count={favouriteCount} onChange={onFavouritesOnly} />
      <CurrencySelect value={currency} currencies={currencies} onChange={onCurrency} />
    </div>
  );
}

/**
 * The search box keeps its own text so typing never waits for the URL; it takes the URL's search only from
 * an address that came from elsewhere, as a late echo of a keystroke must not undo what was typed since.
 */
function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const location = useLocation();
  const echo = useNavigationType() === "REPLACE" && location.state?.typedSearch === true;
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    if (!echo) setText(value);
  }
  return (
    <div className="coins-search">
      <label htmlFor={id} className="visually-hidden">
        Search coins
      </label>
      <svg className="coins-search__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <circle cx="7" cy="7" r="4.75" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        placeholder="Search by name or symbol"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          onChange(next);
        }}
      />
    </div>
  );
}

/** The favourites filter; it shows a click at once, before the router's transition to the new URL lands. */
function FavouritesOnly({
  checked,
  count,
  onChange,
}: {
  checked: boolean;
  count: number;
  onChange: (on: boolean) => void;
}) {
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <label className="coins-chip">
      <input
        type="checkbox"
        checked={shown}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
      />
      Favourites only
      <span className="coins-chip__count">{count}</span>
    </label>
  );
}

function CurrencySelect({
  value,
  currencies,
  onChange,
}: {
  value: DisplayCurrency;
  currencies: readonly DisplayCurrency[] | null;
  onChange: (currency: DisplayCurrency) => void;
}) {
  const id = useId();
  const options = currencies ?? (value === "USD" ? ["USD"] : ["USD", value]);
  const missing = currencies !== null && !currencies.includes(value);
  return (
    <div className="coins-currency">
      <label htmlFor={id}>Currency</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as DisplayCurrency)}>
        {options.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
        {missing ? (
          <option value={value} disabled>
            {value} (no rate)
          </option>
        ) : null}
      </select>
    </div>
  );
}
