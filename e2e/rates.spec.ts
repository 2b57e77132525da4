// The interest-rates page, as a person uses it: the rate types with their issuers, a type's value on a past
// date, its fixings over a range, back/forward through those views, and a date before the type's first
// fixing. Each action must spend at most one of the 5 requests a minute; opening the page spends two (the
// type list and the default type's latest value).
import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";
import { canvasColours, checkSmallChartLooks } from "./canvas.ts";
import { type Client, test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl } from "./services.ts";

/**
 * A check that this test has spent exactly `count` requests so far: it waits until the service has logged
 * them, then makes sure no extra one follows. Counted from when it is made (a key the test reuses after a
 * worker restart may hold an earlier test's requests).
 */
function spending(client: Client): (count: number) => Promise<void> {
  const before = client.requests().length;
  return async (count) => {
    await client.waitForRequests(before + count);
    // The log is written every 25 ms; a stray request of the same action would be there by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      client
        .requests()
        .slice(before)
        .map((r) => r.path),
    ).toHaveLength(count);
  };
}

/** The chart of a range's fixings, by its accessible name (the range's values in words). */
function rangeChart(page: Page, type: string, from: string, to: string) {
  return page.getByRole("img", {
    name: new RegExp(
      `^Chart of the ${type} fixings from ${from} to ${to}: from -?[\\d.]+% to -?[\\d.]+%, low -?[\\d.]+%, high -?[\\d.]+%$`,
    ),
  });
}

function typesTable(page: Page) {
  return page.getByRole("table", { name: /interest rate types/i });
}

function typeRow(page: Page, symbol: string) {
  return typesTable(page)
    .getByRole("row")
    .filter({ has: page.getByText(symbol, { exact: true }) });
}

for (const wire of ["seed", "dia"] as const) {
  test.describe(`interest rates (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("a type's value on a past date and its fixings over a range, back and forth", async ({
      page,
      client,
    }) => {
      const spentSoFar = spending(client);
      await page.goto("/rates");
      await expect(page.getByRole("heading", { level: 1, name: "Interest rates" })).toBeVisible();
      await expect(typeRow(page, "ESTER").getByRole("cell", { name: "ECB", exact: true })).toBeVisible();
      await expect(typeRow(page, "SOFR").getByRole("cell", { name: "FED", exact: true })).toBeVisible();
      await expect(typeRow(page, "SOFR").getByRole("cell", { name: "2018-04-02" })).toBeVisible();
      await expect(page.getByText("Latest fixing", { exact: true })).toBeVisible();
      await spentSoFar(2);

      // Choose SOFR: its latest value, one request.
      await page.getByRole("link", { name: "Select SOFR", exact: true }).click();
      await expect(page).toHaveURL(/[?&]type=SOFR(&|$)/);
      await expect(page.getByRole("heading", { level: 2, name: /^SOFR\s*Secured Overnight/ })).toBeVisible();
      await expect(typeRow(page, "SOFR")).toContainText("Selected");
      await expect(page.getByText("Latest fixing", { exact: true })).toBeVisible();
      await spentSoFar(3);

      // A Saturday: the fixing in force is Friday's, one request.
      await page.getByLabel("Date", { exact: true }).fill("2024-03-09");
      await expect(page.getByText("Value on 2024-03-09")).toBeVisible();
      await expect(page.getByText(/Effective Fri 2024-03-08/)).toBeVisible();
      await expect(page.locator(".rate-figure__value")).toHaveText(/^-?\d+\.\d{2}%$/);
      await expect(page).toHaveURL(/[?&]type=SOFR&date=2024-03-09(&|$)/);
      await spentSoFar(4);

      // The fixings of February 2024: typing the dates spends nothing, the button one request.
      await page.getByLabel("From", { exact: true }).fill("2024-02-01");
      await page.getByLabel("To", { exact: true }).fill("2024-02-29");
      await page.waitForTimeout(800);
      expect(client.requests()).toHaveLength(4);
      await page.getByRole("button", { name: "Show fixings" }).click();
      const fixings = page.getByRole("table", { name: /SOFR fixings from 2024-02-01 to 2024-02-29/ });
      const rows = fixings.locator("tbody tr");
      await expect(rows.first()).toBeVisible();
      const dates = (await fixings.locator("tbody tr td:first-child time").allTextContents()).map((d) =>
        d.trim(),
      );
      expect(dates.length).toBeGreaterThanOrEqual(15);
      for (const date of dates) {
        expect(date >= "2024-02-01" && date <= "2024-02-29", `${date} is in February 2024`).toBe(true);
      }
      expect(dates).toEqual([...dates].sort().reverse());
      await expect(page.getByRole("definition").first()).toHaveText(String(dates.length));
      // The same fixings as a line above the table, drawn on a canvas.
      const chart = rangeChart(page, "SOFR", "2024-02-01", "2024-02-29");
      await expect(chart).toBeVisible();
      await expect(chart.locator("canvas").first()).toBeVisible();
      await expect.poll(async () => (await canvasColours(chart)).distinct).toBeGreaterThan(8);
      await expect(page).toHaveURL(/[?&]from=2024-02-01&to=2024-02-29(&|$)/);
      await spentSoFar(5);

      // Back: the range goes, then the date, then the type; forward brings them back from the cache.
      await page.goBack();
      await expect(fixings).toHaveCount(0);
      await expect(page.getByText("Value on 2024-03-09")).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\?type=SOFR$/);
      await expect(page.getByText("Latest fixing", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Date", { exact: true })).toHaveValue("");
      await page.goBack();
      await expect(page.getByRole("heading", { level: 2, name: /^ESTER\s*Euro short-term/ })).toBeVisible();
      await page.goForward();
      await page.goForward();
      await expect(page.getByLabel("Date", { exact: true })).toHaveValue("2024-03-09");
      await page.goForward();
      await expect(rows).toHaveCount(dates.length);
      await expect(page.getByLabel("From", { exact: true })).toHaveValue("2024-02-01");
      await spentSoFar(5);
    });

    test("the range's chart follows the theme and fits a phone", async ({ page, client }, testInfo) => {
      const spentSoFar = spending(client);
      await page.goto("/rates?type=SOFR&from=2024-02-01&to=2024-02-29");
      const chart = rangeChart(page, "SOFR", "2024-02-01", "2024-02-29");
      await expect(chart).toBeVisible();
      // Pointing at the line says the day (in UTC, as the table) and the value.
      // A fixing's day is a UTC day, and the tooltip says so whatever the time zone setting.
      await checkSmallChartLooks(page, chart, /^Feb \d+, 2024 \(UTC day\) · \d+\.\d\d%$/, (name) =>
        testInfo.outputPath(`rates-${wire}-${name}.png`),
      );
      // The type list, the type's latest value and the range: the chart adds no request.
      await spentSoFar(3);
    });

    test("a date before the type's first fixing shows the service's message and the first date", async ({
      page,
      client,
    }) => {
      const spentSoFar = spending(client);
      await page.goto("/rates");
      await expect(page.getByText("Latest fixing", { exact: true })).toBeVisible();
      await spentSoFar(2);
      await page.getByRole("link", { name: "Select SOFR", exact: true }).click();
      await expect(page.getByText("Latest fixing", { exact: true })).toBeVisible();
      await spentSoFar(3);

      await page.getByLabel("Date", { exact: true }).fill("2017-06-01");
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(/no SOFR fixing/i);
      await expect(alert).toContainText("2018-04-02");
      await expect(page.getByText("SOFR is published from 2018-04-02 on.")).toBeVisible();
      await spentSoFar(4);
      const refused = client.requests().at(-1);
      expect(refused?.path).toBe("/v1/interestrate/SOFR/2017-06-01");
      expect(refused?.status).toBe(404);

      await page.getByRole("button", { name: "Show 2018-04-02" }).click();
      await expect(page.getByText("Value on 2018-04-02")).toBeVisible();
      await expect(page).toHaveURL(/[?&]date=2018-04-02(&|$)/);
      await spentSoFar(5);
    });
  });
}
