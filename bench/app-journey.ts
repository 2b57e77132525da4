// The bench's 12-view journey: what a person looking around the dashboard visits, and the data each view
// needs that no earlier view already fetched. The bench divides the requests the service saw by the size
// of the union of `needs`: 1.0 means not one request was spent twice or on nothing.
import type { Page } from "@playwright/test";

export interface JourneyView {
  name: string;
  path: string;
  /** "METHOD /path" of every request this view needs that an earlier view did not already fetch. */
  needs: string[];
  /** Resolves when the view shows everything it needs. */
  ready(page: Page): Promise<void>;
}

const WAIT = { timeout: Number(process.env.JOURNEY_WAIT ?? 120_000) };

/** Nothing loading, nothing waiting for the budget. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const main = document.querySelector("main");
      if (!main) return false;
      const loading = main.querySelector('[aria-busy="true"], .skeleton-cell, .skeleton-block');
      return loading === null && !main.textContent?.includes("Waiting for a free request slot");
    },
    null,
    { ...WAIT, polling: 100 },
  );
}

const coinList = (name: string, path = "/", needs: string[] = [], rows = 20): JourneyView => ({
  name,
  path,
  needs,
  ready: async (page) => {
    await page
      .locator("table tbody tr")
      .nth(rows - 1)
      .waitFor(WAIT);
    await settled(page);
  },
});

const symbol = (code: string, fresh: boolean): JourneyView => ({
  name: `${code}${fresh ? "" : " again"}`,
  path: `/symbol/${code}`,
  needs: fresh ? [`GET /v1/symbol/${code}`, `GET /v1/supply/${code}`] : [],
  ready: async (page) => {
    // The symbol's badge beside the coin's name, then the supply note (the last thing to arrive).
    await page.locator("main").getByText(code, { exact: true }).first().waitFor(WAIT);
    await page
      .getByText(/as of .+ · source \w/)
      .first()
      .waitFor(WAIT);
    await settled(page);
  },
});

const plain = (name: string, path: string, needs: string[]): JourneyView => ({
  name,
  path,
  needs,
  ready: async (page) => {
    await page.locator("main h1").first().waitFor(WAIT);
    await settled(page);
  },
});

export const JOURNEY: readonly JourneyView[] = [
  coinList("Coin list", "/", ["GET /v1/coins"]),
  symbol("BTC", true),
  symbol("ETH", true),
  coinList("Coin list again"),
  coinList('Coin list, search "so"', "/?q=so", [], 1),
  symbol("SOL", true),
  plain("Interest rates", "/rates", ["GET /v1/interestrates", "GET /v1/interestrate/ESTER"]),
  plain("SOFR", "/rates?type=SOFR", ["GET /v1/interestrate/SOFR"]),
  symbol("BTC", false),
  plain("Supply form", "/supply", []),
  plain("Settings", "/settings", []),
  symbol("ETH", false),
];
