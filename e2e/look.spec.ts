import type { Page, TestInfo } from "@playwright/test";
import { expect } from "@playwright/test";
import { accessibilityViolations } from "./axe.ts";
import { test } from "./fixtures.ts";

// Every page in both themes and at a phone's width, as screenshots to look at (in the test's output
// folder) and as checks that could fail: the theme really changes the colours, nothing is wider than the
// screen, and each page keeps one main heading for screen readers.

const PAGES = [
  {
    path: "/",
    ready: (page: Page) =>
      page.getByRole("table").first().getByRole("link", { name: "Bitcoin", exact: true }),
  },
  { path: "/symbol/BTC", ready: (page: Page) => page.getByText(/as of .+ · source \w/).first() },
  { path: "/rates", ready: (page: Page) => page.getByText("ESTER").first() },
  { path: "/supply", ready: (page: Page) => page.getByRole("button", { name: /send|post|store/i }).first() },
  { path: "/settings", ready: (page: Page) => page.getByRole("button", { name: /save/i }).first() },
  { path: "/no-such-page", ready: (page: Page) => page.getByRole("heading", { name: "Page not found" }) },
] as const;

/** In-app navigation, as a click on a link does it (the cache then serves pages seen before). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

async function visitAll(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.goto("/");
  for (const { path, ready } of PAGES) {
    if (path !== "/") await navigate(page, path);
    await expect(ready(page)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const width = page.viewportSize()?.width ?? 0;
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `${path} is wider than the ${width} px screen`).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page), `${path} accessibility`).toEqual([]);
    const file = `${name}${path === "/" ? "-coins" : path.replaceAll("/", "-")}.png`;
    await page.screenshot({ path: testInfo.outputPath(file), fullPage: true });
  }
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test("every page in the light theme", async ({ page, client }, testInfo) => {
  await page.emulateMedia({ colorScheme: "light" });
  await visitAll(page, testInfo, "light");
  expect(await background(page)).toBe("rgb(246, 247, 249)");
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});

test("every page in the dark theme", async ({ page, client }, testInfo) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await visitAll(page, testInfo, "dark");
  expect(await background(page)).toBe("rgb(14, 17, 23)");
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});

test("every page at 360 px wide", async ({ page, client }, testInfo) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await visitAll(page, testInfo, "phone");
  expect(client.requests().filter((r) => r.status === 429)).toEqual([]);
});

test("the header's theme switch overrides the system and is remembered", async ({ page, client }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await background(page)).toBe("rgb(14, 17, 23)");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  expect(await background(page)).toBe("rgb(246, 247, 249)");
  expect(client.requests()).toEqual([]);
});

test("the keyboard reaches the navigation first and the skip link jumps to the page", async ({
  page,
  client,
}) => {
  await page.goto("/rates");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Crowd Market Data, home" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Coins" })).toBeFocused();
  expect(client.key).toBeTruthy();
});
