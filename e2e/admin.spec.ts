import { expect, type Page } from "@playwright/test";
import { changeLimit, issueKey, openConsole, refetchUsageUntil, revokeByKeyboard } from "./admin-console.ts";
import { accessibilityViolations } from "./axe.ts";
import { test } from "./fixtures.ts";
import { type OwnService, startOwnService } from "./own-service.ts";
import { PORT } from "./services.ts";

// The operator's console against a real service of its own (its own admin key, keys and usage): the gate,
// issuing a key whose secret is shown once and works at once with its limit, changing that limit, the
// usage review and its chart, the key's live stream held then ended, revoking by keyboard behind a
// confirmation, an address rule, the audit log; then the console in both themes and at a phone's width,
// a stream open, with axe.

const ADMIN_KEY = "e2e-admin-key-not-secret";

let own: OwnService;

// Its tests share the service started once for the file: they run in order, in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  own = await startOwnService(PORT + 40, { env: { ADMIN_KEYS: ADMIN_KEY }, marketCoins: ["BTC", "ETH"] });
});

test.afterAll(async () => {
  await own?.stop();
});

/** A client's request to /v1 with `key`, as an application would send it: its status. */
async function clientRequest(key: string): Promise<number> {
  const answer = await fetch(`${own.url}/v1/coins`, { headers: { "X-Api-Key": key } });
  await answer.arrayBuffer();
  return answer.status;
}

/**
 * Opens a live stream as an application would (with `key`, or none: the address's): resolves once its
 * first event came, with how to end it.
 */
async function holdStream(key: string | null): Promise<() => Promise<void>> {
  const ending = new AbortController();
  const answer = await fetch(`${own.url}/v1/stream?prices=BTC`, {
    headers: key === null ? {} : { "X-Api-Key": key },
    signal: ending.signal,
  });
  expect(answer.status, "opening a live stream").toBe(200);
  const body = answer.body?.getReader();
  await body?.read();
  return async () => {
    ending.abort();
    await body?.cancel().catch(() => undefined);
  };
}

async function openOwnConsole(page: Page): Promise<void> {
  await openConsole(page, own.url, ADMIN_KEY);
  await expect(page.getByRole("region", { name: "Health" })).toContainText("sqlite");
}

test("an operator issues a key, limits it, reviews its usage and cuts it off", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${own.url}/`);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Coins" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);

  // A wrong admin key is refused and stays in the field.
  await page.goto(`${own.url}/console`);
  const keyField = page.getByLabel("Admin key", { exact: true });
  await keyField.fill("not-the-admin-key-at-all");
  await page.getByRole("button", { name: "Open the console" }).click();
  await expect(keyField).toHaveAccessibleDescription(/^The service refused this admin key/);
  await expect(keyField).toHaveValue("not-the-admin-key-at-all");

  await keyField.fill(ADMIN_KEY);
  await page.getByRole("button", { name: "Open the console" }).click();
  await expect(page.getByRole("heading", { name: "Admin console", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin" })).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain(ADMIN_KEY);
  expect(await page.evaluate(() => sessionStorage.getItem("cmd.adminKey"))).toBe(ADMIN_KEY);

  // Issue a key with a limit of 3 a minute: the secret is shown once and works at once, with its limit.
  const keys = page.getByRole("region", { name: "Keys" });
  const secret = await issueKey(page, { name: "E2E wallet", contact: "ops@wallet.example", limit: 3 });
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push(await clientRequest(secret));
  expect(statuses).toEqual([200, 200, 200, 429, 429]);

  // Raise its limit: the next request is admitted.
  await changeLimit(page, "E2E wallet", 20);
  await expect.poll(() => clientRequest(secret), { timeout: 5_000 }).toBe(200);

  // After a reload the secret is gone for good; the usage review puts the refused client first.
  await page.reload();
  await expect(page.getByRole("button", { name: "Forget the key" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Key issued to/ })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  const usage = page.getByRole("region", { name: "Usage" });
  const firstClient = usage.getByRole("rowheader").first();
  await refetchUsageUntil(page, () => expect(firstClient).toHaveText("E2E wallet", { timeout: 1_000 }));
  const walletRow = usage.getByRole("row", { name: /E2E wallet/ });
  await expect(walletRow.getByRole("cell").nth(1)).toHaveText("2"); // refused
  await firstClient.getByRole("button").click();
  const chart = page.getByRole("region", { name: "Requests per minute" });
  await expect(chart.getByRole("img")).toHaveAccessibleName(
    /^Requests per minute of key:[0-9a-f]{8}: \d+ admitted and 2 refused/,
  );
  await expect(chart.locator("canvas").first()).toBeVisible();

  // A live stream the key holds: the console shows it open now, then, once it ended, counted.
  const endStream = await holdStream(secret);
  const streams = page.getByRole("region", { name: "Live streams" });
  const walletStreams = streams.getByRole("row", { name: /E2E wallet/ });
  const streamCell = (label: string) =>
    walletStreams.getByRole("cell").nth(["Open now", "Open for", "Ended"].indexOf(label));
  await refetchUsageUntil(page, () => expect(streamCell("Open now")).toHaveText("1", { timeout: 1_000 }));
  await expect(streamCell("Open for")).toHaveText(/^\d+ s$/);
  await endStream();
  await refetchUsageUntil(page, async () => {
    await expect(streamCell("Open now")).toHaveText("0", { timeout: 1_000 });
    await expect(streamCell("Ended")).toHaveText("1", { timeout: 1_000 });
  });
  await expect(streams.getByRole("table", { name: /Live streams per client/ })).toBeVisible();

  // Revoke it by keyboard: Escape cancels, the confirmation names the key, then it is refused at once.
  const revoke = keys.getByRole("button", { name: "Revoke E2E wallet" });
  await revoke.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Revoke E2E wallet?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(revoke).toBeFocused();
  expect(await clientRequest(secret)).toBe(200);
  await revokeByKeyboard(page, "E2E wallet");
  await expect(keys.getByRole("status")).toContainText("E2E wallet");
  await expect.poll(() => clientRequest(secret), { timeout: 2_000 }).toBe(401);

  // Block a range that sends no key, then remove the rule.
  const addresses = page.getByRole("region", { name: "Blocked and limited addresses" });
  await addresses.getByLabel("Address or CIDR range").fill("203.0.113.0/24");
  await addresses.getByLabel("Note").fill("scraper");
  await addresses.getByRole("button", { name: "Add the rule" }).click();
  await expect(addresses.getByRole("row", { name: /203\.0\.113\.0\/24/ })).toContainText("blocked");
  await addresses.getByRole("button", { name: "Remove the rule for 203.0.113.0/24" }).click();
  const removed = page.waitForResponse(
    (response) => response.request().method() === "DELETE" && /\/admin\/addresses\/\d+$/.test(response.url()),
  );
  await page.getByRole("dialog").getByRole("button", { name: "Remove the rule" }).click();
  expect((await removed).status(), "the service's answer to the removal").toBe(204);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The list is asked again after the removal; on a loaded machine that answer can take a few seconds.
  await expect(addresses.getByText("No address is blocked or limited.")).toBeVisible({ timeout: 15_000 });

  // Every change is in the audit log, newest first, by this admin key.
  const audit = page.getByRole("list", { name: /Audit log/ });
  await expect(audit.getByRole("listitem").first()).toContainText("address");
  await expect(audit.getByRole("listitem").first()).toContainText("admin:");
  await expect(audit).toContainText(/key\.revoke/);
  await expect(audit).toContainText(/E2E wallet/);

  // Forgetting the key closes the console and hides its link.
  await page.getByRole("button", { name: "Forget the key" }).click();
  await expect(page.getByRole("button", { name: "Open the console" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem("cmd.adminKey"))).toBeNull();
});

for (const look of [
  { name: "light", colorScheme: "light", width: 1280 },
  { name: "dark", colorScheme: "dark", width: 1280 },
  { name: "360 px", colorScheme: "light", width: 360 },
] as const) {
  test(`the console in ${look.name}: no accessibility violation, nothing wider than the screen`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: look.colorScheme });
    await page.setViewportSize({ width: look.width, height: 800 });
    // A stream held by the address while the console is looked at: its table is on the page.
    const endStream = await holdStream(null);
    await openOwnConsole(page);
    await expect(page.getByRole("table", { name: /Client keys/ })).toBeVisible();
    await expect(page.getByRole("table", { name: /Live streams per client/ })).toBeVisible();
    await expect(page.getByRole("list", { name: /Audit log/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `the console is wider than the ${look.width} px screen`).toBeLessThanOrEqual(
      look.width,
    );
    // The keyboard reaches the console's first control after the header.
    await page.getByRole("button", { name: "Forget the key" }).focus();
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    // A dialog open is checked too.
    const revoke = page.getByRole("button", { name: /^Revoke / }).first();
    if ((await revoke.count()) > 0) {
      await revoke.click();
      expect(await accessibilityViolations(page), "with the confirmation open").toEqual([]);
      await page.keyboard.press("Escape");
    }
    await page.screenshot({
      path: testInfo.outputPath(`operator-${look.name.replace(" ", "")}.png`),
      fullPage: true,
    });
    await endStream();
  });
}
