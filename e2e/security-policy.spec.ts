import { expect, type Page } from "@playwright/test";
import { expectApiDocsDrawn } from "./api-docs.ts";
import { settled } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";

// Every page the service serves runs under its Content Security Policy (no inline script; scripts,
// workers and styles from the service; framing by nobody) with no violation: the dashboard's pages with
// their charts, Web Workers and PNG export, the operator's console and the API docs. A violation is caught
// both ways Chromium reports it: the document's securitypolicyviolation event and the console.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __violations: Violation[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  const console: Violation[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      console.push({ directive: "console", blocked: message.text(), source: message.location().url });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __violations: Violation[] }).__violations)),
  ];
}

async function expectPolicy(page: Page, path: string): Promise<void> {
  const answer = await page.goto(path);
  const csp = answer?.headers()["content-security-policy"] ?? "";
  expect(csp, path).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer?.headers()["x-frame-options"]).toBe("DENY");
}

test.describe("the pages under their security policy", () => {
  test("the coin list and a coin", async ({ page, client }) => {
    expect(client.key).toBeTruthy();
    const violations = await watchViolations(page);
    await expectPolicy(page, "/");
    await expect(
      page.getByRole("table").first().getByRole("link", { name: "Bitcoin", exact: true }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await page.goto("/symbol/BTC");
    await expect(page.getByText(/as of .+ · source \w/).first()).toBeVisible({ timeout: 30_000 });
    await expect(
      page
        .getByRole("img", { name: /^MA120 of BTC over the last 24 hours/ })
        .locator("canvas")
        .first(),
    ).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the chart, decoded in its worker, exported as a picture", async ({ page, client }) => {
    expect(client.key).toBeTruthy();
    const violations = await watchViolations(page);
    await expectPolicy(page, "/chart/BTC");
    await settled(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export PNG" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expect(await violations()).toEqual([]);
  });

  test("the rates, the supply form, the settings and the console", async ({ page, client }) => {
    expect(client.key).toBeTruthy();
    const violations = await watchViolations(page);
    await expectPolicy(page, "/rates");
    await expect(page.getByText("ESTER").first()).toBeVisible({ timeout: 30_000 });
    for (const path of ["/supply", "/settings", "/console"]) {
      await expectPolicy(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    }
    expect(await violations()).toEqual([]);
  });

  test("the API docs", async ({ page }) => {
    const violations = await watchViolations(page);
    await expectPolicy(page, "/docs");
    await expectApiDocsDrawn(page, ["/v1/chartPoints/{filter}/{trading_place}/{symbol}"]);
    expect(await violations()).toEqual([]);
  });

  test("no page of the service can be framed by another site", async ({ page }) => {
    await page.goto("/docs");
    const framed = await page.evaluate(async () => {
      const frame = document.createElement("iframe");
      frame.src = "/console";
      document.body.append(frame);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      try {
        return frame.contentDocument?.querySelector("h1")?.textContent ?? null;
      } catch {
        return null;
      }
    });
    expect(framed).toBeNull();
  });
});
