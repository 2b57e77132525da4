// The header's navigation: one list for the React header and for the HTML shell the page shows before its
// scripts have run (static-shell.ts), so the two cannot disagree. Plain data: the build reads it too.

export const BRAND = "Crowd Market Data";

export const NAV = [
  { to: "/", label: "Coins", end: true },
  { to: "/rates", label: "Rates", end: false },
  { to: "/supply", label: "Supply", end: false },
  { to: "/settings", label: "Settings", end: false },
] as const;
