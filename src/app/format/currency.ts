// Figures in the reader's currency: USD responses carry the ECB reference rates (`change`), so converting
// costs no request; without the chosen currency's rate the figures stay in USD, saying so.
import type { Change } from "../../interface/resources.ts";
import { FX_CURRENCIES } from "../../interface/vocabulary.ts";
import { changePercent } from "./numbers.ts";

/** The currencies figures can be shown in: USD, and those whose ECB rate the service returns. */
export const DISPLAY_CURRENCIES = ["USD", ...FX_CURRENCIES] as const;
export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number];

export interface CurrencyChoice {
  /** The currency the figures are in. */
  currency: DisplayCurrency;
  /** Units of `currency` per 1 USD today, and the day before (for the change against yesterday). */
  rate: number;
  rateYesterday: number;
  /** The currency asked for when its rate is missing and the figures fell back to USD; else null. */
  missing: DisplayCurrency | null;
}

export const USD: CurrencyChoice = { currency: "USD", rate: 1, rateYesterday: 1, missing: null };

function usable(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0;
}

/** USD and every display currency the response has a usable rate for, in the settings' order. */
export function availableCurrencies(change: Change | null): DisplayCurrency[] {
  const present = new Set(
    (change?.usd ?? []).filter((entry) => usable(entry.rate)).map((entry) => entry.symbol.toUpperCase()),
  );
  return DISPLAY_CURRENCIES.filter((currency) => currency === "USD" || present.has(currency));
}

/** The figures' currency for `wanted`, given the response's rates. */
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

/** A USD amount in the chosen currency; null stays null. */
export function convert(usd: number | null | undefined, choice: Pick<CurrencyChoice, "rate">): number | null {
  return usd === null || usd === undefined ? null : usd * choice.rate;
}

/**
 * The change against yesterday as a holder of the currency sees it: today's price at today's rate against
 * yesterday's price at yesterday's rate.
 */
export function changeIn(
  price: number,
  priceYesterday: number | null | undefined,
  choice: Pick<CurrencyChoice, "rate" | "rateYesterday">,
): number | null {
  if (priceYesterday === null || priceYesterday === undefined) return null;
  return changePercent(price * choice.rate, priceYesterday * choice.rateYesterday);
}
