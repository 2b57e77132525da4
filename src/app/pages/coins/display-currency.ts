// Which currency the coin list shows its figures in: the reader's choice when the coins answer carries its
// rate (the `change` block: units of the currency per 1 USD), else USD, saying so.
import type { Change } from "../../../interface/resources.ts";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "../../settings/settings.ts";

export interface CurrencyChoice {
  /** The currency the figures are in. */
  currency: DisplayCurrency;
  /** Units of `currency` per 1 USD today, and the day before (for the change against yesterday). */
  rate: number;
  rateYesterday: number;
  /** The currency asked for when its rate is missing and the figures fell back to USD; else null. */
  missing: DisplayCurrency | null;
}

const USD: CurrencyChoice = { currency: "USD", rate: 1, rateYesterday: 1, missing: null };

function usable(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0;
}

/** USD and every display currency the answer has a usable rate for, in the settings' order. */
export function availableCurrencies(change: Change | null): DisplayCurrency[] {
  const present = new Set(
    (change?.usd ?? []).filter((entry) => usable(entry.rate)).map((entry) => entry.symbol.toUpperCase()),
  );
  return DISPLAY_CURRENCIES.filter((currency) => currency === "USD" || present.has(currency));
}

/** The figures' currency for `wanted`, given the answer's rates. */
export function chooseCurrency(wanted: DisplayCurrency, change: Change | null): CurrencyChoice {
  if (wanted === "USD") return USD;
  const entry = change?.usd.find((e) => e.symbol.toUpperCase() === wanted);
  if (!entry || !usable(entry.rate)) return { ...USD, missing: wanted };
  return {
    currency: wanted,
    rate: entry.rate,
    rateYesterday: usable(entry.rateYesterday) ? entry.rateYesterday : entry.rate,
    missing: null,
  };
}
