// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COINS, SUPPLY } from "../../decoding/testing/wire-samples.ts";
import {
  type Answer,
  cleanup,
  fakeService,
  type Page,
  renderPage,
  type Service,
  settle,
  typeInto,
} from "../../testing/page-harness.tsx";
import { SupplyPage } from "./supply-page.tsx";

let service: Service;
let answerPost: () => Answer;
let page: Page;

beforeEach(() => {
  answerPost = () => ({ status: 200, body: SUPPLY });
  service = fakeService((_url, init) =>
    init?.method === "POST" ? answerPost() : { status: 200, body: COINS },
  );
});

afterEach(cleanup);

async function open(path = "/supply") {
  page = await renderPage({
    routes: [
      { path: "/supply", Component: SupplyPage },
      { path: "/symbol/:symbol", Component: () => <p>symbol page</p> },
    ],
    entry: path,
  });
  await settle();
}

function input(label: string): HTMLInputElement {
  const found = [...page.container.querySelectorAll("label")].find((l) => l.textContent === label);
  const element = found ? document.getElementById(found.htmlFor) : null;
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return element;
}

/** Types into the fields (by label, in this order) and sends the form. */
async function send(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) typeInto(input(label), value);
  const button = [...page.container.querySelectorAll("button")].find((b) => b.textContent === "Send supply");
  await act(async () => button?.click());
  await settle();
}

function errorOf(element: HTMLInputElement): string | null {
  const ids = (element.getAttribute("aria-describedby") ?? "").split(" ");
  const error = ids.find((id) => id.endsWith("-error"));
  return error ? (document.getElementById(error)?.textContent ?? null) : null;
}

describe("SupplyPage", () => {
  it("pre-fills ?symbol=, and refuses a supply that is not a number without a request", async () => {
    await open("/supply?symbol=BTC");
    expect(input("Symbol").value).toBe("BTC");
    expect(service.sent.map((s) => s.url)).toEqual(["http://service.test/v1/coins"]);
    await send({ "Circulating supply": "abc", "Write key": "secret" });
    const supply = input("Circulating supply");
    expect(supply.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(supply)).toMatch(/“abc” is not a number/);
    expect(document.activeElement).toBe(supply);
    expect(service.sent).toHaveLength(1);
  });

  it("names the symbol meant when the case is wrong", async () => {
    await open();
    await send({ Symbol: "btc", "Circulating supply": "19,912,345", "Write key": "secret" });
    expect(errorOf(input("Symbol"))).toMatch(/did you mean BTC/);
    expect(document.activeElement).toBe(input("Symbol"));
    const use = [...page.container.querySelectorAll("button")].find((b) => b.textContent === "Use BTC");
    act(() => use?.click());
    expect(input("Symbol").value).toBe("BTC");
    expect(input("Symbol").hasAttribute("aria-invalid")).toBe(false);
    expect(service.sent).toHaveLength(1);
  });

  it("posts with the write key as a bearer token and shows the stored record", async () => {
    await open();
    await send({ Symbol: "BTC", "Circulating supply": "19,912,345", "Write key": "secret" });
    const post = service.sent[1];
    expect(post?.method).toBe("POST");
    expect(post?.headers.Authorization).toBe("Bearer secret");
    expect(post?.body).toEqual({ Symbol: "BTC", CirculatingSupply: 19_912_345 });
    expect(page.container.querySelector("[data-testid=stored-supply]")?.textContent).toBe("19,912,345");
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
    await open();
    await send({ Symbol: "ETH", "Circulating supply": "120000000.5", "Write key": "wrong" });
    const key = input("Write key");
    expect(errorOf(key)).toMatch(/^The write key was refused: check it/);
    expect(document.activeElement).toBe(key);
    expect([input("Symbol").value, input("Circulating supply").value, key.value]).toEqual([
      "ETH",
      "120000000.5",
      "wrong",
    ]);
    expect(page.container.querySelector("[data-testid=stored-supply]")).toBeNull();
  });
});
