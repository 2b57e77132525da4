import { mkdirSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { accessibilityViolations } from "./axe.ts";
import { settled } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

// "How this price was made" as a trader uses it, against the real service: on a coin's page, opened (it
// asks nothing before), the newest block's exchanges with shares adding up to 100 %, their own prices and
// distances, and what the filter left out; from the chart, any candle's block, by a click or the keyboard.
// Light, dark, a 360 px phone, axe. Each test stays within the 5 requests a minute of its own key.

const SHOTS = "/tmp/provenance-shots";

const section = (page: Page) => page.getByRole("region", { name: "How this price was made" });
const exchangesTable = (page: Page) => page.getByRole("table", { name: /^Exchanges in this block of BTC/ });

/** The shares the table shows, in percent. */
async function shares(page: Page): Promise<number[]> {
  const cells = await exchangesTable(page).locator("[data-share]").allTextContents();
  return cells.map((text) => Number.parseFloat(text));
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The coin's page with the section opened; `closed` sees it before. */
async function openSection(page: Page, closed?: () => Promise<void>): Promise<void> {
  await page.goto("/symbol/BTC");
  const opener = section(page).getByRole("button", { name: "Show how it was made" });
  await expect(opener).toBeVisible({ timeout: 30_000 });
  await expect(opener).toHaveAttribute("aria-expanded", "false");
  await closed?.();
  await opener.click();
  await expect(page).toHaveURL(/[?&]block=newest/);
  await expect(exchangesTable(page)).toBeVisible({ timeout: 30_000 });
}

for (const wire of ["seed", "dia"] as const) {
  test.describe(`provenance (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("the symbol page says how the newest price was made, when asked", async ({ page, client }) => {
      await page.goto("/symbol/BTC");
      await expect(page.getByRole("table", { name: /^BTC on each exchange/ })).toBeVisible({
        timeout: 30_000,
      });
      // Closed, it costs nothing: the details and the supply only.
      await expect(section(page)).toContainText("Opening it costs 1 request");
      const before = (await client.waitForRequests(2)).map((r) => r.path);
      expect(before.some((path) => path.startsWith("/v1/provenance/"))).toBe(false);

      await section(page).getByRole("button", { name: "Show how it was made" }).click();
      await expect(exchangesTable(page)).toBeVisible({ timeout: 30_000 });
      const asked = (await client.waitForRequests(3)).map((r) => r.path);
      expect(asked.filter((path) => path.startsWith("/v1/provenance/"))).toEqual(["/v1/provenance/BTC"]);

      // Every exchange followed for BTC, heaviest first; the shares of those that traded add up to 100 %.
      const rows = exchangesTable(page).locator("tbody tr");
      expect(await rows.count()).toBeGreaterThanOrEqual(3);
      const traded = await shares(page);
      expect(traded.length).toBeGreaterThanOrEqual(2);
      expect(sum(traded)).toBeCloseTo(100, 6);
      expect([...traded].sort((a, b) => b - a)).toEqual(traded);
      // Each has its own MA120 and its distance from the crowd's, signed.
      await expect(rows.first().locator("td").nth(2)).toHaveText(/^(\+|\u2212)?\d+\.\d{3} %$/);
      await expect(section(page)).toContainText(/MA120, the price, from \d+ of \d+ exchanges/);
      await expect(section(page)).toContainText(/Block .+ UTC/);
      await expect(section(page).getByRole("heading", { name: "Left out by the filter" })).toBeVisible();
      await expect(section(page)).toContainText(/interquartile rule left out/);

      // The choice is in the address: a reload shows it again.
      await page.reload();
      await expect(exchangesTable(page)).toBeVisible({ timeout: 30_000 });
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    test("a chart point's block, by a click or the keyboard, opens its provenance", async ({
      page,
      client,
    }) => {
      await page.goto("/chart/BTC?range=1d&scale=raw");
      await settled(page);
      const bar = page.getByRole("group", { name: "Chosen candle" });
      const link = bar.getByRole("link", { name: "How this price was made" });
      await expect(bar.getByRole("status")).toContainText("newest");
      const newest = await link.getAttribute("href");

      // A click on a candle in the middle of the chart chooses it.
      const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
      if (!box) throw new Error("no chart to click");
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.4);
      await expect(bar.getByRole("status")).not.toContainText("newest");
      const clicked = await link.getAttribute("href");
      expect(clicked).toMatch(/^\/symbol\/BTC\?block=\d+$/);
      expect(clicked).not.toBe(newest);

      // The keyboard steps from there, a block at a time.
      await bar.getByRole("button", { name: "Earlier candle" }).focus();
      await page.keyboard.press("Enter");
      const earlier = await link.getAttribute("href");
      const block = (href: string | null) => Number(/block=(\d+)/.exec(href ?? "")?.[1]);
      expect(block(clicked) - block(earlier)).toBe(120);
      expect(await accessibilityViolations(page)).toEqual([]);

      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`/symbol/BTC\\?block=${block(earlier)}$`));
      await expect(section(page)).toContainText("The block you chose on the chart.");
      await expect(exchangesTable(page)).toBeVisible({ timeout: 30_000 });
      await expect(section(page).getByRole("heading", { name: "How this price was made" })).toBeFocused();
      const asked = (await client.waitForRequests(3)).map((r) => r.path);
      expect(asked).toContain(`/v1/provenance/BTC?time=${block(earlier)}`);
      expect(sum(await shares(page))).toBeCloseTo(100, 6);
      // Back returns to the chart as it was.
      await page.goBack();
      await expect(page).toHaveURL(/\/chart\/BTC\?range=1d&scale=raw$/);
    });
  });
}

// With a client key of its own: its five requests are its own budget's, not what earlier tests left of the
// address's.
test("the section and the chosen point, light and dark, wide and narrow", async ({ page, client }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  /** Both widths and schemes of what is on screen; axe in each; nothing wider than the screen. */
  const shoot = async (name: string) => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 760 : 900 });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
        expect(await accessibilityViolations(page)).toEqual([]);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  };
  // Three requests (details, supply, provenance) and the live stream's, then two for the chart (pairs,
  // candles): one of those waits for the window's next free slot.
  await openSection(page, async () => {
    await page.screenshot({ path: `${SHOTS}/symbol-closed-1280-light.png` });
  });
  await shoot("symbol");
  await page.getByRole("link", { name: "Chart of BTC", exact: true }).click();
  await settled(page);
  const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
  if (box) await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
  await expect(page.getByRole("group", { name: "Chosen candle" }).getByRole("status")).not.toContainText(
    "newest",
  );
  await shoot("chart");
  await client.waitForRequests(4);
  expect(client.allRequests().filter((r) => r.status === 429)).toEqual([]);
});
