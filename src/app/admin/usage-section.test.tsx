// @vitest-environment jsdom
// The usage review in the console: the table's order (the most refused first), sorting by a column, the
// period, a client chosen for the chart, and Refresh. Against a fake of /admin.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Page, renderPage, resetPage, type Service } from "../testing/page-harness.tsx";
import { AdminPage } from "./admin-page.tsx";
import { ADMIN_KEY, adminState, fakeAdminService } from "./testing/admin-testkit.ts";

let service: Service;

beforeEach(() => {
  service = fakeAdminService(adminState());
});

afterEach(resetPage);

async function openConsole(entry = "/console"): Promise<Page> {
  sessionStorage.setItem("cmd.adminKey", ADMIN_KEY);
  const page = renderPage({ routes: [{ path: "/console", Component: AdminPage }], entry });
  await screen.findByRole("table", { name: /Usage per client/ });
  return page;
}

/** The client names down the usage table, in order. */
function clientOrder(): string[] {
  const table = screen.getByRole("table", { name: /Usage per client/ });
  return within(table)
    .getAllByRole("rowheader")
    .map((cell) => cell.textContent ?? "");
}

const header = (name: string) =>
  within(screen.getByRole("table", { name: /Usage per client/ })).getByRole("columnheader", { name });

describe("the usage review", () => {
  it("puts the most refused first, and sorts by a column chosen, either way", async () => {
    const { user } = await openConsole();
    expect(clientOrder()).toEqual(["Greedy bot", "Busy site", "Quiet app"]);
    expect(header("Refused")).toHaveAttribute("aria-sort", "descending");

    await user.click(within(header("Admitted")).getByRole("button"));
    expect(clientOrder()).toEqual(["Busy site", "Greedy bot", "Quiet app"]);
    expect(header("Admitted")).toHaveAttribute("aria-sort", "descending");
    expect(header("Refused")).toHaveAttribute("aria-sort", "none");

    await user.click(within(header("Admitted")).getByRole("button"));
    expect(clientOrder()).toEqual(["Quiet app", "Greedy bot", "Busy site"]);
    expect(header("Admitted")).toHaveAttribute("aria-sort", "ascending");
  });

  it("asks for the period chosen, and the chart for the client chosen", async () => {
    const page = await openConsole();
    const { user } = page;
    expect(service.requests).toContain("/admin/usage?period=day");
    expect(service.requests).toContain("/admin/usage/minutes?period=day");
    const chart = screen.getByRole("region", { name: "Requests per minute" });
    expect(within(chart).getByRole("img")).toHaveAccessibleName(
      /^Requests per minute of the whole service: 10 admitted and 7 refused, busiest minute .* with 12$/,
    );

    await user.selectOptions(screen.getByLabelText("Period"), "week");
    await waitFor(() => expect(service.requests).toContain("/admin/usage?period=week"));
    expect(page.router.state.location.search).toBe("?period=week");

    const greedy = screen.getByRole("button", { name: "Greedy bot" });
    await user.click(greedy);
    expect(greedy).toHaveAttribute("aria-pressed", "true");
    await waitFor(() =>
      expect(service.requests).toContain("/admin/usage/minutes?period=week&client=key%3Agreedy+b"),
    );
    expect(page.router.state.location.search).toBe("?period=week&client=key%3Agreedy+b");
    await waitFor(() =>
      expect(within(chart).getByRole("img")).toHaveAccessibleName(/^Requests per minute of key:greedy b:/),
    );

    await user.click(within(chart).getByRole("button", { name: "Show the whole service" }));
    expect(page.router.state.location.search).toBe("?period=week");
    expect(screen.getByRole("button", { name: "Greedy bot" })).toHaveAttribute("aria-pressed", "false");
  });

  it("asks the review and its chart again at once on Refresh, though they were just asked", async () => {
    const { user } = await openConsole();
    const asked = (path: string) => service.requests.filter((request) => request === path).length;
    expect(asked("/admin/usage?period=day")).toBe(1);
    expect(asked("/admin/usage/minutes?period=day")).toBe(1);

    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(asked("/admin/usage?period=day")).toBe(2));
    await waitFor(() => expect(asked("/admin/usage/minutes?period=day")).toBe(2));
  });
});
