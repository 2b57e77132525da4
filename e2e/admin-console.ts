// The operator's steps in the console, shared by the journeys on one process and on the cluster: opening it
// with the admin key, issuing a key, changing a key's limit, revoking one by keyboard, and refetching the
// usage review (the console refreshes it only every 30 s).
import { expect, type Page } from "@playwright/test";

/** Opens `url`/console and enters the admin key; resolves once the console is open. */
export async function openConsole(page: Page, url: string, adminKey: string): Promise<void> {
  await page.goto(`${url}/console`);
  await page.getByLabel("Admin key", { exact: true }).fill(adminKey);
  await page.getByRole("button", { name: "Open the console" }).click();
  await expect(page.getByRole("button", { name: "Forget the key" })).toBeVisible();
}

export interface Application {
  name: string;
  contact: string;
  /** Requests a minute. */
  limit: number;
}

/** Issues a key to `app` in the Keys section: asserts the secret is shown once, with a copy button; its secret. */
export async function issueKey(page: Page, app: Application): Promise<string> {
  const keys = page.getByRole("region", { name: "Keys" });
  await keys.getByLabel("Application name").fill(app.name);
  await keys.getByLabel("Contact").fill(app.contact);
  await keys.getByLabel("Limit (requests a minute)").fill(String(app.limit));
  await keys.getByRole("button", { name: "Issue the key" }).click();
  const issued = keys.getByRole("region", { name: `Key issued to ${app.name}` });
  await expect(issued).toContainText("Store it now: it will not be shown again.");
  await expect(issued.getByRole("button", { name: "Copy the secret" })).toBeVisible();
  const secret = await issued.getByLabel(`The secret of ${app.name}`).inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await expect(keys.getByRole("row", { name: new RegExp(escapeRegExp(app.name)) })).toContainText(
    `${app.limit}/min`,
  );
  return secret;
}

/**
 * Changes the limit of the key issued to `name` in the console; resolves once the console says so, with
 * the moment (performance.now()) the service answered the change: where "within a second" counts from.
 */
export async function changeLimit(page: Page, name: string, limit: number): Promise<number> {
  const keys = page.getByRole("region", { name: "Keys" });
  await keys.getByRole("button", { name: `Change limit of ${name}` }).click();
  await page
    .getByRole("form", { name: `Change the limit of ${name}` })
    .getByLabel("Limit (requests a minute)")
    .fill(String(limit));
  const answered = page.waitForResponse(
    (response) => response.request().method() === "PATCH" && /\/admin\/keys\/\d+$/.test(response.url()),
  );
  await page.getByRole("button", { name: "Save the limit" }).click();
  const response = await answered;
  const at = performance.now();
  expect(response.status(), "the service's answer to the change of limit").toBe(200);
  await expect(keys.getByRole("status")).toHaveText(`The limit of ${name} is now ${limit}/min.`);
  return at;
}

/**
 * Revokes the key issued to `name` with the keyboard alone (Enter on its button, Tab past Cancel to the
 * confirmation, Enter); resolves once the table shows it revoked, with the moment the service answered.
 */
export async function revokeByKeyboard(page: Page, name: string): Promise<number> {
  const keys = page.getByRole("region", { name: "Keys" });
  await keys.getByRole("button", { name: `Revoke ${name}` }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Revoke ${name}?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Revoke the key" })).toBeFocused();
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && /\/admin\/keys\/\d+\/revoke$/.test(response.url()),
  );
  await page.keyboard.press("Enter");
  const response = await answered;
  const at = performance.now();
  expect(response.status(), "the service's answer to the revocation").toBe(200);
  await expect(keys.getByRole("row", { name: new RegExp(escapeRegExp(name)) })).toContainText("revoked");
  return at;
}

/**
 * Asks the console for the usage review again (its Refresh, as an operator would) until `check` passes:
 * the replicas add their counts to the store about once a second. Each check reads the answer to its own
 * refresh, never a view on its way to another.
 */
export async function refetchUsageUntil(
  page: Page,
  check: () => Promise<void>,
  timeout = 20_000,
): Promise<void> {
  const refresh = page.getByRole("region", { name: "Usage" }).getByRole("button", { name: "Refresh" });
  await expect(async () => {
    const answered = page.waitForResponse((response) => /\/admin\/usage\?/.test(response.url()));
    await refresh.click();
    expect((await answered).status(), "the service's answer to the usage review").toBe(200);
    await check();
  }).toPass({ timeout });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
