import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { networkQuiet } from "./network-quiet.ts";
import { startOwnService } from "./own-service.ts";
import { busiestMinute, limitedRequests, PORT } from "./services.ts";

// The shared request budget as a person meets it: a reload costs nothing, a burst of navigation waits its
// turn instead of drawing a 429, tabs share one budget, and a stopped service or a 429 is said plainly.

function coinTable(page: Page) {
  return page.getByRole("table").first();
}

/** In-app navigation, as a click on a link does it. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test("a reload within the data's fresh time is served from the persisted cache", async ({ page, client }) => {
  await page.goto("/");
  await expect(coinTable(page)).toContainText("BTC");
  await client.waitForRequests(1);
  // The persister writes at most once a second.
  await page.waitForTimeout(1500);
  await page.reload();
  await expect(coinTable(page)).toContainText("BTC");
  await page.waitForTimeout(1500);
  // The data comes from the cache; only the live stream is opened again (a new visit's one request).
  expect(client.requests().map((r) => r.path)).toEqual(["/v1/coins"]);
});

test("a burst of navigation waits for the budget and never draws a 429", async ({ page, client }) => {
  test.setTimeout(150_000);
  await page.goto("/");
  await expect(coinTable(page)).toContainText("BTC");
  for (const symbol of ["ETH", "SOL", "XRP", "DOGE", "ADA", "LINK", "DOT"]) {
    await navigate(page, `/symbol/${symbol}`);
    await page.waitForTimeout(300);
  }
  // The last page is the one the person waits for: it says so, with an ETA, and then loads.
  await expect(page.getByText(/Waiting for a free request slot/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("budget-used")).toHaveText(/5\/5/);
  await expect(page.getByRole("heading", { level: 1, name: "Polkadot" })).toBeVisible();
  // The coin list's price shows at once; the details (and then the supply record) wait their turn.
  await expect(page.getByText(/as of .+ · source \w/).first()).toBeVisible({ timeout: 90_000 });
  const requests = client.requests();
  // The live stream, opened once, counts under the limit beside the pages' data.
  const limited = limitedRequests(client.allRequests());
  expect(limited.filter((r) => r.status === 429)).toEqual([]);
  expect(busiestMinute(limited)).toBeLessThanOrEqual(5);
  // Pages left before their turn came spent nothing: not every visited symbol was fetched.
  expect(requests.some((r) => r.path === "/v1/symbol/DOT")).toBe(true);
  expect(requests.filter((r) => r.path.startsWith("/v1/symbol/")).length).toBeLessThan(7);
});

test("two tabs share one budget", async ({ page, client, context }) => {
  test.setTimeout(150_000);
  const other = await context.newPage();
  // Each tab wants two coins (details + supply record each): 8 requests between them, more than a minute
  // allows, so they must take turns through the shared send log instead of each spending its own 5.
  const browse = async (tab: Page, first: string, second: string) => {
    await tab.goto(`/symbol/${first}`);
    await expect(tab.getByText(/as of .+ · source \w/).first()).toBeVisible({ timeout: 90_000 });
    await navigate(tab, `/symbol/${second}`);
    await expect(tab.getByRole("heading", { level: 1 })).not.toHaveText(/Bitcoin|Ethereum/);
    await expect(tab.getByText(/as of .+ · source \w/).first()).toBeVisible({ timeout: 90_000 });
  };
  await Promise.all([browse(page, "BTC", "SOL"), browse(other, "ETH", "XRP")]);
  const requests = await client.waitForRequests(8);
  expect(requests).toHaveLength(8);
  const limited = limitedRequests(client.allRequests());
  expect(limited.filter((r) => r.status === 429)).toEqual([]);
  expect(busiestMinute(limited)).toBeLessThanOrEqual(5);
});

test("a 429 pauses the dashboard and says when it goes on", async ({ page, client, request }) => {
  // Someone else with the same key spends the whole minute first.
  for (let i = 0; i < 5; i++) {
    const answer = await request.get("/v1/symbols", { headers: { "X-Api-Key": client.key } });
    expect(answer.status()).toBe(200);
  }
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: /Paused by the service/ })).toBeVisible();
  await expect(page.getByText(/Waiting for a free request slot to load/)).toBeVisible();
  const refused = (await client.waitForRequests(6)).filter((r) => r.status === 429);
  // One refusal, then the budget waits out Retry-After instead of asking again.
  await page.waitForTimeout(3000);
  expect(client.requests().filter((r) => r.status === 429)).toHaveLength(refused.length);
  expect(refused).toHaveLength(1);
});

test("a service that stops mid-journey is reported, not waited on forever", async ({ page, client }) => {
  test.setTimeout(150_000);
  // Its coin list need only hold BTC and ETH: two coins seed in a fraction of the whole market's time.
  const own = await startOwnService(PORT + 20, { marketCoins: ["BTC", "ETH"] });
  try {
    await page.goto(`${own.url}/`);
    await expect(coinTable(page)).toContainText("BTC");
    // A pointer over a coin's link fetches that page's code (not before: the coin list carries its own
    // only), so the page the person is about to open opens, and says so, when the service has gone.
    await coinTable(page).locator(`a[href="/symbol/ETH"]`).hover();
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((entry) => entry.name.includes("symbol-page")),
    );
    await networkQuiet(page);
    await own.stop();
    await navigate(page, "/symbol/ETH");
    await expect(page.getByText(/not answering/i).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("alert").filter({ hasText: "The service cannot be reached" })).toBeVisible({
      timeout: 90_000,
    });
    expect(client.key).toBeTruthy();
  } finally {
    await own.stop();
  }
});
