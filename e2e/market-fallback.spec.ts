// A first start where no exchange can be reached (offline, a firewall: here the exchanges' address is a
// closed port), with no source named: the service falls back to the simulator, and the dashboard says why
// in its header on every width and theme, readable and within the page. Screenshots are left in the test's
// output folder to look at.
import { expect, type Locator, type Page } from "@playwright/test";
import { freePort } from "../src/service/testing/servers/free-port.ts";
import { accessibilityViolations } from "./axe.ts";
import { test } from "./fixtures.ts";
import { type OwnService, startOwnService } from "./own-service.ts";
import { PORT } from "./services.ts";

const appHeader = (page: Page): Locator =>
  page.getByRole("banner").filter({ has: page.getByRole("navigation", { name: "Main" }) });

let own: OwnService;

// Its tests share the service started once for the file: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const closed = await freePort();
  own = await startOwnService(PORT + 50, {
    marketCoins: ["BTC", "ETH"],
    env: {
      MARKET_SOURCE: "auto",
      EXCHANGES: "binance,kraken",
      EXCHANGE_HOSTS: `binance=http://127.0.0.1:${closed},kraken=http://127.0.0.1:${closed}`,
      RATES_SOURCE: "history",
    },
  });
});

test.afterAll(async () => {
  await own?.stop();
});

for (const look of [
  { name: "light", scheme: "light", width: 1280 },
  { name: "dark-phone", scheme: "dark", width: 360 },
] as const) {
  test(`the header says the simulator stands in because no exchange could be reached: ${look.name}`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.setViewportSize({ width: look.width, height: 760 });
    await page.goto(`${own.url}/`);
    await expect(page.getByRole("table").first()).toBeVisible({ timeout: 30_000 });
    const pill = appHeader(page).getByText("Simulated market: no exchange could be reached");
    await expect(pill).toBeVisible();
    const box = await pill.boundingBox();
    if (box === null) throw new Error("the pill has no box");
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(look.width);
    await page.screenshot({ path: testInfo.outputPath(`fallback-${look.name}.png`) });
    expect(await accessibilityViolations(page)).toEqual([]);
  });
}
