import { mkdirSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { accessibilityViolations } from "./axe.ts";
import { chartFrame, settled } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";

// The time zone setting as a person in Tokyo uses it: the dashboard first writes times in the browser's
// zone (Asia/Tokyo, set by Playwright's timezoneId, whatever the machine's), naming it; switched to UTC, the
// chart's tooltip, its caption and the symbol page's times follow and say so, and the choice survives a
// reload. Daily buckets stay UTC days in any zone. Within the 5 requests a minute of the test's key.

const SHOTS = "/tmp/time-zone-shots";

test.use({ timezoneId: "Asia/Tokyo" });

const caption = (page: Page) => page.locator(".chart-time-caption").first();
const tooltipTime = (page: Page) => page.locator(".chart-tooltip__time");

/** The crosshair over the middle of the chart, and the tooltip's time there. */
async function hoverChart(page: Page): Promise<string> {
  const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
  if (!box) throw new Error("no chart to hover");
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await expect(tooltipTime(page)).toBeVisible();
  return (await tooltipTime(page).textContent()) ?? "";
}

async function chooseTimeZone(page: Page, name: string | RegExp): Promise<void> {
  await page.goto("/settings");
  await page.getByRole("group", { name: "Time zone" }).getByRole("radio", { name }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

test("times follow the time zone setting, name their zone, and the choice survives a reload", async ({
  page,
}) => {
  // Its pages spend more than a minute's 5 requests (the symbol page's live stream among them): some wait.
  test.setTimeout(240_000);
  // The browser's zone by default, named by its IANA name.
  await page.goto("/settings");
  const zones = page.getByRole("group", { name: "Time zone" });
  await expect(zones.getByRole("radio", { name: "Browser (Asia/Tokyo)" })).toBeChecked();
  await expect(zones).toHaveAccessibleDescription(/written in UTC\+09:00 Asia\/Tokyo\./);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The symbol page in Tokyo's time.
  await page.goto("/symbol/BTC");
  const exchanges = page.getByRole("table", { name: /^BTC on each exchange/ });
  await expect(exchanges.getByRole("columnheader", { name: /^Last trade \(UTC\+09:00\)/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/as of .+ UTC\+09:00/).first()).toBeVisible();
  await expect(page.getByText("Times in UTC+09:00 Asia/Tokyo")).toBeVisible();

  // The chart: its caption and the crosshair's tooltip name Tokyo's offset. The symbol page spent three
  // requests (its details, supply and live stream), so the chart's may wait for a free slot.
  await page.goto("/chart/BTC?view=line");
  await settled(page, 70_000);
  await expect(caption(page)).toContainText("Times in UTC+09:00 Asia/Tokyo");
  const tokyo = await hoverChart(page);
  expect(tokyo).toMatch(/UTC\+09:00$/);
  expect(await accessibilityViolations(page)).toEqual([]);

  // UTC, saved, and still chosen after a reload.
  await chooseTimeZone(page, "UTC");
  await page.reload();
  await expect(
    page.getByRole("group", { name: "Time zone" }).getByRole("radio", { name: "UTC" }),
  ).toBeChecked();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("cmd.settings") ?? "{}").timeZone)).toBe(
    "UTC",
  );

  await page.goto("/chart/BTC?view=line");
  await settled(page, 70_000);
  await expect(caption(page)).toContainText("Times in UTC");
  const utc = await hoverChart(page);
  expect(utc).toMatch(/ UTC$/);
  expect(utc).not.toBe(tokyo);

  // Daily buckets: UTC days, said under the chart and in the tooltip, whatever the zone.
  await page.getByRole("button", { name: "Scale 1d" }).click();
  // A fifth request this minute: it may wait for the budget's next free slot.
  await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false", { timeout: 70_000 });
  await settled(page);
  await expect(caption(page)).toContainText("UTC days");
  expect(await hoverChart(page)).toMatch(/\(UTC day\)$/);

  await page.goto("/symbol/BTC");
  await expect(
    page
      .getByRole("table", { name: /^BTC on each exchange/ })
      .getByRole("columnheader", { name: /^Last trade \(UTC\)/ }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/as of .+ UTC/).first()).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

// With a client key of its own, so that earlier tests' requests do not spend its budget.
test("the settings, chart and symbol pages, light and dark, wide and narrow", async ({ page, client }) => {
  mkdirSync(SHOTS, { recursive: true });
  const pages = [
    { name: "settings", path: "/settings", ready: () => page.getByRole("group", { name: "Time zone" }) },
    { name: "chart", path: "/chart/BTC?view=line", ready: () => caption(page) },
    { name: "symbol", path: "/symbol/BTC", ready: () => page.getByText(/as of .+ · source \w/).first() },
  ];
  for (const { name, path, ready } of pages) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(path);
    await expect(ready()).toBeVisible({ timeout: 30_000 });
    if (name === "chart") await settled(page);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 760 : 900 });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForTimeout(400);
        if (name === "chart") await hoverChart(page).catch(() => "");
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});
