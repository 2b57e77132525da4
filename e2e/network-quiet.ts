import type { Page } from "@playwright/test";

/**
 * Playwright's "networkidle" without the live stream: a page stays connected to /v1/stream for the whole
 * visit, so "no connection for 500 ms" never comes. Waits until no other request of the page has been in
 * flight for `quietMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  let stableSince = Date.now();
  for (;;) {
    const finished = await page.evaluate(
      () =>
        performance.getEntriesByType("resource").filter((entry) => !entry.name.includes("/v1/stream")).length,
    );
    if (finished !== seen) {
      seen = finished;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= quietMs) {
      return;
    }
    if (Date.now() > deadline) throw new Error(`the page's requests did not settle within ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}
