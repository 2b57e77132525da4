// @vitest-environment jsdom
// The console's gate and what it keeps: the real routes and shell against a fake of the service's /admin
// answers behind fetch.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppRoutes } from "../routes.tsx";
import { type Page, renderPage, resetPage, type Service } from "../testing/page-harness.tsx";
import type { Connection } from "../transport/connection.ts";
import { useConnection } from "../transport/connection-context.tsx";
import { AdminPage } from "./admin-page.tsx";
import { ADMIN_KEY, adminState, fakeAdminService } from "./testing/admin-testkit.ts";

let service: Service;

beforeEach(() => {
  service = fakeAdminService(adminState());
});

afterEach(resetPage);

const keyField = () => screen.getByLabelText("Admin key", { selector: "input" });

async function enterKey({ user }: Page, key: string) {
  await user.type(await screen.findByLabelText("Admin key", { selector: "input" }), key);
  await user.click(screen.getByRole("button", { name: "Open the console" }));
}

/** Every value this test's storages hold, to look for a secret in. */
function stored(storage: Storage): string {
  return Array.from(
    { length: storage.length },
    (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i) ?? "")}`,
  ).join("\n");
}

describe("the operator's gate", () => {
  it("says a wrong key was refused and keeps it in the field, keeping nothing", async () => {
    const page = renderPage({ routes: [{ path: "/console", Component: AdminPage }], entry: "/console" });
    await enterKey(page, "not-the-key");
    await waitFor(() =>
      expect(keyField()).toHaveAccessibleDescription(/^The service refused this admin key/),
    );
    expect(keyField()).toHaveValue("not-the-key");
    expect(keyField()).toBeInvalid();
    expect(keyField()).toHaveFocus();
    expect(service.sent.map((s) => [s.url, s.headers.Authorization])).toEqual([
      ["http://service.test/admin/health", "Bearer not-the-key"],
    ]);
    expect(sessionStorage.length).toBe(0);
    expect(stored(localStorage)).not.toContain("not-the-key");
    expect(screen.queryByRole("button", { name: "Forget the key" })).toBeNull();
  });

  it("opens the console with the right key, keeps it for the session only, and shows the link while kept", async () => {
    const page = renderPage({ routes: [{ path: "*", Component: AppRoutes }], entry: "/console" });
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Admin" })).toBeNull();
    await enterKey(page, ADMIN_KEY);
    expect(await screen.findByRole("heading", { name: "Admin console", level: 1 })).toBeVisible();
    for (const name of [
      "Health",
      "Usage",
      "Requests per minute",
      "Live streams",
      "Keys",
      "Blocked and limited addresses",
      "Audit log",
    ]) {
      expect(screen.getByRole("region", { name })).toBeVisible();
    }
    expect(within(nav).getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/console");
    expect(sessionStorage.getItem("cmd.adminKey")).toBe(ADMIN_KEY);
    expect(stored(localStorage)).not.toContain(ADMIN_KEY);
    expect(page.router.state.location.pathname + page.router.state.location.search).not.toContain(ADMIN_KEY);
    // Every console request carries the key as a bearer token, none in the address.
    const admin = service.sent.filter((s) => s.url.includes("/admin/"));
    expect(admin.length).toBeGreaterThan(1);
    for (const sent of admin) {
      expect(sent.headers.Authorization).toBe(`Bearer ${ADMIN_KEY}`);
      expect(sent.url).not.toContain(ADMIN_KEY);
    }

    await page.user.click(screen.getByRole("button", { name: "Forget the key" }));
    expect(await screen.findByRole("button", { name: "Open the console" })).toBeVisible();
    expect(keyField()).toHaveValue("");
    expect(sessionStorage.getItem("cmd.adminKey")).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Admin" })).toBeNull();
  });

  it("goes back to the gate, saying why, when the service stops accepting the kept key", async () => {
    sessionStorage.setItem("cmd.adminKey", "revoked-admin-key");
    renderPage({ routes: [{ path: "/console", Component: AdminPage }], entry: "/console" });
    expect(await screen.findByRole("alert")).toHaveTextContent(/no longer accepts the admin key/);
    expect(sessionStorage.getItem("cmd.adminKey")).toBeNull();
    expect(screen.getByRole("button", { name: "Open the console" })).toBeVisible();
  });

  it("asks for health every 15 s and usage every 30 s while shown, and nothing else again", async () => {
    sessionStorage.setItem("cmd.adminKey", ADMIN_KEY);
    renderPage({ routes: [{ path: "/console", Component: AdminPage }], entry: "/console" });
    await screen.findByRole("list", { name: /Audit log/ });
    const count = () => {
      const paths = service.requests.map((r) => r.split("?")[0]);
      return (path: string) => paths.filter((p) => p === path).length;
    };
    const atStart = count();
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(count()("/admin/health")).toBe(atStart("/admin/health"));
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(count()("/admin/health")).toBe(atStart("/admin/health") + 1);
    expect(count()("/admin/usage")).toBe(atStart("/admin/usage"));
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    const later = count();
    expect(later("/admin/health")).toBe(atStart("/admin/health") + 2);
    expect(later("/admin/usage")).toBe(atStart("/admin/usage") + 1);
    expect(later("/admin/usage/minutes")).toBe(atStart("/admin/usage/minutes") + 1);
    for (const still of ["/admin/keys", "/admin/addresses", "/admin/audit"])
      expect(later(still)).toBe(atStart(still));
  });

  it("never takes from the request budget of the dashboard's pages", async () => {
    let connection: Connection | null = null;
    const Probe = () => {
      connection = useConnection();
      return <AdminPage />;
    };
    const page = renderPage({ routes: [{ path: "/console", Component: Probe }], entry: "/console" });
    await enterKey(page, ADMIN_KEY);
    await screen.findByRole("table", { name: /Usage per client/ });
    await screen.findByRole("table", { name: /Client keys/ });
    await screen.findByRole("list", { name: /Audit log/ });
    const budget = (connection as Connection | null)?.budget;
    expect(budget).toBeDefined();
    const used = service.sent.length;
    expect(used).toBeGreaterThan(5); // more than the budget of /v1 would allow in a minute
    expect(budget?.snapshot()).toMatchObject({ used: 0, queued: 0, pausedUntil: null });
  });
});
