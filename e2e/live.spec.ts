// The live market on screen: the coin list's prices move between blocks on the embedded simulator, within
// the fair-usage limit; one stream serves a browser's tabs and a whole visit, its subjects changed in place.
import { expect, type Page, type Request } from "@playwright/test";
import { chartFrame, settled } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";
import { startOwnService } from "./own-service.ts";
import { PORT, requestsOf } from "./services.ts";

/** The browser's own record of what it asked: every stream opened and every change of subjects. */
function watchStream(pages: Page[]) {
  const opened: string[] = [];
  const changes: string[] = [];
  for (const page of pages) {
    page.on("request", (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "GET" && path === "/v1/stream") opened.push(request.url());
      if (request.method() === "PUT" && path.startsWith("/v1/stream/"))
        changes.push(request.postData() ?? "");
    });
  }
  return { opened, changes };
}

const liveBadge = (page: Page) => page.getByRole("banner").getByText("Live", { exact: true });

async function bitcoinPrice(page: Page): Promise<string> {
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Bitcoin", exact: true }) });
  // The cells after the name: favourite, rank, symbol, then the price.
  return (await row.getByRole("cell").nth(3).textContent()) ?? "";
}

test("the coin list's prices move between blocks, with no request refused", async ({ page, client }) => {
  const stream = watchStream([page]);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Bitcoin", exact: true })).toBeVisible();
  await expect(liveBadge(page)).toBeVisible({ timeout: 15_000 });
  const first = await bitcoinPrice(page);
  // The simulator trades every 100 ms: the price of the forming block moves well within a block.
  await expect.poll(() => bitcoinPrice(page), { timeout: 20_000 }).not.toBe(first);
  await expect(page.getByText(/ago$/).first()).toBeVisible();
  expect(stream.opened).toHaveLength(1);
  expect(new URL(stream.opened[0] ?? "http://x").searchParams.get("prices")).toBe("all");
  // The key is in a header, never in the stream's address.
  expect(stream.opened[0]).not.toContain(client.key);
  expect(client.allRequests().filter((r) => r.status === 429)).toEqual([]);
});

test("two tabs share one stream, and both move", async ({ page, client }) => {
  const second = await page.context().newPage();
  const stream = watchStream([page, second]);
  await page.goto("/");
  await expect(liveBadge(page)).toBeVisible({ timeout: 15_000 });
  await second.goto("/");
  await expect(second.getByRole("link", { name: "Bitcoin", exact: true })).toBeVisible();
  await expect(liveBadge(second)).toBeVisible({ timeout: 15_000 });
  const before = await bitcoinPrice(second);
  await expect.poll(() => bitcoinPrice(second), { timeout: 20_000 }).not.toBe(before);
  expect(stream.opened).toHaveLength(1);

  // The leading tab closes: the other takes the stream over, resuming where it was.
  await page.close();
  const after = await bitcoinPrice(second);
  await expect.poll(() => stream.opened.length, { timeout: 15_000 }).toBe(2);
  await expect.poll(() => bitcoinPrice(second), { timeout: 20_000 }).not.toBe(after);
  expect(client.allRequests().filter((r) => r.status === 429)).toEqual([]);
});

test("from the coin list to a chart and through three scales, the stream is opened once", async ({
  page,
  client,
}) => {
  // Six requests (the coins, the stream, the coin's details and supply, the pairs, the chart) before the
  // first scale: the next ones wait for the fair-usage window, as the budget makes them.
  test.setTimeout(240_000);
  const stream = watchStream([page]);
  await page.goto("/");
  await expect(liveBadge(page)).toBeVisible({ timeout: 15_000 });
  await page.getByRole("link", { name: "Bitcoin", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Bitcoin", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Chart of BTC", exact: true }).click();
  await settled(page);
  for (const scale of ["5m", "30m", "1h"]) {
    await page.getByRole("button", { name: `Scale ${scale}` }).click();
    await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false", { timeout: 70_000 });
    // The chart's forming candle follows the scale on the same stream.
    await expect.poll(() => stream.changes.at(-1) ?? "", { timeout: 10_000 }).toContain(`"scale":"${scale}"`);
  }
  expect(stream.opened).toHaveLength(1);
  expect(stream.changes.length).toBeGreaterThanOrEqual(4);
  expect(client.allRequests().filter((r) => r.status === 429)).toEqual([]);

  // The forming candle moves the chart between its block refetches, asking the service nothing.
  const requestsBefore = client.requests().length;
  const picture = await chartFrame(page).screenshot();
  await expect
    .poll(async () => (await chartFrame(page).screenshot()).equals(picture), { timeout: 20_000 })
    .toBe(false);
  expect(client.requests().length).toBe(requestsBefore);
});

/** What the tooltip says of each candle under the chart's right end, by its time: found as a person would, by hovering. */
async function candlesAtTheEnd(page: Page, count: number): Promise<Map<string, string[]>> {
  const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
  if (box === null) throw new Error("no chart");
  const seen = new Map<string, string[]>();
  // From the price axis's edge leftwards, a pixel at a time (the bars are a few pixels apart).
  for (let x = box.x + box.width - 60; x > box.x + box.width / 2 && seen.size < count; x -= 1) {
    await page.mouse.move(x, box.y + box.height * 0.35);
    const tip = await page.evaluate(() => {
      const tooltip = document.querySelector<HTMLElement>(".chart-tooltip");
      if (!tooltip || tooltip.hidden) return null;
      const time = tooltip.querySelector(".chart-tooltip__time")?.textContent ?? "";
      const rows = [...tooltip.querySelectorAll(".chart-tooltip__row")].map((row) => row.textContent ?? "");
      return { time, rows };
    });
    if (tip?.rows.some((row) => row.startsWith("Trades "))) seen.set(tip.time, tip.rows);
  }
  await page.mouse.move(box.x + 5, box.y + 5);
  return seen;
}

test("the chart's forming candle moves and closes equal to the history's candle, with no jump when history comes", async ({
  page,
  client,
}) => {
  test.setTimeout(150_000);
  // A 5-minute bucket every 5 s: the market clock runs 60 times real time (BTC alone). The page's timers run
  // on Playwright's clock, so its once-a-block history refetch can be brought forward.
  const own = await startOwnService(PORT + 12, { marketSpeed: 60, marketCoins: ["BTC"] });
  try {
    await page.clock.install();
    await page.goto(`${own.url}/chart/BTC?scale=5m`);
    await settled(page);
    await expect(liveBadge(page)).toBeVisible({ timeout: 15_000 });

    // The newest bar is the forming bucket's, and it moves.
    const first = await candlesAtTheEnd(page, 1);
    const [formingTime, formingRows] = [...first][0] ?? [];
    expect(formingRows).toBeDefined();
    await expect
      .poll(async () => [...(await candlesAtTheEnd(page, 1))][0]?.[1].join(" | "), { timeout: 20_000 })
      .not.toBe(formingRows?.join(" | "));
    // Then it closes: a newer bucket forms after it, and it keeps the figures the stream closed it with.
    await expect
      .poll(async () => [...(await candlesAtTheEnd(page, 1))][0]?.[0], { timeout: 20_000 })
      .not.toBe(formingTime);
    const live = await candlesAtTheEnd(page, 3);
    const closedTimes = [...live.keys()].slice(1);
    // The bucket seen forming is among them, drawn from the stream alone (the history has not come again).
    expect(closedTimes).toContain(formingTime);
    const historyBefore = requestsOf(own.port, client.key).filter((r) =>
      r.path.startsWith("/v1/candles"),
    ).length;

    // The history's answer for the same buckets, asked the way the page asks it: equal to what the stream drew.
    await page.clock.fastForward(120_000);
    await expect
      .poll(() => requestsOf(own.port, client.key).filter((r) => r.path.startsWith("/v1/candles")).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(historyBefore);
    await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false");
    await page.waitForTimeout(500);
    const history = await candlesAtTheEnd(page, 12);
    for (const time of closedTimes) expect(history.get(time), time).toEqual(live.get(time));
    // And the service's stored candle of that bucket says the same, written as the tooltip writes it.
    const stored = (await (
      await fetch(
        `${own.url}/v1/candlesAllExchanges/BTC?scale=5m&starttime=${Math.floor(Date.now() / 1000) - 86_400}`,
      )
    ).json()) as { candles: string };
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const volume = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    const storedRows = stored.candles
      .trim()
      .split("\n")
      .slice(1)
      .map((line) => {
        const [, , , open, high, low, close, all, buy, sell, trades] = line.split(",").map(Number);
        return [
          `All exchanges: O ${usd.format(open as number)} H ${usd.format(high as number)} L ${usd.format(low as number)} C ${usd.format(close as number)}`,
          `Volume ${volume.format(all as number)} (buy ${volume.format(buy as number)} / sell ${volume.format(sell as number)})`,
          `Trades ${volume.format(trades as number)}`,
        ];
      });
    expect(storedRows).toContainEqual(live.get(formingTime as string));
  } finally {
    await own.stop();
  }
});
