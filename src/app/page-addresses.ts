// The dashboard's pages: the address each answers (a react-router pattern), the module that draws it when
// it is not in the entry (loaded when the page is first opened), and what a search result says of it.
// One table for the router, the build and the service: the build checks each module is a page chunk of its
// own and writes the table beside Vite's manifest (.vite/pages.json), and the service, answering a page's
// address with index.html, puts that page's description and its chunks' preload links into the head, so
// a shared link asks for its page's code together with the entry instead of after the entry has run. The
// same table gives the HTML shell its page's heading and lede (see shell/static-shell.ts).
// Plain data: vite.config.ts reads it while the build is configured.

export interface PageAddress {
  /** The address, as react-router matches it. */
  path: string;
  /** The page's module (from the project root) when it is loaded lazily; the coin list is in the entry. */
  module?: string;
  /** The page's meta description, and the lede under its heading. */
  description: string;
  /**
   * The page's heading as the HTML shell shows it before the scripts run: literal, or with the address's
   * `:name` parameters (a coin's symbol) put in by the service.
   */
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
