import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { chartFrame, chartPaths, chartPixels, settled, status } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";
import { startOwnService } from "./own-service.ts";
import { PORT, requestsOf } from "./services.ts";

// The chart with a service of its own: a long history for a large range (its download's progress, cancel
// and reload), and a fast market clock for the live chart.

function mainEntry(page: Page) {
  return page.getByRole("list", { name: "Legend" }).getByRole("listitem").first();
}

/** The most points one request may hold (MAX_CHART_POINTS): what "All" asks for at raw. */
const LARGE_POINTS = 100_000;
/**
 * Days of history the large-range service seeds: raw "All" reaches 100,000 blocks of 120 s back (138.9
 * days); 140 days hold them all, with the filters' first blocks to spare.
 */
const LARGE_DAYS = 140;

async function shownPoints(page: Page): Promise<number> {
  return Number(await mainEntry(page).getAttribute("data-points"));
}

test("a large range shows its download's progress, can be cancelled and reloaded, and renders", async ({
  page,
  client,
}) => {
  // "All" at raw asks first for the 100,000 blocks complete when it is picked (6 MB of CSV), the largest answer
  // one request may give. Seeding 140 days of the whole market (28 coins on 10 exchanges) would take
  // minutes and ~2 GB here, so this service simulates BTC alone (MARKET_COINS): 15–30 s, ~90 MB.
  test.setTimeout(180_000);
  const started = Date.now();
  const own = await startOwnService(PORT + 10, {
    historyDays: LARGE_DAYS,
    marketCoins: ["BTC"],
    startTimeoutMs: 100_000,
  });
  try {
    const seeded = Date.now();
    await page.goto(`${own.url}/chart/BTC?view=line&exchange=Binance&scale=raw&range=1d`);
    await settled(page);
    const before = await shownPoints(page);
    expect(before).toBeGreaterThan(700);
    expect(before).toBeLessThanOrEqual(722);
    const smallPixels = await chartPixels(page);

    // A slow line, so the download takes seconds and its progress can be seen (and stopped).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: 400_000,
      uploadThroughput: -1,
    });
    const all = page.getByRole("button", { name: "Range All" });
    await expect(all).toHaveAttribute("title", /^As far back as one request reaches: 139 days at raw/);
    // Not in the first seconds of a block: the block that just ended is stored a few milliseconds after
    // its end (longer on a busy machine), and "All" picked before that would hold 99,999 points.
    const intoBlock = (Date.now() / 1000) % 120;
    if (intoBlock < 3) await page.waitForTimeout((3 - intoBlock) * 1000);
    await all.click();
    await expect(page).toHaveURL(/[?&]range=all/);
    await expect(status(page)).toContainText("last 139 days, as far back as one request reaches");
    const download = page.getByRole("status", { name: "Binance · MEDIR120 download" });
    await expect(download).toContainText(/downloading \d+(\.\d)? [KM]?B (of|so far)/, { timeout: 30_000 });
    await download.getByRole("button", { name: "Cancel Binance · MEDIR120" }).click();
    await expect(download).toContainText("Cancelled — choose a range or press Reload");
    // No endless spinner, and the chart keeps what it showed.
    await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false");
    await expect(page.locator(".chart-overlay")).toHaveCount(0);
    expect(await shownPoints(page)).toBe(before);
    await page.waitForTimeout(1_000);
    await expect(download).toContainText("Cancelled");

    await download.getByRole("button", { name: "Reload" }).click();
    await expect(download).toContainText(/downloading \d+(\.\d)? [KM]?B (of|so far)/, { timeout: 30_000 });
    const bar = download.locator("progress");
    if ((await bar.count()) > 0) expect(Number(await bar.getAttribute("max"))).toBeGreaterThan(5_000_000);
    await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false", { timeout: 90_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(mainEntry(page)).toHaveAttribute("data-change", "set");
    // One point per block, and the service refuses a request for more: exactly the cap.
    const points = await shownPoints(page);
    expect(points).toBe(LARGE_POINTS);
    await expect(mainEntry(page)).toContainText(`${points.toLocaleString("en-US")} points`);
    await expect(download).toHaveCount(0);
    await settled(page);
    expect((await chartPixels(page)).equals(smallPixels)).toBe(false);

    const paths = chartPaths(requestsOf(own.port, client.key));
    const base = "/v1/chartPoints/MEDIR120/Binance/BTC";
    expect(paths).toEqual([
      expect.stringMatching(new RegExp(`^${base}\\?starttime=\\d+$`)),
      expect.stringMatching(new RegExp(`^${base}\\?starttime=\\d+&endtime=\\d+$`)),
      expect.stringMatching(new RegExp(`^${base}\\?starttime=\\d+&endtime=\\d+$`)),
    ]);
    expect(paths[2]).toBe(paths[1]);
    // The 100,000 blocks before the one in progress when "All" was picked.
    const [, start, end] = /starttime=(\d+)&endtime=(\d+)/.exec(paths[1] ?? "") ?? [];
    expect(Number(end) + 1 - Number(start)).toBe(LARGE_POINTS * 120);
    expect((Number(end) + 1) % 120).toBe(0);
    console.log(
      `large range: ${points} points; seeding ${((seeded - started) / 1000).toFixed(1)} s, ` +
        `journey ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
  } finally {
    await own.stop();
  }
});

test("the live chart grows when a block passes: one refetch from its last point, appended with series.update", async ({
  page,
  client,
}) => {
  test.setTimeout(120_000);
  // A block every 2 s at the service; the page's timers run on Playwright's clock, so its once-a-block
  // (120 s) refetch can be brought forward without waiting two minutes.
  // BTC's chart only: one coin's market is enough.
  const own = await startOwnService(PORT + 11, { marketSpeed: 60, marketCoins: ["BTC"] });
  try {
    await page.clock.install();
    await page.goto(`${own.url}/chart/BTC?view=line&exchange=Binance&scale=raw&range=1d`);
    await settled(page);
    const entry = mainEntry(page);
    await expect(entry).toHaveAttribute("data-change", "set");
    const before = await shownPoints(page);
    expect(before).toBeGreaterThan(700);

    // Let a few blocks pass at the service, then the page's refetch interval.
    await page.waitForTimeout(5_000);
    await page.clock.fastForward(120_000);
    await expect(entry).toHaveAttribute("data-change", "appended", { timeout: 20_000 });
    await expect(entry).toHaveAttribute("data-appends", "1");
    const after = await shownPoints(page);
    expect(after).toBeGreaterThan(before);
    await expect(entry).toContainText(`${after.toLocaleString("en-US")} points`);
    await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false");

    // One refetch of the same series, asking only from the last point shown on (not the day again).
    await expect.poll(() => chartPaths(requestsOf(own.port, client.key)).length).toBe(2);
    const paths = chartPaths(requestsOf(own.port, client.key));
    const series = /^\/v1\/chartPoints\/MEDIR120\/Binance\/BTC\?starttime=(\d+)$/;
    expect(paths[0]).toMatch(series);
    expect(paths[1]).toMatch(series);
    const [first, second] = paths.map((path) => Number(series.exec(path)?.[1]));
    expect(second).toBeGreaterThan((first as number) + 86_400 - 3_600);
  } finally {
    await own.stop();
  }
});
