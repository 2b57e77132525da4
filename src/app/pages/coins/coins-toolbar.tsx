// The coin list's controls: the search, the favourites filter and the display currency.
import { useEffect, useId, useRef, useState } from "react";
import type { DisplayCurrency } from "../../settings/settings.ts";
import { SearchEchoes } from "./search-echoes.ts";

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
  /** The reader's chosen currency (even when the answer has no rate for it). */
  currency: DisplayCurrency;
  /** The currencies the answer has rates for; null while it is not there. */
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
 * The search box. It keeps its own text so typing never waits for the URL, writes each change out, and
 * takes the URL's search when it changes from elsewhere (back/forward, a link), not when it is the late
 * echo of its own typing.
 */
function SearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const echoes = useRef(new SearchEchoes());
  useEffect(() => {
    if (!echoes.current.isEcho(value, Date.now())) setText(value);
  }, [value]);
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
          echoes.current.typed(next, Date.now());
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
