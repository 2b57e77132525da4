// The live market on screen: the coin list's prices move between blocks on the embedded simulator, within
// the fair-usage limit; one stream serves a browser's tabs and a whole visit, its subjects changed in place.
import { expect, type Page, type Request } from "@playwright/test";
import { chartFrame, settled } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";

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
