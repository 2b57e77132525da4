// What e2e tests read from a drawn chart: how many colours its canvases hold (a blank canvas has one or
// two) and which one covers most of it (the background, to tell the themes apart).
import { expect, type Locator, type Page } from "@playwright/test";

/** How many distinct colours (sampled) the canvases inside `chart` hold, and the most frequent opaque one. */
export async function canvasColours(chart: Locator): Promise<{ distinct: number; background: string }> {
  return chart.evaluate((element) => {
    const counts = new Map<string, number>();
    for (const canvas of element.querySelectorAll("canvas")) {
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4 * 7) {
        if (data[i + 3] === 0) continue;
        const colour = `${data[i]},${data[i + 1]},${data[i + 2]}`;
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
      }
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    return { distinct: counts.size, background: ranked[0]?.[0] ?? "" };
  });
}

/**
 * A small chart as a reader sees it, in light, dark and at 360 px, with a screenshot of each: drawn (more
 * than a few colours), pointing at it shows a tooltip matching `tooltip`, the dark theme repaints its
 * background, and a phone's width holds it without scrolling sideways. Ends in light at 360 px.
 */
export async function checkSmallChartLooks(
  page: Page,
  chart: Locator,
  tooltip: RegExp,
  shot: (name: "light" | "dark" | "360") => string,
): Promise<void> {
  // A small chart is made when it is scrolled to.
  await chart.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await canvasColours(chart)).distinct).toBeGreaterThan(8);
  const light = (await canvasColours(chart)).background;
  await chart.hover();
  await expect(page.locator(".mini-chart__tooltip")).toHaveText(tooltip);
  await page.screenshot({ path: shot("light"), fullPage: true });
  await page.mouse.move(0, 0);

  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(async () => (await canvasColours(chart)).background).not.toBe(light);
  await page.screenshot({ path: shot("dark"), fullPage: true });

  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 360, height: 760 });
  await expect.poll(async () => (await chart.boundingBox())?.width ?? 0).toBeLessThanOrEqual(360);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect.poll(async () => (await canvasColours(chart)).distinct).toBeGreaterThan(8);
  await page.screenshot({ path: shot("360"), fullPage: true });
}
