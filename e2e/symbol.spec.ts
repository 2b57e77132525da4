import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { canvasColours, checkSmallChartLooks } from "./canvas.ts";
import { type Client, test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

// The symbol page as a person uses it: open a coin, sort its exchanges, open an exchange's last trades and
// step back, read the supply's time and source; a symbol in the wrong case; and the way from the coin list,
// which spends one request for the details and one for the supply record and none on a quotation.

function exchangeTable(page: Page) {
  return page.getByRole("table", { name: /on each exchange/ });
}

async function exchangeOrder(page: Page): Promise<string[]> {
  const names = await exchangeTable(page)
    .getByRole("button", { name: /, last trades$/ })
    .allTextContents();
  return names.map((name) => name.trim());
}

/**
 * The paths the service logged for this test's key once `count` more than `before` arrived and no more
 * followed (`before`: what the key had spent when the test began).
 */
async function settledRequests(client: Client, page: Page, before: number, count: number): Promise<string[]> {
  await client.waitForRequests(before + count);
  await page.waitForTimeout(1500);
  return client
    .requests()
    .slice(before)
    .map((r) => r.path);
}

/**
 * What the canvases inside `chart` hold: how many distinct colours (sampled), and the most frequent opaque
 * one (the chart's background). A chart drawn with a line and its axes has many colours; a blank one one.
 */

/** The MA120 chart of `symbol`, by its accessible name (which states the day's range in words). */
function ma120Chart(page: Page, symbol: string) {
  return page.getByRole("img", {
    name: new RegExp(`^MA120 of ${symbol} over the last 24 hours: from \\S+ to \\S+, low \\S+, high \\S+$`),
  });
}

/** The values of a search param in the page's address. */
function searchParam(page: Page, name: string): () => string[] {
  return () => new URL(page.url()).searchParams.getAll(name);
}

for (const wire of ["seed", "dia"] as const) {
  test.describe(`symbol page (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("a coin's figures, its exchanges sorted and opened, all in the address", async ({
      page,
      client,
    }) => {
      const spent = client.requests().length;
      await page.goto("/symbol/BTC");
      await expect(page.getByRole("heading", { level: 1, name: "Bitcoin" })).toBeVisible();
      await expect(page).toHaveTitle(/BTC/);
      const figures = page
        .getByRole("definition")
        .filter({ hasText: /\$[\d,]+\.\d\d/ })
        .first();
      await expect(figures).toBeVisible();
      await expect(page.getByText("#1", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Chart of BTC", exact: true })).toHaveAttribute(
        "href",
        "/chart/BTC",
      );

      // The day's MA120 from the details' gfx1, drawn on a canvas, with the way to the full chart.
      const chart = ma120Chart(page, "BTC");
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAccessibleName(/from \$[\d,]+\.\d\d to \$[\d,]+\.\d\d/);
      await expect(chart.locator("canvas").first()).toBeVisible();
      await expect.poll(async () => (await canvasColours(chart)).distinct).toBeGreaterThan(8);
      await expect(page.getByRole("link", { name: "Full chart of BTC" })).toHaveAttribute(
        "href",
        "/chart/BTC",
      );

      const table = exchangeTable(page);
      await expect(table.getByRole("row").nth(2)).toBeVisible();
      const before = await exchangeOrder(page);
      expect(before.length).toBeGreaterThan(2);
      await expect(table.getByRole("link", { name: `Chart of BTC on ${before[0]}` })).toHaveAttribute(
        "href",
        `/chart/BTC?exchange=${encodeURIComponent(before[0] as string)}`,
      );

      // Largest volume first, as the service lists them; a click turns it round.
      const volume = table.getByRole("columnheader", { name: /Volume/ });
      await expect(volume).toHaveAttribute("aria-sort", "descending");
      await volume.getByRole("button").click();
      await expect(page).toHaveURL(/[?&]sort=volume&dir=asc/);
      await expect(volume).toHaveAttribute("aria-sort", "ascending");
      const after = await exchangeOrder(page);
      expect(after).not.toEqual(before);
      expect([...after].sort()).toEqual([...before].sort());

      // Open the first exchange's last trades from the keyboard.
      const name = after[0] as string;
      const expand = table.getByRole("button", { name: `${name}, last trades` });
      await expect(expand).toHaveAttribute("aria-expanded", "false");
      await expand.focus();
      await page.keyboard.press("Enter");
      await expect(expand).toHaveAttribute("aria-expanded", "true");
      await expect.poll(searchParam(page, "open")).toEqual([name]);
      const trades = page.getByRole("table", { name: new RegExp(`trades of BTC on ${name}`) });
      await expect(trades).toBeVisible();
      await expect(trades.getByRole("row").nth(1)).toBeVisible();
      await expect(trades.getByRole("cell", { name: /^(buy|sell)$/ }).first()).toBeVisible();

      // Back closes it again, and back once more undoes the sort.
      await page.goBack();
      await expect(trades).toHaveCount(0);
      await expect(expand).toHaveAttribute("aria-expanded", "false");
      await expect(page).toHaveURL(/sort=volume&dir=asc$/);
      await page.goBack();
      await expect(volume).toHaveAttribute("aria-sort", "descending");
      expect(await exchangeOrder(page)).toEqual(before);

      // The supply's time and source came with the second request.
      await expect(page.getByText(/as of .+ · source \S+/)).toBeVisible();
      expect(await settledRequests(client, page, spent, 2)).toEqual(["/v1/symbol/BTC", "/v1/supply/BTC"]);
    });

    test("the MA120 chart follows the theme and the currency, and fits a phone", async ({
      page,
      client,
    }, testInfo) => {
      const spent = client.requests().length;
      await page.addInitScript(() => {
        const stored = JSON.parse(localStorage.getItem("cmd.settings") ?? "{}");
        localStorage.setItem("cmd.settings", JSON.stringify({ ...stored, currency: "EUR" }));
      });
      await page.goto("/symbol/ETH");
      const chart = ma120Chart(page, "ETH");
      await expect(chart).toHaveAccessibleName(/from €[\d,.]+ to €/);
      // Pointing at the line says the time and the value in the chosen currency.
      // The time names its zone (the time zone setting: the browser's, UTC on this machine).
      await checkSmallChartLooks(page, chart, /\d:\d\d [AP]M (UTC|GMT)\S* · €[\d,]+\.\d\d$/, (name) =>
        testInfo.outputPath(`symbol-${wire}-${name}.png`),
      );
      // Theme, size and currency cost nothing: the details and the supply, as ever.
      expect(await settledRequests(client, page, spent, 2)).toEqual(["/v1/symbol/ETH", "/v1/supply/ETH"]);
    });

    test("on a phone the MA120 chart below the first screen is made when scrolled to, not while the page loads", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 412, height: 823 });
      const chartCode: string[] = [];
      page.on("request", (request) => {
        if (/\/assets\/(mini-chart-model|chart-model|lightweight)[^/]*\.js$/.test(request.url()))
          chartCode.push(request.url());
      });
      await page.goto("/symbol/BTC");
      const chart = ma120Chart(page, "BTC");
      // Its words are there at once; its canvas and the chart library's code wait for the person.
      await expect(chart).toBeAttached();
      await expect(page.getByRole("table", { name: /on each exchange/ })).toBeAttached();
      await page.waitForTimeout(1_000);
      expect(await chart.boundingBox().then((box) => (box?.y ?? 0) > 823)).toBe(true);
      expect(chartCode).toEqual([]);
      await expect(chart.locator("canvas")).toHaveCount(0);
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(async () => (await canvasColours(chart)).distinct).toBeGreaterThan(8);
      expect(chartCode.length).toBeGreaterThan(0);
    });

    // The refusal is the same error record on both wires, and the dia wire's coin page is read above: once.
    if (wire === "seed") {
      test("a symbol in the wrong case says which one was meant", async ({ page, client }) => {
        const spent = client.requests().length;
        await page.goto("/symbol/btc");
        const alert = page.getByRole("alert");
        await expect(alert).toContainText("No coin “btc”");
        await expect(alert).toContainText("did you mean BTC?");
        await expect(alert.getByRole("link", { name: "Back to the coins" })).toHaveAttribute("href", "/");
        await alert.getByRole("link", { name: "Go to BTC" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Bitcoin" })).toBeVisible();
        expect(await settledRequests(client, page, spent, 3)).toEqual([
          "/v1/symbol/btc",
          "/v1/symbol/BTC",
          "/v1/supply/BTC",
        ]);
      });
    }

    test("from the coin list to a coin spends the details and the supply, no quotation", async ({
      page,
      client,
    }) => {
      const spent = client.requests().length;
      await page.goto("/");
      await page.getByRole("link", { name: "Ethereum", exact: true }).click();
      await expect(page).toHaveURL(/\/symbol\/ETH$/);
      await expect(page.getByRole("heading", { level: 1, name: "Ethereum" })).toBeVisible();
      await expect(exchangeTable(page).getByRole("row").nth(1)).toBeVisible();
      await expect(page.getByText(/as of .+ · source \S+/)).toBeVisible();
      expect(await settledRequests(client, page, spent, 3)).toEqual([
        "/v1/coins",
        "/v1/symbol/ETH",
        "/v1/supply/ETH",
      ]);
    });
  });
}
