// The coin list, the dashboard's home: a person reads the top coins, sorts, searches, keeps favourites,
// switches the currency and opens a coin, in both wire formats, and the page spends one request on it.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

interface ListedCoins {
  /** Symbols of the top list, by rank. */
  top: string[];
  /** Every coin by name, by rank. */
  complete: { symbol: string; name: string }[];
}

/** What GET /v1/coins lists, read in either wire format (camelCase or PascalCase). */
async function listedCoins(request: APIRequestContext): Promise<ListedCoins> {
  const response = await request.get("/v1/coins");
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as Record<string, unknown>;
  const field = (record: unknown, name: string): unknown => {
    const object = record as Record<string, unknown>;
    return object[name] ?? object[name.charAt(0).toUpperCase() + name.slice(1)];
  };
  const coins = field(body, "coins") as unknown[];
  const complete = field(body, "completeCoinList") as unknown[];
  return {
    top: coins.map((coin) => String(field(coin, "symbol"))),
    complete: complete.map((coin) => ({
      symbol: String(field(coin, "symbol")),
      name: String(field(coin, "name")),
    })),
  };
}

function coinTable(page: Page): Locator {
  return page.getByRole("table", { name: /^Coins/ });
}

/** The table's coin rows: the rows with a row header (the coin's name). */
function coinRows(page: Page): Locator {
  return coinTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });
}

/** One coin's row, by its symbol. */
function rowOf(page: Page, symbol: string): Locator {
  return coinRows(page).filter({ has: page.getByRole("cell", { name: symbol, exact: true }) });
}

/** The cells of a row in order: star, rank, symbol, price, change, volume, supply, market cap. */
const PRICE_CELL = 3;

async function prices(page: Page): Promise<number[]> {
  const texts = await coinRows(page).evaluateAll(
    (rows, index) => rows.map((row) => row.querySelectorAll("td")[index]?.textContent ?? ""),
    PRICE_CELL,
  );
  return texts.map((text) => Number(text.replace(/[^0-9.]/g, "")));
}

const names = (page: Page) => coinRows(page).getByRole("rowheader").getByRole("link").allTextContents();

for (const wire of ["seed", "dia"] as const) {
  test.describe(`coins page (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("lists the top coins, sorts by price and searches, from one request", async ({
      page,
      client,
      request,
    }) => {
      const listed = await listedCoins(request);
      await page.clock.install();
      await page.goto("/");
      await expect(coinRows(page)).toHaveCount(Math.min(50, listed.top.length));
      await expect(rowOf(page, "BTC")).toBeVisible();
      await expect(page.getByText(/updated \d+ (s|min) ago/)).toBeVisible();
      const byRank = await names(page);
      // The stream moves the prices after the list came: the sort orders the prices shown, not the list's.
      const asListed = await prices(page);
      await expect.poll(() => prices(page), { timeout: 20_000 }).not.toEqual(asListed);
      // Held still from here (the page's timers wait), so no move lands between the sort and the reading.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

      const price = coinTable(page).getByRole("columnheader", { name: "Price" });
      await price.getByRole("button").click();
      await expect(page).toHaveURL(/\?sort=price&dir=desc$/);
      await expect(price).toHaveAttribute("aria-sort", "descending");
      const descending = await prices(page);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      expect(await names(page)).not.toEqual(byRank);

      await price.getByRole("button").click();
      await expect(page).toHaveURL(/\?sort=price&dir=asc$/);
      await expect(price).toHaveAttribute("aria-sort", "ascending");
      const ascending = await prices(page);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

      await page.clock.resume();
      await page.getByRole("searchbox", { name: "Search coins" }).pressSequentially("eth");
      await expect(page).toHaveURL(/\?q=eth&sort=price&dir=asc$/);
      await expect(rowOf(page, "ETH")).toBeVisible();
      const found = await coinRows(page).count();
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThan(listed.top.length);
      for (const text of await coinRows(page).allTextContents()) expect(text.toLowerCase()).toContain("eth");

      // Typing replaced the entry in place: one step back is the previous sort, not "et".
      await page.goBack();
      await expect(page).toHaveURL(/\?sort=price&dir=desc$/);
      await expect(page.getByRole("searchbox", { name: "Search coins" })).toHaveValue("");

      await client.waitForRequests(1);
      expect(client.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        "GET /v1/coins 200",
      ]);
    });

    test("search reaches coins known only by name", async ({ page, client, request }) => {
      const listed = await listedCoins(request);
      // The market knows more coins than the top list holds (the catalog's smaller coins), as a real one does.
      const beyond = listed.complete.find((coin) => !listed.top.includes(coin.symbol));
      if (beyond === undefined) throw new Error(`all ${listed.complete.length} coins are in the top list`);
      await page.goto("/");
      await expect(coinRows(page)).toHaveCount(Math.min(50, listed.top.length));
      await page.getByRole("searchbox", { name: "Search coins" }).fill(beyond.symbol);
      const row = rowOf(page, beyond.symbol);
      await expect(row).toBeVisible();
      await expect(row.getByText("not in top 50")).toBeVisible();
      await row.getByRole("link", { name: beyond.name }).click();
      await expect(page).toHaveURL(new RegExp(`/symbol/${encodeURIComponent(beyond.symbol)}$`));
      await client.waitForRequests(1);
    });

    test("a favourite stays a favourite after a reload", async ({ page, client }) => {
      await page.goto("/");
      const star = page.getByRole("button", { name: "Favourite Ethereum (ETH)", exact: true });
      await expect(star).toHaveAttribute("aria-pressed", "false");
      await star.click();
      await expect(star).toHaveAttribute("aria-pressed", "true");

      await page.getByRole("checkbox", { name: /Favourites only/ }).check();
      await expect(page).toHaveURL(/\?fav=1$/);
      await expect(coinRows(page)).toHaveCount(1);
      await expect(rowOf(page, "ETH")).toBeVisible();

      await page.reload();
      await expect(page.getByRole("checkbox", { name: /Favourites only/ })).toBeChecked();
      await expect(coinRows(page)).toHaveCount(1);
      await expect(star).toHaveAttribute("aria-pressed", "true");

      await page.getByRole("checkbox", { name: /Favourites only/ }).uncheck();
      await expect(page).toHaveURL(/\/$/);
      await expect(rowOf(page, "BTC")).toBeVisible();
      await expect(star).toHaveAttribute("aria-pressed", "true");
      expect((await client.waitForRequests(1)).length).toBeLessThanOrEqual(2);
    });

    test("prices switch to euros and stay in euros after a reload", async ({ page, client }) => {
      await page.goto("/");
      const btcPrice = rowOf(page, "BTC").getByRole("cell").nth(PRICE_CELL);
      await expect(btcPrice).toContainText("$");
      await page.getByRole("combobox", { name: "Currency" }).selectOption("EUR");
      await expect(btcPrice).toContainText("€");
      await expect(btcPrice).not.toContainText("$");

      await page.reload();
      await expect(page.getByRole("combobox", { name: "Currency" })).toHaveValue("EUR");
      await expect(btcPrice).toContainText("€");
      expect((await client.waitForRequests(1)).length).toBeLessThanOrEqual(2);
    });

    test("a row opens its coin's page, by mouse and by keyboard", async ({ page, client }) => {
      await page.goto("/");
      // Anywhere on the row: the name's link covers it.
      await rowOf(page, "BTC").click();
      await expect(page).toHaveURL(/\/symbol\/BTC$/);

      await page.goBack();
      const eth = page.getByRole("link", { name: "Ethereum", exact: true });
      await eth.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/symbol\/ETH$/);
      await client.waitForRequests(1);
    });
  });
}
