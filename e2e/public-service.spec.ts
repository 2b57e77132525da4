// The dashboard against the public service it copies, through a stand-in (public-service.ts) that offers
// only the interface's endpoints and answers any other path with gin's plain-text 404: the chart opens on
// its line and says candles are not offered (the next visit asks for none), the coin's page says how its
// price was made is not offered, the coin list works, and the header claims no market source. Screenshots
// of the chart in light and dark at 1280 and 360 px go to /tmp/standin-shots. Each test stays within its
// key's 5 requests a minute.
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import { accessibilityViolations } from "./axe.ts";
import { canvasColours } from "./canvas.ts";
import { chartPaths, settled, status } from "./chart-helpers.ts";
import { test as base } from "./fixtures.ts";
import { type PublicServiceStandIn, startPublicService } from "./public-service.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

const SHOTS = "/tmp/standin-shots";

const test = base.extend<{ standIn: PublicServiceStandIn }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  standIn: async ({}, use) => {
    const standIn = await startPublicService(serviceUrl(DIA_PORT));
    await use(standIn);
    await standIn.close();
  },
});

// The stand-in passes the interface's requests on to the dia-wire service, whose log counts them.
test.use({ port: DIA_PORT });

const NOT_OFFERED = "Candles are not offered by this service, so the chart shows a filter's line.";
const PROVENANCE_NOT_OFFERED =
  "Not offered by this service: it does not say which exchanges made a block's price.";

/** The app's header: the banner holding the main navigation. */
const appHeader = (page: Page): Locator =>
  page.getByRole("banner").filter({ has: page.getByRole("navigation", { name: "Main" }) });

const chart = (page: Page) => page.getByRole("img", { name: /^Chart of/ });

/**
 * What the stand-in answered as a path it does not have, but for the live stream: the live layer's own
 * journeys say what it does without one; here it is only not to count.
 */
const unknownButStream = (standIn: PublicServiceStandIn) =>
  standIn.unknown.filter((r) => !r.target.startsWith("/v1/stream"));

/** The requests for candles the stand-in answered as a path it does not have. */
const candlesAsked = (standIn: PublicServiceStandIn) =>
  standIn.unknown.filter((r) => r.target.startsWith("/v1/candles"));

/** The chart has drawn its line: the legend counts its points, and the canvas holds more than a blank. */
async function lineDrawn(page: Page): Promise<void> {
  await settled(page);
  const legend = page.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText(/All exchanges · MEDIR120\s*[\d,]+ points/);
  expect(Number(await legend.locator("li").first().getAttribute("data-points"))).toBeGreaterThan(10);
  await expect.poll(async () => (await canvasColours(chart(page))).distinct).toBeGreaterThan(8);
}

test("the chart opens on its line, says candles are not offered, and asks for none again", async ({
  page,
  client,
  standIn,
}) => {
  await page.goto(`${standIn.url}/chart/BTC`);
  await lineDrawn(page);
  await expect(page.getByRole("button", { name: "View Candles" })).toBeDisabled();
  await expect(page.getByRole("group", { name: "View" })).toHaveAccessibleDescription(NOT_OFFERED);
  await expect(page.getByText(NOT_OFFERED)).toBeVisible();
  await expect(page.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Filter MAIR120" })).toBeEnabled();
  await expect(status(page)).toContainText("All exchanges · MEDIR120 · 1h buckets");
  await expect(page.getByText("Not found")).toHaveCount(0);
  // Provenance came into our service with candles: the chosen point links to none.
  await expect(page.getByRole("group", { name: "Chosen point" })).toBeVisible();
  await expect(page.getByRole("link", { name: "How this price was made" })).toHaveCount(0);
  // The header claims nothing: the public service says nothing of where its numbers come from.
  await expect(appHeader(page).getByText(/Simulated market|Live from/)).toHaveCount(0);
  // One request found out (candles, answered 404 by the stand-in), then the line's points.
  expect(candlesAsked(standIn)).toHaveLength(1);
  expect(candlesAsked(standIn)[0]?.target).toMatch(
    /^\/v1\/candlesAllExchanges\/BTC\?scale=1h&starttime=\d+$/,
  );
  expect(chartPaths(await client.waitForRequests(2))).toEqual([
    expect.stringMatching(/^\/v1\/chartPointsAllExchanges\/MEDIR120\/BTC\?scale=1h&starttime=\d+$/),
  ]);
  // The stand-in answered nothing else as unknown: no /status, no provenance asked.
  expect(unknownButStream(standIn).map((r) => r.target.split("?")[0])).toEqual([
    "/v1/candlesAllExchanges/BTC",
  ]);

  // The next chart of the session opens on the line at once: no request spent on candles.
  await page.goto(`${standIn.url}/chart/ETH`);
  await expect(page.getByRole("button", { name: "View Line" })).toHaveAttribute("aria-pressed", "true");
  await expect(status(page)).toContainText("All exchanges · MEDIR120 · 1h buckets");
  await settled(page);
  await expect(page.getByRole("list", { name: "Legend" })).toContainText(/[\d,]+ points/);
  expect(candlesAsked(standIn)).toHaveLength(1);
  const paths = (await client.waitForRequests(3)).map((r) => r.path);
  expect(paths.at(-1)).toMatch(/^\/v1\/chartPointsAllExchanges\/MEDIR120\/ETH\?scale=1h&starttime=\d+$/);
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});

test("the coin's page works and says how its price was made is not offered", async ({
  page,
  client,
  standIn,
}) => {
  await page.goto(`${standIn.url}/symbol/BTC`);
  await expect(page.getByRole("table", { name: /^BTC on each exchange/ })).toBeVisible({ timeout: 30_000 });
  const section = page.getByRole("region", { name: "How this price was made" });
  await expect(section).toContainText("Opening it costs 1 request");
  await section.getByRole("button", { name: "Show how it was made" }).click();
  await expect(section.getByText(PROVENANCE_NOT_OFFERED)).toBeVisible({ timeout: 30_000 });
  await expect(section.getByRole("button")).toHaveCount(0);
  await expect(page.getByText("Not found")).toHaveCount(0);
  const provenanceAsked = () => standIn.unknown.filter((r) => r.target.startsWith("/v1/provenance/"));
  expect(provenanceAsked()).toHaveLength(1);
  // The 24 h MA120 chart the coin's details carry is drawn.
  await expect(page.getByRole("img", { name: /MA120/ }).first()).toBeVisible();

  // A reload in the same session says so at once, asking nothing of it.
  await page.reload();
  await expect(
    page.getByRole("region", { name: "How this price was made" }).getByText(PROVENANCE_NOT_OFFERED),
  ).toBeVisible({ timeout: 30_000 });
  expect(provenanceAsked()).toHaveLength(1);
  await expect(appHeader(page).getByText(/Simulated market|Live from/)).toHaveCount(0);
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});

test("the coin list works", async ({ page, client, standIn }) => {
  await page.goto(standIn.url);
  const rows = page
    .getByRole("table", { name: /^Coins/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") });
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  expect(await rows.count()).toBeGreaterThan(10);
  await expect(rows.filter({ has: page.getByRole("cell", { name: "BTC", exact: true }) })).toHaveCount(1);
  await expect(appHeader(page).getByText(/Simulated market|Live from/)).toHaveCount(0);
  expect((await client.waitForRequests(1)).map((r) => r.path)).toContain("/v1/coins");
  expect(unknownButStream(standIn)).toEqual([]);
});

test("the chart looks right in light and dark, at 1280 and 360 px", async ({ page, standIn }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`${standIn.url}/chart/BTC`);
  await lineDrawn(page);
  await expect(page.getByText(NOT_OFFERED)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chart-light-1280.png`, fullPage: true });
  const light = (await canvasColours(chart(page))).background;

  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(async () => (await canvasColours(chart(page))).background).not.toBe(light);
  await page.screenshot({ path: `${SHOTS}/chart-dark-1280.png`, fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 360, height: 760 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect.poll(async () => (await canvasColours(chart(page))).distinct).toBeGreaterThan(8);
  await page.screenshot({ path: `${SHOTS}/chart-dark-360.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(async () => (await canvasColours(chart(page))).background).toBe(light);
  await page.screenshot({ path: `${SHOTS}/chart-light-360.png`, fullPage: true });
  expect(await accessibilityViolations(page)).toEqual([]);
});
