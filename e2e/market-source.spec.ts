// Where the numbers come from, against the real service (the simulator, its default): the header says
// "Simulated market" on every page, also on a reload the persisted cache serves without a /v1 answer, and
// it fits the header at a phone's width. Screenshots of the header in both themes and at 360 px are left in
// the test's output folder to look at.
import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures.ts";

const PAGES = [
  { path: "/", ready: (page: Page) => page.getByRole("table").first() },
  { path: "/symbol/BTC", ready: (page: Page) => page.getByText(/as of .+ · source \w/).first() },
  { path: "/chart/BTC", ready: (page: Page) => page.getByRole("heading", { level: 1 }) },
  { path: "/rates", ready: (page: Page) => page.getByText("ESTER").first() },
  { path: "/supply", ready: (page: Page) => page.getByRole("button", { name: /send|post|store/i }).first() },
  { path: "/settings", ready: (page: Page) => page.getByRole("button", { name: /save/i }).first() },
  { path: "/no-such-page", ready: (page: Page) => page.getByRole("heading", { name: "Page not found" }) },
] as const;

/** The app's header: the banner holding the main navigation (a page may have a header of its own). */
const appHeader = (page: Page): Locator =>
  page.getByRole("banner").filter({ has: page.getByRole("navigation", { name: "Main" }) });

const simulated = (page: Page) => appHeader(page).getByText("Simulated market", { exact: true });

/** In-app navigation, as a click on a link does it. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test("the header says 'Simulated market' on every page", async ({ page, client }) => {
  await page.goto("/");
  for (const { path, ready } of PAGES) {
    if (path !== "/") await navigate(page, path);
    await expect(ready(page)).toBeVisible({ timeout: 30_000 });
    await expect(simulated(page), path).toBeVisible();
  }
  await expect(appHeader(page).getByRole("button", { name: /^Live/ })).toHaveCount(0);
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});

test("a page the cache serves after a reload still says it, through the free /status", async ({
  page,
  client,
}) => {
  await page.goto("/rates");
  await expect(page.getByText("ESTER").first()).toBeVisible({ timeout: 30_000 });
  await expect(simulated(page)).toBeVisible();
  await client.waitForRequests(1);
  const reloaded = Date.now();
  const status = page.waitForResponse((response) => new URL(response.url()).pathname === "/status");
  await page.goto("/settings");
  expect((await status).status()).toBe(200);
  await expect(simulated(page)).toBeVisible();
  // The settings page asks nothing of /v1: the claim came from /status, which spends no budget.
  await page.waitForTimeout(500);
  expect(client.requests().filter((r) => Date.parse(r.time) >= reloaded)).toEqual([]);
});

for (const look of [
  { name: "light", scheme: "light", width: 1280 },
  { name: "dark", scheme: "dark", width: 1280 },
  { name: "phone-light", scheme: "light", width: 360 },
  { name: "phone-dark", scheme: "dark", width: 360 },
] as const) {
  test(`the claim fits the header: ${look.name}`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.setViewportSize({ width: look.width, height: 760 });
    await page.goto("/");
    await expect(page.getByRole("table").first()).toBeVisible({ timeout: 30_000 });
    const badge = simulated(page);
    await expect(badge).toBeVisible();
    const box = await badge.boundingBox();
    const header = await appHeader(page).boundingBox();
    if (box === null || header === null) throw new Error("the claim or the header has no box");
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(look.width);
    await appHeader(page).screenshot({ path: testInfo.outputPath(`header-${look.name}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`page-${look.name}.png`) });
  });
}

// The e2e service runs the simulator; to look at the live claim in a real browser, its answers are dressed
// on the way in as the exchanges source would send them (the header, and a /status of ten exchanges).
const VENUES = [
  "Binance",
  "Coinbase",
  "Kraken",
  "OKX",
  "Bybit",
  "Bitstamp",
  "Bitfinex",
  "KuCoin",
  "Gate",
  "HTX",
];

const DRESS = "exchanges; live=9; total=10";

async function dressAsExchanges(page: Page): Promise<void> {
  await page.route(/\/v1\//, async (route) => {
    // The live stream's body never ends (route.fetch would wait for it past the test's end), and its own
    // header would say "simulator": here the service offers none, in the dress of the rest.
    if (new URL(route.request().url()).pathname.startsWith("/v1/stream")) {
      return route.fulfill({
        status: 404,
        headers: { "x-market-source": DRESS },
        body: "404 page not found",
      });
    }
    const response = await route.fetch();
    await route.fulfill({
      response,
      headers: { ...response.headers(), "x-market-source": DRESS },
    });
  });
  await page.route(/\/status$/, (route) =>
    route.fulfill({
      json: {
        market: {
          source: "exchanges",
          latestBlockEnd: new Date(Date.now() - 40_000).toISOString(),
          exchanges: VENUES.map((name, i) => ({
            name,
            connected: name !== "HTX",
            pairs: 34 - i,
            lastTradeTime: name === "HTX" ? null : new Date(Date.now() - 1000 * (i + 1)).toISOString(),
            tradesPerMinute: name === "HTX" ? 0 : 812.4 - i * 61,
            tradesTaken: name === "HTX" ? 0 : 40_000 - i * 3_000,
            reconnects: name === "HTX" ? 6 : i % 3,
            filledOverRest: 12 * i,
            droppedLate: i % 2,
            droppedDuplicate: 3 + i,
            backfill:
              name === "Kraken"
                ? { state: "running", doneBlocks: 310, totalBlocks: 720 }
                : { state: "done", doneBlocks: 720, totalBlocks: 720 },
          })),
        },
        rates: { source: "history" },
      },
    }),
  );
}

for (const look of [
  { name: "live-dark", scheme: "dark", width: 1280 },
  { name: "live-phone-light", scheme: "light", width: 360 },
] as const) {
  test(`the live claim opens each exchange's health from the keyboard: ${look.name}`, async ({
    page,
  }, testInfo) => {
    await dressAsExchanges(page);
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.setViewportSize({ width: look.width, height: 760 });
    await page.goto("/");
    const claim = appHeader(page).getByRole("button", { name: "Live from 9 exchanges" });
    await expect(claim).toBeVisible({ timeout: 30_000 });
    await claim.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Exchange health" });
    await expect(dialog.getByRole("listitem")).toHaveCount(10);
    await expect(dialog.getByRole("listitem", { name: "HTX" })).toContainText("disconnected");
    const box = await dialog.boundingBox();
    if (box === null) throw new Error("the dialog has no box");
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    await page.screenshot({ path: testInfo.outputPath(`popover-${look.name}.png`) });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(claim).toBeFocused();
  });
}
