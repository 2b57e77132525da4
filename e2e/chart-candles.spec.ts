import { mkdirSync, readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { accessibilityViolations } from "./axe.ts";
import { chartPixels, settled, status } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

// The chart page's candle view as a trader uses it: candles with their volume beneath by exchange and
// scale, the hovered candle's open, high, low, close, volume and trades, the view kept in the address
// across a reload, another exchange overlaid as its closes, the candles exported as CSV; in light, dark
// and at 360 px, with no serious accessibility finding. Each test stays within its key's 5 requests a
// minute.

const SHOTS = "/tmp/chart-shots";
const CANDLES_HEADER = "time,exchange,symbol,open,high,low,close,volume,buyVolume,sellVolume,trades";

function candlePaths(requests: { path: string }[]): string[] {
  return requests.map((r) => r.path).filter((path) => path.startsWith("/v1/candles"));
}

async function hoverChart(page: Page, at = 0.6): Promise<void> {
  const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
  if (box) await page.mouse.move(box.x + box.width * at, box.y + box.height * 0.4);
}

for (const wire of ["seed", "dia"] as const) {
  test.describe(`candle view (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("candles and volume by exchange and scale; the tooltip gives the candle", async ({
      page,
      client,
    }) => {
      await page.goto("/chart/BTC");
      await settled(page);
      await expect(page.getByRole("button", { name: "View Candles" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(status(page)).toContainText("All exchanges · candles · 1h buckets");
      const legend = page.getByRole("list", { name: "Legend" });
      await expect(legend).toContainText(/All exchanges · candles\s*[\d,]+ candles/);
      // The filter is the line's: disabled here, with the reason beside it.
      await expect(page.getByRole("button", { name: "Filter MAIR120" })).toBeDisabled();
      await expect(page.getByText("Candles are each bucket's own trades")).toBeVisible();

      await hoverChart(page);
      const tooltip = page.locator(".chart-tooltip");
      await expect(tooltip).toContainText(/All exchanges: O \$[\d,.]+ H \$[\d,.]+ L \$[\d,.]+ C \$[\d,.]+/);
      await expect(tooltip).toContainText(/Volume [\d,.]+ \(buy [\d,.]+ \/ sell [\d,.]+\)/);
      await expect(tooltip).toContainText(/Trades [\d,]+/);
      const before = await chartPixels(page);

      const select = page.getByRole("combobox", { name: "Exchange" });
      await expect(select.locator("option")).not.toHaveCount(1);
      const exchange = (await select.locator("option").nth(1).textContent())?.trim() ?? "";
      await select.selectOption(exchange);
      await page.getByRole("button", { name: "Scale 4h" }).click();
      await expect(page).toHaveURL(new RegExp(`exchange=${exchange}&scale=4h`));
      await settled(page);
      await expect(status(page)).toContainText(`${exchange} · candles · 4h buckets`);
      expect((await chartPixels(page)).equals(before)).toBe(false);
      await hoverChart(page, 0.5);
      await expect(tooltip).toContainText(`${exchange}: O $`);

      const paths = candlePaths(await client.waitForRequests(4));
      expect(paths.slice(0, 3)).toEqual([
        expect.stringMatching(/^\/v1\/candlesAllExchanges\/BTC\?scale=1h&starttime=\d+$/),
        expect.stringMatching(new RegExp(`^/v1/candles/${exchange}/BTC\\?scale=1h&starttime=\\d+$`)),
        expect.stringMatching(new RegExp(`^/v1/candles/${exchange}/BTC\\?scale=4h&starttime=\\d+$`)),
      ]);
    });
  });
}

test("the view is kept in the address across a reload", async ({ page, client }) => {
  await page.goto("/chart/BTC?exchange=Binance");
  await expect(page.getByRole("button", { name: "View Candles" })).toHaveAttribute("aria-pressed", "true");
  // Picked before the candles have come: the line is what is asked for, and what the address keeps.
  await page.getByRole("button", { name: "View Line" }).click();
  await expect(page).toHaveURL(/[?&]view=line/);
  await expect(page.getByRole("button", { name: "Filter MAIR120" })).toBeEnabled();
  await settled(page);
  await page.reload();
  await expect(page.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
  await settled(page);
  await expect(status(page)).toContainText("Binance · MEDIR120");
  await page.getByRole("button", { name: "View Candles" }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(status(page)).toContainText("Binance · candles");
  await expect
    .poll(() => candlePaths(client.requests()).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  expect(candlePaths(client.requests())[0]).toMatch(/^\/v1\/candles\/Binance\/BTC\?scale=1h&starttime=\d+$/);
});

test("an address of the line (a filter, no view) still opens the line", async ({ page }) => {
  await page.goto("/chart/BTC?filter=MAIR120");
  await expect(page.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
  await settled(page);
  await expect(status(page)).toContainText("All exchanges · MAIR120");
});

test("compare overlays closes and the CSV holds every candle column; light, dark, 360 px and axe", async ({
  page,
  client,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/chart/BTC?exchange=Binance&scale=30m&range=1d");
  await settled(page);
  const legend = page.getByRole("list", { name: "Legend" });
  await page.getByRole("button", { name: "Add to chart" }).click();
  await expect(page).toHaveURL(/[?&]compare=all/);
  await expect(legend).toContainText("All exchanges · close");
  await expect(legend).not.toContainText(/loading|waiting/, { timeout: 20_000 });
  expect(candlePaths(await client.waitForRequests(3)).at(-1)).toMatch(
    /^\/v1\/candlesAllExchanges\/BTC\?scale=30m&starttime=\d+$/,
  );
  await hoverChart(page);
  await expect(page.locator(".chart-tooltip")).toContainText("Binance: O $");
  await expect(page.locator(".chart-tooltip")).toContainText("All exchanges · close: $");
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/candles-light.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^BTC-Binance-candles-30m-.+\.csv$/);
  const csv = readFileSync((await download.path()) as string, "utf8")
    .trim()
    .split("\n");
  expect(csv[0]).toBe(CANDLES_HEADER);
  const rows = csv.slice(1).map((line) => line.split(","));
  expect(rows.length).toBeGreaterThan(20);
  const exchanges = new Set(rows.map((row) => row[1]));
  expect(exchanges).toEqual(new Set(["Binance", ""]));
  for (const [time, , symbol, open, high, low, close, volume, buy, sell, trades] of rows) {
    expect(Number.isFinite(Date.parse(time as string))).toBe(true);
    expect(symbol).toBe("BTC");
    expect(Number(high)).toBeGreaterThanOrEqual(Math.max(Number(open), Number(close), Number(low)));
    expect(Number(volume)).toBeCloseTo(Number(buy) + Number(sell), 4);
    expect(Number(trades)).toBeGreaterThan(0);
  }

  const canvases = await page.locator(".chart-canvas canvas").count();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(400);
  expect(await page.locator(".chart-canvas canvas").count()).toBe(canvases);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/candles-dark.png`, fullPage: true });

  await page.setViewportSize({ width: 360, height: 760 });
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(
    page
      .getByRole("img", { name: /^Chart of/ })
      .locator("canvas")
      .first(),
  ).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/candles-360.png`, fullPage: true });
});
