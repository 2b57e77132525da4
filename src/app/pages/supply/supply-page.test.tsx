// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConnectionProvider } from "../../api/connection-context.tsx";
import { COINS, SUPPLY } from "../../api/testing/wire-samples.ts";
import { SupplyPage } from "./supply-page.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[];
let answerPost: () => Response;
let root: Root;
let container: HTMLDivElement;
let router: ReturnType<typeof createMemoryRouter>;

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sent = [];
  answerPost = () => json(SUPPLY);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? "GET";
      sent.push({
        method,
        url,
        headers: init.headers as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return method === "POST" ? answerPost() : json(COINS);
    }),
  );
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function open(path = "/supply") {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  router = createMemoryRouter(
    [
      { path: "/supply", Component: SupplyPage },
      { path: "/symbol/:symbol", Component: () => <p>symbol page</p> },
    ],
    { initialEntries: [path] },
  );
  root = createRoot(container);
  await act(async () => {
    root.render(
      <ConnectionProvider baseUrl="http://svc" apiKey="" budgetPerMinute={5}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConnectionProvider>,
    );
  });
  await settle();
}

/** Lets the budget's microtasks, the fetch and React's updates run. */
async function settle() {
  for (let i = 0; i < 5; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

function input(label: string): HTMLInputElement {
  const found = [...container.querySelectorAll("label")].find((l) => l.textContent === label);
  const element = found ? document.getElementById(found.htmlFor) : null;
  if (!(element instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return element;
}

function type(element: HTMLInputElement, value: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setValue?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function send() {
  const button = [...container.querySelectorAll("button")].find((b) => b.textContent === "Send supply");
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
    expect(sent.map((s) => s.url)).toEqual(["http://svc/v1/coins"]);
    type(input("Circulating supply"), "abc");
    type(input("Write key"), "secret");
    await send();
    const supply = input("Circulating supply");
    expect(supply.getAttribute("aria-invalid")).toBe("true");
    expect(errorOf(supply)).toMatch(/“abc” is not a number/);
    expect(document.activeElement).toBe(supply);
    expect(sent).toHaveLength(1);
  });

  it("names the symbol meant when the case is wrong", async () => {
    await open();
    type(input("Symbol"), "btc");
    type(input("Circulating supply"), "19,912,345");
    type(input("Write key"), "secret");
    await send();
    expect(errorOf(input("Symbol"))).toMatch(/did you mean BTC/);
    expect(document.activeElement).toBe(input("Symbol"));
    const use = [...container.querySelectorAll("button")].find((b) => b.textContent === "Use BTC");
    act(() => use?.click());
    expect(input("Symbol").value).toBe("BTC");
    expect(input("Symbol").hasAttribute("aria-invalid")).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("posts with the write key as a bearer token and shows the stored record", async () => {
    await open();
    type(input("Symbol"), "BTC");
    type(input("Circulating supply"), "19,912,345");
    type(input("Write key"), "secret");
    await send();
    const post = sent[1];
    expect(post?.method).toBe("POST");
    expect(post?.headers.Authorization).toBe("Bearer secret");
    expect(post?.body).toEqual({ Symbol: "BTC", CirculatingSupply: 19_912_345 });
    expect(container.querySelector("[data-testid=stored-supply]")?.textContent).toBe("19,912,345");
    expect(router.state.location.search).toBe("?symbol=BTC");
    expect(sessionStorage.getItem("cmd.writeKey")).toBe("secret");
    expect(localStorage.getItem("cmd.writeKey")).toBeNull();
    // The coin list is not fetched again on this page after the post (it only supplies the names).
    expect(sent).toHaveLength(2);
  });

  it("keeps what was typed when the write key is refused", async () => {
    answerPost = () => json({ errorcode: 401, errormessage: "the write key is not valid" }, 401);
    await open();
    type(input("Symbol"), "ETH");
    type(input("Circulating supply"), "120000000.5");
    type(input("Write key"), "wrong");
    await send();
    const key = input("Write key");
    expect(errorOf(key)).toMatch(/^The write key was refused: check it/);
    expect(document.activeElement).toBe(key);
    expect([input("Symbol").value, input("Circulating supply").value, key.value]).toEqual([
      "ETH",
      "120000000.5",
      "wrong",
    ]);
    expect(container.querySelector("[data-testid=stored-supply]")).toBeNull();
  });
});
