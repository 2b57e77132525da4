// @vitest-environment jsdom
// The keys in the console: issuing (the secret shown once), revoking behind a confirmation, changing a
// limit, and forms that keep what was typed when the service refuses. Against a fake of /admin.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Page, renderPage, resetPage, type Service } from "../testing/page-harness.tsx";
import { AdminPage } from "./admin-page.tsx";
import { ADMIN_KEY, type AdminState, adminState, fakeAdminService, SECRET } from "./testing/admin-testkit.ts";

let state: AdminState;
let service: Service;

beforeEach(() => {
  state = adminState();
  service = fakeAdminService(state);
});

afterEach(resetPage);

/** The console, already past the gate (the key kept for this tab), with its keys on screen. */
async function openConsole(): Promise<Page> {
  sessionStorage.setItem("cmd.adminKey", ADMIN_KEY);
  const page = renderPage({
    routes: [
      { path: "/console", Component: AdminPage },
      { path: "/", Component: () => <p>home</p> },
    ],
    entry: "/console",
  });
  await screen.findByRole("table", { name: /Client keys/ });
  return page;
}

const keys = () => screen.getByRole("region", { name: "Keys" });
const changes = (method: string) => service.sent.filter((s) => s.method === method);

describe("issuing a key", () => {
  it("shows the secret once, with a copy button, and it is gone after leaving the page", async () => {
    const page = await openConsole();
    const { user } = page;
    await user.type(within(keys()).getByLabelText("Application name"), "Gamma wallet");
    await user.type(within(keys()).getByLabelText("Contact"), "dev@gamma.test");
    await user.selectOptions(within(keys()).getByLabelText("Role"), "writer");
    await user.type(within(keys()).getByLabelText("Limit (requests a minute)"), "30");
    await user.click(within(keys()).getByRole("button", { name: "Issue the key" }));

    const shown = await screen.findByRole("region", { name: "Key issued to Gamma wallet" });
    expect(changes("POST").map((s) => [s.url, s.body])).toEqual([
      [
        "http://service.test/admin/keys",
        { name: "Gamma wallet", contact: "dev@gamma.test", role: "writer", limit: 30 },
      ],
    ]);
    expect(within(shown).getByLabelText("The secret of Gamma wallet")).toHaveValue(SECRET);
    expect(shown).toHaveTextContent("Store it now: it will not be shown again.");
    // user-event's own clipboard stands in for the browser's (its read waits on a clock this test fakes).
    const write = vi.spyOn(navigator.clipboard, "writeText");
    await user.click(within(shown).getByRole("button", { name: "Copy the secret" }));
    expect(write).toHaveBeenCalledWith(SECRET);
    expect(await within(shown).findByText("Copied to the clipboard.")).toBeVisible();
    // The form is empty again, and the new key is listed by its fingerprint only.
    expect(within(keys()).getByLabelText("Application name")).toHaveValue("");
    const row = await within(keys()).findByRole("row", { name: /Gamma wallet/ });
    expect(row).not.toHaveTextContent(SECRET);

    await act(() => page.router.navigate("/"));
    expect(await screen.findByText("home")).toBeVisible();
    await act(() => page.router.navigate("/console"));
    await screen.findByRole("table", { name: /Client keys/ });
    expect(screen.queryByRole("region", { name: /Key issued to/ })).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i++)
        expect(storage.getItem(storage.key(i) ?? "")).not.toContain(SECRET);
    }
  });

  it("keeps what was typed when the service refuses, next to the field it names", async () => {
    const { user } = await openConsole();
    state.refuseNext = {
      status: 400,
      body: { errorcode: 400, errormessage: "name: a key named Beta tracker exists" },
    };
    await user.type(within(keys()).getByLabelText("Application name"), "Beta tracker");
    await user.type(within(keys()).getByLabelText("Limit (requests a minute)"), "12");
    await user.click(within(keys()).getByRole("button", { name: "Issue the key" }));
    const name = within(keys()).getByLabelText("Application name");
    await waitFor(() => expect(name).toHaveAccessibleDescription(/a key named Beta tracker exists/));
    expect(name).toHaveValue("Beta tracker");
    expect(within(keys()).getByLabelText("Limit (requests a minute)")).toHaveValue("12");
    expect(screen.queryByRole("region", { name: /Key issued to/ })).toBeNull();
  });

  it("refuses a limit that is not a whole number without sending anything", async () => {
    const { user } = await openConsole();
    await user.type(within(keys()).getByLabelText("Application name"), "Delta");
    await user.type(within(keys()).getByLabelText("Limit (requests a minute)"), "ten");
    await user.click(within(keys()).getByRole("button", { name: "Issue the key" }));
    const limit = within(keys()).getByLabelText("Limit (requests a minute)");
    expect(limit).toBeInvalid();
    expect(limit).toHaveAccessibleDescription(/“ten” is not a whole number/);
    expect(limit).toHaveFocus();
    expect(changes("POST")).toEqual([]);
  });
});

describe("changing a key", () => {
  it("asks before revoking, naming the key: cancel sends nothing, confirm sends POST .../revoke", async () => {
    const { user } = await openConsole();
    const revoke = within(keys()).getByRole("button", { name: "Revoke Acme portfolio app" });
    await user.click(revoke);
    const dialog = screen.getByRole("dialog", { name: "Revoke Acme portfolio app?" });
    expect(dialog).toHaveTextContent("07f2c01a");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(revoke).toHaveFocus();
    expect(changes("POST")).toEqual([]);

    await user.click(revoke);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(changes("POST")).toEqual([]);

    await user.click(revoke);
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke the key" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(changes("POST").map((s) => s.url)).toEqual(["http://service.test/admin/keys/7/revoke"]);
    const row = within(keys()).getByRole("row", { name: /Acme portfolio app/ });
    expect(row).toHaveTextContent("revoked");
    expect(within(row).queryByRole("button")).toBeNull();
    expect(within(keys()).getByRole("status")).toHaveTextContent("Acme portfolio app (07f2c01a) is revoked");
  });

  it("changes a limit with PATCH and the number, and keeps the form's value when refused", async () => {
    const { user } = await openConsole();
    await user.click(within(keys()).getByRole("button", { name: "Change limit of Acme portfolio app" }));
    const form = screen.getByRole("form", { name: "Change the limit of Acme portfolio app" });
    const limit = within(form).getByLabelText("Limit (requests a minute)");
    expect(limit).toHaveFocus();
    expect(limit).toHaveValue("5");
    await user.clear(limit);
    await user.type(limit, "2");

    state.refuseNext = { status: 503, body: { errorcode: 503, errormessage: "the store is not answering" } };
    await user.click(within(form).getByRole("button", { name: "Save the limit" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The store is not answering");
    expect(limit).toHaveValue("2");

    await user.click(within(form).getByRole("button", { name: "Save the limit" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: /Change the limit/ })).toBeNull());
    const patches = changes("PATCH");
    expect(patches.map((s) => [s.url, s.body])).toEqual([
      ["http://service.test/admin/keys/7", { limit: 2 }],
      ["http://service.test/admin/keys/7", { limit: 2 }],
    ]);
    expect(within(keys()).getByRole("status")).toHaveTextContent(
      "The limit of Acme portfolio app is now 2/min.",
    );
    expect(within(keys()).getByRole("row", { name: /Acme portfolio app/ })).toHaveTextContent("2/min");
  });

  it("limits a key until a time with PUT, and lifts it with DELETE", async () => {
    const { user } = await openConsole();
    await user.click(within(keys()).getByRole("button", { name: "Temporary limit for Beta tracker" }));
    const form = screen.getByRole("form", { name: "Limit Beta tracker until a time" });
    await user.type(within(form).getByLabelText("Temporary limit (requests a minute)"), "1");
    await user.click(within(form).getByRole("button", { name: "Limit until then" }));
    await waitFor(() => expect(changes("PUT")).toHaveLength(1));
    const put = changes("PUT")[0];
    expect(put?.url).toBe("http://service.test/admin/keys/8/temporary-limit");
    expect(put?.body).toMatchObject({ limit: 1 });
    // The suggested time: an hour from when the form opened, to the minute.
    const sentUntil = Date.parse((put?.body as { until?: string } | undefined)?.until ?? "");
    expect(Math.abs(sentUntil - (Date.now() + 3_600_000))).toBeLessThan(120_000);

    await user.click(
      await within(keys()).findByRole("button", { name: "Lift temporary limit of Beta tracker" }),
    );
    await waitFor(() =>
      expect(changes("DELETE").map((s) => s.url)).toEqual([
        "http://service.test/admin/keys/8/temporary-limit",
      ]),
    );
  });
});
