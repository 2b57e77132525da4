import { expect, test } from "@playwright/test";

// The pages the service itself serves: the dashboard's placeholder and the API documentation.

test("the dashboard page loads from the service and links to the API", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Crowd Market Data" })).toBeVisible();
  await page.getByRole("link", { name: "/v1/quotation/BTC" }).click();
  await expect(page.locator("body")).toContainText('"symbol":"BTC"');
});

test("a dashboard address that is not a file falls back to the app", async ({ page }) => {
  await page.goto("/symbol/BTC");
  await expect(page.getByRole("heading", { name: "Crowd Market Data" })).toBeVisible();
});

test("the API documentation lists the endpoints", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByText("Market Data Query Service").first()).toBeVisible();
  await expect(page.getByText("/v1/chartPoints/{filter}/{trading_place}/{symbol}")).toBeVisible();
  await expect(page.getByText("/v1/interestrate/{rateType}/{date}")).toBeVisible();
});
