// @vitest-environment jsdom
// The live streams in the console: who holds streams now and for how long, and what the ended ones cost
// (how many, total and longest time, events, bytes), the longest streaming first; sorting by a column; the
// period's empty state; the note on a cluster, where open streams are the answering replica's. Against a
// fake of /admin.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage, resetPage } from "../testing/page-harness.tsx";
import { AdminPage } from "./admin-page.tsx";
import { ADMIN_KEY, type AdminState, adminState, fakeAdminService } from "./testing/admin-testkit.ts";

afterEach(resetPage);

async function openConsole(state: AdminState = adminState()) {
  const service = fakeAdminService(state);
  sessionStorage.setItem("cmd.adminKey", ADMIN_KEY);
  const page = renderPage({ routes: [{ path: "/console", Component: AdminPage }], entry: "/console" });
  const region = await screen.findByRole("region", { name: "Live streams" });
  return { ...page, service, region };
}

const streamsTable = () => screen.getByRole("table", { name: /Live streams per client/ });

/** Each row of the streams table as its cells' text, the client first. */
function rows(): string[][] {
  return within(streamsTable())
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      [within(row).getByRole("rowheader"), ...within(row).getAllByRole("cell")].map(
        (c) => c.textContent ?? "",
      ),
    );
}

const header = (name: string) => within(streamsTable()).getByRole("columnheader", { name });

describe("the live streams", () => {
  it("shows per client the streams open now and for how long, and the ended ones' time, events and bytes", async () => {
    const { region } = await openConsole();
    await within(region).findByRole("table", { name: /Live streams per client/ });
    // The quiet app never streamed: not listed. The busy site streamed longest, so it comes first.
    expect(rows()).toEqual([
      ["Busy site", "1", "10 min 0 s", "4", "2 h 0 min", "1 h 0 min", "16,000", "10.0 MB"],
      ["Greedy bot", "3", "55 min 0 s", "0", "—", "—", "0", "0 B"],
    ]);
    expect(header("Total time")).toHaveAttribute("aria-sort", "descending");
    expect(
      within(region).getByText(/^4 streams open now; 2 clients streamed or hold a stream in the last day\./),
    ).toBeVisible();
    // The console's one usage request serves both the usage table and this one.
    expect(screen.getByRole("table", { name: /Usage per client/ })).toBeVisible();
  });

  it("sorts by a column chosen, either way", async () => {
    const { user } = await openConsole();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(within(header("Open now")).getByRole("button"));
    expect(rows().map((row) => row[0])).toEqual(["Greedy bot", "Busy site"]);
    expect(header("Open now")).toHaveAttribute("aria-sort", "descending");
    expect(header("Total time")).toHaveAttribute("aria-sort", "none");
    await user.click(within(header("Open now")).getByRole("button"));
    expect(rows().map((row) => row[0])).toEqual(["Busy site", "Greedy bot"]);
    expect(header("Open now")).toHaveAttribute("aria-sort", "ascending");
  });

  it("says when nobody streamed in the period, and follows the period chosen", async () => {
    const state = adminState();
    for (const client of state.usage) client.streams = null;
    const { user, service, region } = await openConsole(state);
    expect(
      await within(region).findByText("No live stream ended in the last day, and none is open."),
    ).toBeVisible();
    expect(within(region).queryByRole("table")).toBeNull();
    await user.selectOptions(screen.getByLabelText("Period"), "week");
    await waitFor(() => expect(service.requests).toContain("/admin/usage?period=week"));
    expect(
      await within(region).findByText("No live stream ended in the last week, and none is open."),
    ).toBeVisible();
  });

  it("says, on several replicas, that the open streams are those of the replica that answered", async () => {
    const state = adminState();
    const seen = { startedAt: "2026-11-24T08:00:00.000Z", seenAt: "2026-11-24T09:23:00.000Z" };
    state.health.replicas = [
      { id: "host-1:4242", role: "api", ...seen },
      { id: "host-2:4243", role: "api", ...seen },
      { id: "host-3:4244", role: "ingest", ...seen },
    ];
    const { region } = await openConsole(state);
    // The ingest serves no stream: two replicas hold them.
    expect(
      await within(region).findByText(
        /open now on the replica that answered \(each of the 2 holds its own\)/,
      ),
    ).toBeVisible();
  });
});
