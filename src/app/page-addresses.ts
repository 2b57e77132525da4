// The dashboard's pages: their address, module and description, in one table for the router, the build and
// the service, which puts a page's preload links into the HTML so a shared link fetches its page's code with
// the entry. Plain data, as vite.config.ts reads it while the build is configured.

export interface PageAddress {
  /** The address, as react-router matches it. */
  path: string;
  /** The page's module (from the project root) when it is loaded lazily; the coin list is in the entry. */
  module?: string;
  /** The page's meta description, and the lede under its heading. */
  description: string;
  /** The page's heading as the HTML shell shows it; the service puts in `:name` parameters (a symbol). */
  heading: string;
}

export const PAGE_ADDRESSES = {
  coins: {
    path: "/",
    heading: "Coins",
    description:
      "Crowd-aggregated prices of crypto coins across ten exchanges: search, sort, keep favourites and read them in your currency.",
  },
  symbol: {
    path: "/symbol/:symbol",
    heading: ":symbol",
    module: "src/app/symbol/symbol-page.tsx",
    description:
      "A coin's crowd-aggregated price, its circulating supply, a 24-hour MA120 chart and the last trades on each exchange.",
  },
  chart: {
    path: "/chart/:symbol",
    heading: ":symbol chart",
    module: "src/app/chart/chart-page.tsx",
    description:
      "A coin's candles and volume, or its filter line (MA120, MAIR120, MEDIR120), by exchange at any scale and range, live, compared, exported as CSV or PNG.",
  },
  rates: {
    path: "/rates",
    heading: "Interest rates",
    module: "src/app/rates/rates-page.tsx",
    description:
      "Interest rate fixings (€STR, SOFR and its averages, SONIA): the value on a day, or a chart of a range of days.",
  },
  supply: {
    path: "/supply",
    heading: "Circulating supply",
    module: "src/app/supply/supply-page.tsx",
    description: "Post a coin's circulating supply to the market data service with your write key.",
  },
  settings: {
    path: "/settings",
    heading: "Settings",
    module: "src/app/settings/settings-page.tsx",
    description:
      "The dashboard's settings: the service's address, an API key, the write key and the request budget to plan with.",
  },
  admin: {
    path: "/console",
    heading: "Admin console",
    module: "src/app/admin/admin-page.tsx",
    description:
      "The operator's console: client keys and their limits, address rules, usage by client and the service's health.",
  },
} as const satisfies Record<string, PageAddress>;

export type PageName = keyof typeof PAGE_ADDRESSES;
