import { expect, type Page } from "@playwright/test";

// Swagger UI parses its 1.4 MB bundle, then draws the operations once it has read the whole OpenAPI document:
// about 1.7 s on an idle machine, 5–7 s at a 4× CPU slowdown, so more than Playwright's 5 s default while
// the other journeys share the 2 cores.
const DRAWN_WITHIN_MS = 20_000;

/** Waits until the docs page shows the service's title and the given operations' paths. */
export async function expectApiDocsDrawn(page: Page, paths: string[]): Promise<void> {
  await expect(page.getByText("Market Data Query Service").first()).toBeVisible({ timeout: DRAWN_WITHIN_MS });
  for (const path of paths) await expect(page.getByText(path)).toBeVisible({ timeout: DRAWN_WITHIN_MS });
}
