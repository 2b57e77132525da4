import { expect } from "@playwright/test";
import { expectApiDocsDrawn } from "./api-docs.ts";
import { test } from "./fixtures.ts";

// What the service itself serves besides the API: the dashboard (with an SPA fallback) and the API docs.

test("the dashboard loads from the service", async ({ page, client }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Crowd Market Data, home" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(client.key).toMatch(/^e2e-client-/);
});

test("a dashboard address that is not a file falls back to the app", async ({ page, client }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect(client.requests()).toHaveLength(0);
});

test("the API documentation lists the endpoints", async ({ page }) => {
  await page.goto("/docs");
  await expectApiDocsDrawn(page, [
    "/v1/chartPoints/{filter}/{trading_place}/{symbol}",
    "/v1/interestrate/{rateType}/{date}",
  ]);
});
