// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COINS, SUPPLY } from "../decoding/testing/wire-samples.ts";
import {
  type Answer,
  fakeService,
  type Page,
  renderPage,
  resetPage,
  type Service,
} from "../testing/page-harness.tsx";
import { SupplyPage } from "./supply-page.tsx";

let service: Service;
let answerPost: () => Answer;

beforeEach(() => {
  answerPost = () => ({ status: 200, body: SUPPLY });
  service = fakeService((_url, init) =>
    init?.method === "POST" ? answerPost() : { status: 200, body: COINS },
  );
});

afterEach(resetPage);

/** Opens the page and waits for the coin list it checks symbols against. */
async function open(path = "/supply"): Promise<Page> {
  const page = renderPage({
    routes: [
      { path: "/supply", Component: SupplyPage },
      { path: "/symbol/:symbol", Component: () => <p>symbol page</p> },
    ],
    entry: path,
  });
  await waitFor(() => expect(symbolField()).toHaveAccessibleDescription(/^(?!Loading the coin list)/));
  return page;
}

/** The form's input labelled `label` (the page itself is labelled "Circulating supply" too). */
const field = (label: string) => screen.getByLabelText(label, { selector: "input" });
const symbolField = () => field("Symbol");

/** Types into the fields (by label, in this order) and sends the form. */
async function send({ user }: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await user.type(field(label), value);
  await user.click(screen.getByRole("button", { name: "Send supply" }));
}

describe("SupplyPage", () => {
  it("pre-fills ?symbol=, and refuses a supply that is not a number without a request", async () => {
    const page = await open("/supply?symbol=BTC");
    expect(symbolField()).toHaveValue("BTC");
    expect(symbolField()).toHaveAccessibleDescription(/^Bitcoin · /);
    expect(service.sent.map((s) => s.url)).toEqual(["http://service.test/v1/coins"]);
    await send(page, { "Circulating supply": "abc", "Write key": "secret" });
    const supply = field("Circulating supply");
    expect(supply).toBeInvalid();
    expect(supply).toHaveAccessibleDescription(/“abc” is not a number/);
    expect(supply).toHaveFocus();
    expect(service.sent).toHaveLength(1);
  });

  it("names the symbol meant when the case is wrong", async () => {
    const page = await open();
    await send(page, { Symbol: "btc", "Circulating supply": "19,912,345", "Write key": "secret" });
    expect(symbolField()).toHaveAccessibleDescription(/did you mean BTC/);
    expect(symbolField()).toHaveFocus();
    await page.user.click(screen.getByRole("button", { name: "Use BTC" }));
    expect(symbolField()).toHaveValue("BTC");
    expect(symbolField()).not.toBeInvalid();
    expect(service.sent).toHaveLength(1);
  });

  it("posts with the write key as a bearer token and shows the stored record", async () => {
    const page = await open();
    await send(page, { Symbol: "BTC", "Circulating supply": "19,912,345", "Write key": "secret" });
    const stored = await screen.findByRole("region", { name: "Stored" });
    const post = service.sent[1];
    expect(post?.method).toBe("POST");
    expect(post?.headers.Authorization).toBe("Bearer secret");
    expect(post?.body).toEqual({ Symbol: "BTC", CirculatingSupply: 19_912_345 });
    expect(within(stored).getByRole("status")).toHaveTextContent(
      `The service stored 19,912,345 coins as the circulating supply of ${SUPPLY.name} (BTC).`,
    );
    expect(stored).toHaveTextContent("Circulating supply19,912,345");
    // Its time in the time zone setting (the browser's by default), the zone named.
    expect(within(stored).getByText(/\d:\d\d:\d\d.* UTC([+-]\d\d:\d\d)?$/)).toHaveAttribute(
      "datetime",
      SUPPLY.time,
    );
    expect(screen.getByRole("heading", { name: "Stored" })).toHaveFocus();
    expect(page.router.state.location.search).toBe("?symbol=BTC");
    expect(sessionStorage.getItem("cmd.writeKey")).toBe("secret");
    expect(localStorage.getItem("cmd.writeKey")).toBeNull();
    // The coin list is not fetched again on this page after the post (it only supplies the names).
    expect(service.sent).toHaveLength(2);
  });

  it("keeps what was typed when the write key is refused", async () => {
    answerPost = () => ({
      status: 401,
      body: { errorcode: 401, errormessage: "the write key is not valid" },
    });
    const page = await open();
    await send(page, { Symbol: "ETH", "Circulating supply": "120000000.5", "Write key": "wrong" });
    const key = field("Write key");
    await waitFor(() => expect(key).toHaveAccessibleDescription(/^The write key was refused: check it/));
    expect(key).toHaveFocus();
    expect(symbolField()).toHaveValue("ETH");
    expect(field("Circulating supply")).toHaveValue("120000000.5");
    expect(key).toHaveValue("wrong");
    expect(screen.queryByRole("region", { name: "Stored" })).toBeNull();
  });
});
