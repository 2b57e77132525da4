// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage, resetPage } from "../testing/page-harness.tsx";
import { AdminPage } from "./admin-page.tsx";
import { AUDIT_PAGE } from "./queries/audit.ts";
import { ADMIN_KEY, adminState, fakeAdminService } from "./testing/admin-testkit.ts";

afterEach(resetPage);

describe("the audit log", () => {
  it("shows the newest first and pages to older entries by the oldest id shown", async () => {
    const state = adminState();
    const total = AUDIT_PAGE + 5;
    state.audit = Array.from({ length: total }, (_, i) => ({
      id: total - i,
      time: new Date(Date.UTC(2026, 10, 24, 9) - i * 60_000).toISOString(),
      actor: "admin:1f0e9a77",
      action: "key.limit",
      target: `key ${total - i}`,
      detail: "limit 5 → 2",
    }));
    const service = fakeAdminService(state);
    sessionStorage.setItem("cmd.adminKey", ADMIN_KEY);
    const { user } = renderPage({
      routes: [{ path: "/console", Component: AdminPage }],
      entry: "/console",
    });
    const log = await screen.findByRole("list", { name: /Audit log/ });
    const targets = () =>
      within(log)
        .getAllByRole("listitem")
        .map((entry) => entry.querySelector(".admin-audit__target")?.textContent);
    expect(targets()).toHaveLength(AUDIT_PAGE);
    expect(targets()[0]).toBe(`key ${total}`);

    await user.click(screen.getByRole("button", { name: "Older entries" }));
    await waitFor(() => expect(targets()).toHaveLength(total));
    const oldestShown = total - AUDIT_PAGE + 1;
    expect(service.requests).toContain(`/admin/audit?limit=${AUDIT_PAGE}&before=${oldestShown}`);
    expect(targets().at(-1)).toBe("key 1");
    expect(screen.queryByRole("button", { name: "Older entries" })).toBeNull();
    expect(screen.getByText("The start of the log.")).toBeVisible();
  });
});
