// What the chart specs share: where the chart is, when it has settled, and what it asked the service.
import { expect, type Page } from "@playwright/test";

export function chartFrame(page: Page) {
  return page.locator(".chart-frame");
}

/**
 * Waits until the chart has its data in (no loading overlay) and has painted its canvas; `timeoutMs` longer
 * where its request may wait for the budget's next free slot.
 */
export async function settled(page: Page, timeoutMs = 20_000): Promise<void> {
  await expect(chartFrame(page)).toHaveAttribute("aria-busy", "false", { timeout: timeoutMs });
  await expect(
    page
      .getByRole("img", { name: /^Chart of/ })
      .locator("canvas")
      .first(),
  ).toBeVisible({ timeout: timeoutMs });
  await page.waitForTimeout(300);
}

/** A picture of the chart, to tell that a control changed what is drawn. */
export function chartPixels(page: Page): Promise<Buffer> {
  return page.getByRole("img", { name: /^Chart of/ }).screenshot();
}

export function status(page: Page) {
  return page.getByRole("status", { name: "Chart status" });
}

export function chartPaths(requests: { path: string }[]): string[] {
  return requests.map((r) => r.path).filter((path) => path.startsWith("/v1/chartPoints"));
}
