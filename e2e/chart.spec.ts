import { mkdirSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { timeZoneFileTag } from "../src/app/format/time-zone.ts";
import { chartPaths, chartPixels, settled, status } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

// The chart page as a person uses it: pick an exchange, a filter, a scale and a range (each one in the
// address and on the chart), step back and forward, overlay another series, export the points shown. These
// are the line view's journeys (?view=line); the candle view's are in chart-candles.spec.ts.
// Each test stays within the 5 requests a minute its key has.

const SHOTS = "/tmp/chart-shots";

for (const wire of ["seed", "dia"] as const) {
  test.describe(`chart page (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("exchange and filter change the address and the chart; back and forward restore them", async ({
      page,
      client,
    }) => {
      await page.goto("/chart/BTC?view=line");
      await expect(page.getByRole("heading", { level: 1, name: "BTC chart" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to BTC" })).toHaveAttribute("href", "/symbol/BTC");
      await settled(page);
      await expect(status(page)).toContainText("All exchanges · MEDIR120 · 1h buckets · last 90d");
      await expect(page.getByRole("button", { name: "Scale 1h" })).toHaveAttribute("aria-pressed", "true");
      const allPixels = await chartPixels(page);

      const select = page.getByRole("combobox", { name: "Exchange" });
      await expect(select.locator("option")).not.toHaveCount(1);
      const exchange = (await select.locator("option").nth(1).textContent())?.trim() ?? "";
      expect(exchange).not.toBe("");
      await select.selectOption(exchange);
      await expect(page).toHaveURL(new RegExp(`[?&]exchange=${encodeURIComponent(exchange)}`));
      await settled(page);
      await expect(status(page)).toContainText(`${exchange} · MEDIR120`);
      await expect(page.getByRole("list", { name: "Legend" })).toContainText(`${exchange} · MEDIR120`);
      expect((await chartPixels(page)).equals(allPixels)).toBe(false);

      await page.getByRole("button", { name: "Filter MAIR120" }).click();
      await expect(page).toHaveURL(/[?&]filter=MAIR120/);
      await expect(page.getByRole("button", { name: "Filter MAIR120" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await settled(page);
      await expect(status(page)).toContainText(`${exchange} · MAIR120`);

      const paths = chartPaths(await client.waitForRequests(4));
      expect(paths).toEqual([
        expect.stringMatching(/^\/v1\/chartPointsAllExchanges\/MEDIR120\/BTC\?scale=1h&starttime=\d+$/),
        expect.stringMatching(
          new RegExp(`^/v1/chartPoints/MEDIR120/${exchange}/BTC\\?scale=1h&starttime=\\d+$`),
        ),
        expect.stringMatching(
          new RegExp(`^/v1/chartPoints/MAIR120/${exchange}/BTC\\?scale=1h&starttime=\\d+$`),
        ),
      ]);

      // Back and forward come from the cache: the state returns, no request is spent.
      await page.goBack();
      await expect(page).not.toHaveURL(/filter=/);
      await expect(status(page)).toContainText(`${exchange} · MEDIR120`);
      await expect(page.getByRole("button", { name: "Filter MEDIR120" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await page.goBack();
      await expect(page).not.toHaveURL(/exchange=/);
      await expect(select).toHaveValue("");
      await expect(status(page)).toContainText("All exchanges · MEDIR120");
      await page.goForward();
      await expect(select).toHaveValue(exchange);
      await settled(page);
      await page.waitForTimeout(1500);
      expect(chartPaths(client.requests())).toHaveLength(3);
    });

    test("scale and range change the request; the CSV export holds the points shown", async ({
      page,
      client,
    }) => {
      await page.goto("/chart/BTC?view=line&exchange=Binance");
      await settled(page);
      await page.getByRole("button", { name: "Scale 30m" }).click();
      await expect(page).toHaveURL(/[?&]scale=30m/);
      // 90 days of 30-minute buckets fit one request: the range stays. "All" reaches as far back as one
      // request does (100,000 buckets), and says so.
      await expect(page.getByRole("button", { name: "Range 90 d" })).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("button", { name: "Range All" })).toHaveAttribute(
        "title",
        "As far back as one request reaches: 5.7 years at 30m buckets (100,000 points)",
      );
      await settled(page);
      await expect(status(page)).toContainText("30m buckets · last 90d");

      await page.getByRole("button", { name: "Range 1 d" }).click();
      await expect(page).toHaveURL(/[?&]range=1d/);
      await settled(page);
      await expect(status(page)).toContainText("30m buckets · last 1d");
      const paths = chartPaths(await client.waitForRequests(4));
      expect(paths[1]).toMatch(/^\/v1\/chartPoints\/MEDIR120\/Binance\/BTC\?scale=30m&starttime=\d+$/);
      const start = Number(/starttime=(\d+)/.exec(paths[2] ?? "")?.[1]);
      const now = Date.now() / 1000;
      expect(now - start).toBeGreaterThanOrEqual(86_400);
      expect(now - start).toBeLessThan(86_400 + 3_600);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ]);
      // The file is written in the chart's zone (the browser's, by default) and named with it.
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(download.suggestedFilename()).toBe(`BTC-Binance-MEDIR120-30m-${timeZoneFileTag(zone)}.csv`);
      const csv = readFileSync((await download.path()) as string, "utf8")
        .trim()
        .split("\n");
      expect(csv[0]).toBe("time,exchange,filter,symbol,value");
      const rows = csv.slice(1).map((line) => line.split(","));
      expect(rows.length).toBeGreaterThan(20);
      expect(rows.length).toBeLessThanOrEqual(49);
      for (const [time, exchange, filter, symbol, value] of rows) {
        const t = Date.parse(time as string) / 1000;
        expect(t).toBeGreaterThanOrEqual(start);
        expect(t).toBeLessThanOrEqual(now + 60);
        expect([exchange, filter, symbol]).toEqual(["Binance", "MEDIR120", "BTC"]);
        expect(Number(value)).toBeGreaterThan(0);
      }
    });
  });
}

test("compare adds a legend entry after saying what it costs; light, dark and 360 px", async ({
  page,
  client,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/chart/BTC?view=line&exchange=Binance&scale=5m&range=1d");
  await settled(page);
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend.getByRole("listitem")).toHaveCount(1);

  await expect(page.getByRole("combobox", { name: "Compare with" })).toHaveValue(/all/);
  await expect(page.getByText(/^Costs 1 request, (now|in about \d+:\d\d)$/)).toBeVisible();
  await page.getByRole("button", { name: "Add to chart" }).click();
  await expect(page).toHaveURL(/[?&]compare=all/);
  await expect(legend.getByRole("listitem")).toHaveCount(2);
  await expect(legend).toContainText("All exchanges · MEDIR120");
  await expect(legend.getByRole("button", { name: "Remove All exchanges" })).toBeVisible();
  await expect(legend).not.toContainText(/loading|waiting/, { timeout: 20_000 });
  const paths = chartPaths(await client.waitForRequests(3));
  expect(paths.at(-1)).toMatch(/^\/v1\/chartPointsAllExchanges\/MEDIR120\/BTC\?scale=5m&starttime=\d+$/);

  // The tooltip names the time and each series' exchange, filter and value.
  const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
  if (box) await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(page.locator(".chart-tooltip")).toContainText("Binance · MEDIR120: $");
  await expect(page.locator(".chart-tooltip")).toContainText("All exchanges · MEDIR120: $");
  await page.screenshot({ path: `${SHOTS}/chart-light.png`, fullPage: true });

  // Dark: the chart follows the system's theme without being made again.
  const canvases = await page.locator(".chart-canvas canvas").count();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.waitForTimeout(400);
  expect(await page.locator(".chart-canvas canvas").count()).toBe(canvases);
  await page.screenshot({ path: `${SHOTS}/chart-dark.png`, fullPage: true });

  await page.setViewportSize({ width: 360, height: 760 });
  await page.waitForTimeout(400);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/chart-360.png`, fullPage: true });

  await legend.getByRole("button", { name: "Remove All exchanges" }).click();
  await expect(page).not.toHaveURL(/compare=/);
  await expect(legend.getByRole("listitem")).toHaveCount(1);
});

test("the chart is drawn once, with its points: no empty chart while they are on their way", async ({
  page,
  client,
}) => {
  // Each paint of a chart is a long task on a phone; an empty one first was a paint for nothing.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/v1\/chartPoints/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/chart/BTC?view=line");
  const frame = page.locator(".chart-frame");
  await expect(frame.getByText(/^Loading /)).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator(".chart-canvas canvas")).toHaveCount(0);
  release();
  await settled(page);
  await expect(page.locator(".chart-canvas canvas").first()).toBeAttached();
  await expect.poll(() => chartPaths(client.requests())).toHaveLength(1);
});

// The two journeys below need a service of their own: a long history for the large range, a fast market
// clock for the live chart.
