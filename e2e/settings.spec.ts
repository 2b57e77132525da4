import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";

// The settings page: saved with one button, invalid input named and not saved, and the cached data cleared.

async function storedSettings(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cmd.settings") ?? "{}"));
}

test("theme and budget are saved, and the API key is kept", async ({ page, client }) => {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByLabel("API key", { exact: true })).toHaveValue(client.key);

  await page.getByRole("radio", { name: "Dark" }).check();
  await page.getByLabel("Requests per minute", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByTestId("budget-in-use")).toHaveText("4 requests per 60 s");
  expect(await storedSettings(page)).toMatchObject({ theme: "dark", budgetPerMinute: 4, apiKey: client.key });

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.getByLabel("Requests per minute", { exact: true })).toHaveValue("4");
  await expect(page.getByLabel("API key", { exact: true })).toHaveValue(client.key);
});

test("a bad service address is named and nothing is saved", async ({ page, client }) => {
  await page.goto("/settings");
  const address = page.getByLabel("Service address", { exact: true });
  await address.fill("ftp://x");
  await page.getByRole("radio", { name: "Dark" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();

  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toHaveAccessibleDescription(/must start with http:\/\/ or https:\/\//);
  await expect(address).toBeFocused();
  await expect(address).toHaveValue("ftp://x");
  await expect(page.getByRole("status").filter({ hasText: "Nothing was saved" })).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-theme", "dark");
  expect(await storedSettings(page)).toEqual({ apiKey: client.key });
});

test("clearing the cached data makes the pages ask the service again", async ({ page, client }) => {
  await page.goto("/supply");
  await page.getByLabel("Symbol", { exact: true }).fill("BTC");
  await expect(page.getByLabel("Symbol", { exact: true })).toHaveAccessibleDescription(/^Bitcoin · /);
  await client.waitForRequests(1);
  // The persisted copy is written at most once a second.
  await page.waitForTimeout(1500);

  await page.reload();
  await page.getByLabel("Symbol", { exact: true }).fill("BTC");
  await expect(page.getByLabel("Symbol", { exact: true })).toHaveAccessibleDescription(/^Bitcoin · /);
  await page.waitForTimeout(500);
  expect(client.requests()).toHaveLength(1);

  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Clear cached data" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cleared" })).toBeVisible();

  await page.goto("/supply");
  await page.getByLabel("Symbol", { exact: true }).fill("BTC");
  await expect(page.getByLabel("Symbol", { exact: true })).toHaveAccessibleDescription(/^Bitcoin · /);
  const requests = await client.waitForRequests(2);
  expect(requests.map((r) => r.path)).toEqual(["/v1/coins", "/v1/coins"]);
});
