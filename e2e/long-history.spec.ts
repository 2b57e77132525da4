// The real market's first start, as a user sees it on the chart: the service reads two fake exchanges on
// loopback (MARKET_SOURCE=exchanges, EXCHANGE_HOSTS) that keep a year of daily and 90 days of hourly
// candles, and within the first minutes the chart at 1d over 1y holds a candle for every day of the year,
// and at 1h over 90 days one for every hour: history from the exchanges' own candles, no range left empty.
import { expect, type Page } from "@playwright/test";
import { fakeCandles } from "../src/service/sources/exchanges/testing/fake-candles.ts";
import { FakeExchange } from "../src/service/sources/exchanges/testing/fake-exchange.ts";
import { binanceProtocol } from "../src/service/sources/exchanges/venues/testing/binance.fake.ts";
import { krakenProtocol } from "../src/service/sources/exchanges/venues/testing/kraken.fake.ts";
import { settled, status } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";
import { type OwnService, startOwnService } from "./own-service.ts";
import { PORT } from "./services.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const fakes: FakeExchange[] = [];
let own: OwnService;

// Its tests share the service started once for the file: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const now = Date.now();
  const today = Math.floor(now / DAY) * DAY;
  const exchanges = [
    { protocol: binanceProtocol, market: { id: "BTCUSDT", base: "BTC", quote: "USDT" }, level: 60_000 },
    { protocol: krakenProtocol, market: { id: "XXBTZUSD", base: "XXBT", quote: "ZUSD" }, level: 60_040 },
  ];
  for (const { protocol, market, level } of exchanges) {
    const candles = [
      ...fakeCandles(market.id, "1d", today - 400 * DAY, today, level),
      ...fakeCandles(market.id, "1h", today - 95 * DAY, Math.floor(now / HOUR) * HOUR, level),
      ...fakeCandles(market.id, "1m", now - 2 * HOUR, Math.floor(now / 60_000) * 60_000 - 60_000, level),
    ];
    fakes.push(await FakeExchange.start(protocol, { markets: [market], candles }));
  }
  own = await startOwnService(PORT + 31, {
    env: {
      MARKET_SOURCE: "exchanges",
      EXCHANGE_HOSTS: `binance=${fakes[0]?.origin},kraken=${fakes[1]?.origin}`,
      EXCHANGES: "binance,kraken",
      MARKET_COINS: "BTC",
      HISTORY_DAYS: "1",
    },
  });
  await expect
    .poll(
      async () => {
        const answer = (await (await fetch(`${own.url}/status`)).json()) as {
          market: { exchanges: { backfill: { state: string } }[] };
        };
        return answer.market.exchanges.every((e) => e.backfill.state === "done");
      },
      { timeout: 120_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await own?.stop();
  for (const fake of fakes) await fake.close();
});

/** The number of candles the chart's legend says it holds. */
async function candlesShown(page: Page): Promise<number> {
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText(/[\d,]+ candles/);
  const text = (await legend.textContent()) ?? "";
  return Number(/([\d,]+) candles/.exec(text)?.[1]?.replaceAll(",", "") ?? Number.NaN);
}

test("on the exchanges' first start, the chart at 1d over 1y holds a candle for every day of the year", async ({
  page,
}) => {
  await page.goto(`${own.url}/chart/BTC?scale=1d&range=1y`);
  await settled(page);
  await expect(status(page)).toContainText("1d buckets");
  await expect(page.getByRole("button", { name: "Range 1 y" })).toHaveAttribute("aria-pressed", "true");
  // A year of days: the daily history, the hourly days behind the last, the last day, today.
  expect(await candlesShown(page)).toBeGreaterThanOrEqual(365);
  // Nothing is filling any more: no range is marked.
  await expect(page.getByRole("button", { name: "Range 1 y" })).not.toHaveAttribute("title", /Filling/);

  await page.getByRole("button", { name: "Scale 1h" }).click();
  await page.getByRole("button", { name: "Range 90 d" }).click();
  await settled(page);
  // Ninety days of hours, but for the few hours of the first start's day (under 1 in 40 missing).
  expect(await candlesShown(page)).toBeGreaterThan(90 * 24 - 48);
});
