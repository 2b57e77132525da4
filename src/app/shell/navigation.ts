// The header's navigation, one list for the React header and the HTML shell so the two cannot disagree.

import { PAGE_ADDRESSES } from "../page-addresses.ts";

export const BRAND = "Crowd Market Data";

export const NAV = [
  { to: PAGE_ADDRESSES.coins.path, label: "Coins", end: true },
  { to: PAGE_ADDRESSES.rates.path, label: "Rates", end: false },
  { to: PAGE_ADDRESSES.supply.path, label: "Supply", end: false },
  { to: PAGE_ADDRESSES.settings.path, label: "Settings", end: false },
] as const;
