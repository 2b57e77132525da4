// The dashboard on a real market: the service reads ten fake exchanges on loopback, each speaking its
// exchange's own protocol (MARKET_SOURCE=exchanges, EXCHANGE_HOSTS), and the browser shows what they sent.
// The header says "Live from 10 exchanges", the health popover lists each exchange as the service reports
// it, a coin's page shows each exchange's trades as scripted, and an exchange that goes down is told.
import { expect, type Locator, type Page } from "@playwright/test";
import { FakeExchange } from "../src/service/sources/exchanges/testing/fake-exchange.ts";
import type { FakeCandle } from "../src/service/sources/exchanges/testing/fake-protocol.ts";
import { LIVE_VENUES } from "../src/service/sources/exchanges/testing/fake-venues.ts";
import { test } from "./fixtures.ts";
import { type OwnService, startOwnService } from "./own-service.ts";
import { PORT } from "./services.ts";

const appHeader = (page: Page): Locator =>
  page.getByRole("banner").filter({ has: page.getByRole("navigation", { name: "Main" }) });

const fakes = new Map<string, FakeExchange>();
let own: OwnService;
let timer: NodeJS.Timeout | undefined;
let nextId = 1;
/** The newest trade id published per exchange, to find on the coin's page. */
const newest = new Map<string, string>();

function publishRound(): void {
  for (const [v, live] of LIVE_VENUES.entries()) {
    const fake = fakes.get(live.venue.name);
    if (!fake || fake.down) continue;
    const id = live.tradeId(nextId++);
    fake.publish([
      {
        pair: live.btc,
        id,
        price: 60_000 + v * 7 + (nextId % 5),
        amount: 0.01 * (1 + (nextId % 9)),
        side: nextId % 2 ? "buy" : "sell",
        timeMs: Date.now(),
      },
    ]);
    newest.set(live.venue.name, id);
  }
}

// Its tests share the service started once for the file: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const now = Date.now();
  for (const [v, live] of LIVE_VENUES.entries()) {
    // The last hour in candles, so the history has prices before the first live block closes.
    const candles: FakeCandle[] = [];
    for (let t = Math.floor(now / 60_000) * 60_000 - 3_600_000; t < now - 60_000; t += 60_000) {
      candles.push({
        pair: live.btc,
        openMs: t,
        open: 60_000 + v,
        high: 60_020 + v,
        low: 59_985 + v,
        close: 60_004 + v,
        volume: 1.5,
      });
    }
    fakes.set(live.venue.name, await FakeExchange.start(live.protocol, { markets: live.markets, candles }));
  }
  const hosts = LIVE_VENUES.map((l) => `${l.venue.name}=${fakes.get(l.venue.name)?.origin}`).join(",");
  own = await startOwnService(PORT + 30, {
    env: { MARKET_SOURCE: "exchanges", EXCHANGE_HOSTS: hosts, MARKET_COINS: "BTC,ETH", HISTORY_DAYS: "1" },
  });
  for (const live of LIVE_VENUES) await fakes.get(live.venue.name)?.subscribed(live.btc);
  // The history fills from candles behind the live streams; until a block is there a coin has no page.
  await expect
    .poll(
      async () => {
        const status = (await (await fetch(`${own.url}/status`)).json()) as {
          market: { exchanges: { backfill: { state: string } }[] };
        };
        return status.market.exchanges.every((e) => e.backfill.state === "done");
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  publishRound();
  timer = setInterval(publishRound, 500);
});

test.afterAll(async () => {
  clearInterval(timer);
  await own?.stop();
  for (const fake of fakes.values()) await fake.close();
});

test("a coin's page shows each exchange's newest trades, and the header says it is live from ten", async ({
  page,
}) => {
  await page.goto(`${own.url}/symbol/BTC`);
  const live = appHeader(page).getByRole("button", { name: /^Live from 10 exchanges/ });
  await expect(live).toBeVisible({ timeout: 30_000 });
  await expect(appHeader(page).getByText("Simulated market")).toHaveCount(0);
  const exchanges = page.getByRole("table").filter({ hasText: "Last trade" });
  for (const { venue } of LIVE_VENUES) {
    await expect(exchanges.getByRole("row").filter({ hasText: venue.name }).first()).toBeVisible({
      timeout: 30_000,
    });
  }
  // A row opens on the exchange's last trades: ids as the exchange sent them.
  await page.getByRole("button", { name: "Binance, last trades" }).click();
  await expect(page.getByRole("cell", { name: /^4800000\d{3}$/ }).first()).toBeVisible({ timeout: 15_000 });
});

test("the health popover lists every exchange; one that goes down is told, and the count drops", async ({
  page,
}) => {
  await page.goto(`${own.url}/`);
  const live = appHeader(page).getByRole("button", { name: /^Live from 10 exchanges/ });
  await expect(live).toBeVisible({ timeout: 30_000 });
  await live.click();
  const health = page.getByRole("dialog", { name: "Exchange health" });
  await expect(health).toBeVisible();
  for (const { venue } of LIVE_VENUES)
    await expect(health.getByText(venue.name, { exact: true })).toBeVisible();
  await expect(health.getByText("disconnected")).toHaveCount(0);
  await page.keyboard.press("Escape");

  const down = fakes.get("Kraken") as FakeExchange;
  down.down = true;
  down.dropConnections();
  // The next answer of the service carries the new count (the coin list refreshes once a block; a
  // navigation asks at once).
  await page.goto(`${own.url}/symbol/BTC`);
  await expect(appHeader(page).getByRole("button", { name: /^Live from 9 exchanges/ })).toBeVisible({
    timeout: 30_000,
  });
  await appHeader(page)
    .getByRole("button", { name: /^Live from/ })
    .click();
  await expect(health.getByText("disconnected")).toHaveCount(1);
  down.down = false;
});
