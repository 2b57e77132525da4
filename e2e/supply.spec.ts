import { expect } from "@playwright/test";
import { test } from "./fixtures.ts";
import { DIA_PORT, serviceUrl, WRITE_KEY } from "./services.ts";

// Reporting a circulating supply: the form checks before it spends a request, posts with the write key,
// shows the stored record, and keeps what was typed when the service refuses it.

for (const wire of ["seed", "dia"] as const) {
  test.describe(`supply (${wire} wire)`, () => {
    if (wire === "dia") test.use({ baseURL: serviceUrl(DIA_PORT), port: DIA_PORT });

    test("a reported supply is stored and shown", async ({ page, client, request }) => {
      await page.goto("/supply?symbol=LTC");
      await expect(page.getByRole("heading", { name: "Circulating supply", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Symbol", { exact: true })).toHaveValue("LTC");
      // The coin list is in: the symbol is recognised by name.
      await expect(page.getByLabel("Symbol", { exact: true })).toHaveAccessibleDescription(/^Litecoin · /);

      await page.getByRole("textbox", { name: "Circulating supply" }).fill("76,612,345.5");
      await page.getByLabel("Write key", { exact: true }).fill(WRITE_KEY);
      await page.getByRole("button", { name: "Send supply" }).click();

      const stored = page.getByRole("region", { name: "Stored" });
      await expect(stored.getByTestId("stored-supply")).toHaveText("76,612,345.5");
      await expect(stored.getByRole("status")).toContainText("Litecoin (LTC)");
      await expect(stored).toContainText("Block");
      // The supply never goes into the address, the write key never into localStorage.
      await expect(page).toHaveURL(/\/supply\?symbol=LTC$/);
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(WRITE_KEY);

      const answer = await request.get("/v1/supply/LTC");
      expect(answer.status()).toBe(200);
      const record = (await answer.json()) as Record<string, unknown>;
      expect(record.circulatingSupply ?? record.CirculatingSupply).toBe(76_612_345.5);

      const requests = await client.waitForRequests(2);
      expect(requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
        "GET /v1/coins 200",
        "POST /v1/supply 200",
      ]);

      await stored.getByRole("link", { name: "See LTC's market data" }).click();
      await expect(page).toHaveURL(/\/symbol\/LTC$/);
    });

    // Wire-independent (the error record and the form's checks read the same on both wires, and the dia
    // coin list is read above): once, on the seed wire.
    if (wire === "seed") {
      test("a refused write key says so and keeps what was typed", async ({ page, client }) => {
        await page.goto("/supply");
        await page.getByLabel("Symbol", { exact: true }).fill("ETH");
        await expect(page.getByLabel("Symbol", { exact: true })).toHaveAccessibleDescription(/^Ethereum · /);
        await page.getByRole("textbox", { name: "Circulating supply" }).fill("120700001");
        await page.getByLabel("Write key", { exact: true }).fill("not-the-write-key");
        await page.getByRole("button", { name: "Send supply" }).click();

        const key = page.getByLabel("Write key", { exact: true });
        await expect(page.getByText(/The write key was refused: check it/)).toBeVisible();
        await expect(key).toHaveAttribute("aria-invalid", "true");
        await expect(key).toBeFocused();
        await expect(page.getByLabel("Symbol", { exact: true })).toHaveValue("ETH");
        await expect(page.getByRole("textbox", { name: "Circulating supply" })).toHaveValue("120700001");
        await expect(key).toHaveValue("not-the-write-key");
        await expect(page.getByRole("region", { name: "Stored" })).toHaveCount(0);

        const requests = await client.waitForRequests(2);
        expect(requests.at(-1)).toMatchObject({ method: "POST", path: "/v1/supply", status: 401 });
      });

      test("the form checks before it spends a request", async ({ page, client }) => {
        await page.goto("/supply");
        const symbol = page.getByLabel("Symbol", { exact: true });
        const supply = page.getByRole("textbox", { name: "Circulating supply" });
        const send = page.getByRole("button", { name: "Send supply" });
        await symbol.fill("BTC");
        await expect(page.getByLabel("Symbol", { exact: true })).toHaveAccessibleDescription(/^Bitcoin · /);
        await page.getByLabel("Write key", { exact: true }).fill(WRITE_KEY);

        await supply.fill("abc");
        await send.click();
        await expect(supply).toHaveAttribute("aria-invalid", "true");
        await expect(supply).toHaveAccessibleDescription(/“abc” is not a number/);
        await expect(supply).toBeFocused();

        await supply.fill("19,950,001");
        await symbol.fill("NOPE1");
        await send.click();
        await expect(symbol).toHaveAttribute("aria-invalid", "true");
        await expect(symbol).toHaveAccessibleDescription(/“NOPE1” is not a coin the service knows/);
        await expect(symbol).toBeFocused();
        await expect(supply).not.toHaveAttribute("aria-invalid", "true");

        await symbol.fill("btc");
        await send.click();
        await expect(symbol).toHaveAccessibleDescription(/did you mean BTC/);
        await page.getByRole("button", { name: "Use BTC" }).click();
        await expect(symbol).toHaveValue("BTC");

        // Only the coin list was asked for: no post went out.
        await client.waitForRequests(1);
        await page.waitForTimeout(500);
        expect(client.requests().map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v1/coins"]);
      });
    }
  });
}
