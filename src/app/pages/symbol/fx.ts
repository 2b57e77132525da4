// Figures in the reader's currency: the service answers in USD and gives the ECB reference rates (units of
// the currency per 1 USD, today and the day before) in the same answer, so converting costs no request.
import type { Change } from "../../../interface/resources.ts";
import { changePercent } from "../../format/numbers.ts";

export interface Fx {
  /** The currency the figures are shown in. */
  currency: string;
  /** Units of `currency` per 1 USD, today and the day before. */
  rate: number;
  rateYesterday: number;
  /** The currency asked for when the answer had no rate for it (the figures stay in USD), else null. */
  missing: string | null;
}

export const USD: Fx = { currency: "USD", rate: 1, rateYesterday: 1, missing: null };

export function fxFor(change: Change | null | undefined, currency: string): Fx {
  if (currency === "USD") return USD;
  const found = change?.usd.find((entry) => entry.symbol === currency);
  if (!found || !(found.rate > 0)) return { ...USD, missing: currency };
  const rateYesterday = found.rateYesterday > 0 ? found.rateYesterday : found.rate;
  return { currency, rate: found.rate, rateYesterday, missing: null };
}

/** A USD amount in the currency of `fx`; null stays null. */
export function convert(usd: number | null | undefined, fx: Fx): number | null {
  return usd === null || usd === undefined ? null : usd * fx.rate;
}

/**
 * The change against yesterday as a holder of the currency sees it: today's price at today's rate against
 * yesterday's price at yesterday's rate.
 */
export function changeIn(price: number, priceYesterday: number | null | undefined, fx: Fx): number | null {
  if (priceYesterday === null || priceYesterday === undefined) return null;
  return changePercent(price * fx.rate, priceYesterday * fx.rateYesterday);
}
