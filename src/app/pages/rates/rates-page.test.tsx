// @vitest-environment jsdom
// The page against a fake service: what each action shows, and that it spends at most one request.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { InterestRate, InterestRateMeta } from "../../../interface/resources.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES } from "../../../interface/vocabulary.ts";
import {
  cleanup,
  fakeService,
  type Page,
  pause,
  renderPage,
  type Service,
  typeInto,
  until,
} from "../../testing/page-harness.tsx";
import { addDays } from "./rate-days.ts";
import { RatesPage } from "./rates-page.tsx";

const META: InterestRateMeta[] = RATE_TYPE_SYMBOLS.map((symbol) => ({
  symbol,
  firstDate: `${RATE_TYPES[symbol].firstDate}T00:00:00Z`,
  decimals: RATE_TYPES[symbol].decimals,
  issuer: RATE_TYPES[symbol].issuer,
}));

function fixing(symbol: string, day: string, value: number): InterestRate {
  return {
    symbol,
    value,
    publicationTime: `${addDays(day, 1)}T12:00:00Z`,
    effectiveDate: `${day}T00:00:00Z`,
    source: symbol === "ESTER" ? "ECB" : "FED",
  };
}

/** The service: a few answers by path; anything else a 404 error record. */
function answer(url: URL): { status: number; body: unknown } {
  const path = url.pathname;
  if (path === "/v1/interestrates") return { status: 200, body: META };
  if (path === "/v1/interestrate/ESTER") return { status: 200, body: fixing("ESTER", "2024-03-08", 3.906) };
  if (path === "/v1/interestrate/SOFR" && url.searchParams.has("dateInit")) {
    return {
      status: 200,
      body: [
        fixing("SOFR", "2024-03-04", 5.31),
        fixing("SOFR", "2024-03-05", 5.33),
        fixing("SOFR", "2024-03-06", 5.3),
      ],
    };
  }
  if (path === "/v1/interestrate/SOFR") return { status: 200, body: fixing("SOFR", "2024-03-08", 5.32) };
  if (path === "/v1/interestrate/SOFR/2024-03-09")
    return { status: 200, body: fixing("SOFR", "2024-03-08", 5.32) };
  if (path === "/v1/interestrate/SOFR/2017-06-01") {
    return {
      status: 404,
      body: {
        errorcode: 404,
        errormessage: "no SOFR fixing within 30 days on or before 2017-06-01 (SOFR starts on 2018-04-02)",
      },
    };
  }
  return { status: 404, body: { errorcode: 404, errormessage: `no route ${path}` } };
}

let service: Service;
let page: Page;

beforeEach(() => {
  service = fakeService(answer);
});

afterEach(cleanup);

async function renderAt(entry: string) {
  page = await renderPage({ routes: [{ path: "/rates", Component: RatesPage }], entry });
  return page.router;
}

const text = () => page.text();

function input(label: string): HTMLInputElement {
  const element = page.container.querySelector<HTMLInputElement>(`#${label}`);
  if (!element) throw new Error(`no input #${label}`);
  return element;
}

function click(element: Element | null): void {
  if (!element) throw new Error("nothing to click");
  act(() => (element as HTMLElement).click());
}

describe("RatesPage", () => {
  it("lists the types and shows the latest ESTER value with two requests", async () => {
    await renderAt("/rates");
    await until(() => expect(text()).toContain("3.906%"));
    expect(text()).toContain("Euro short-term rate");
    expect(page.container.querySelectorAll("tbody tr").length).toBe(RATE_TYPE_SYMBOLS.length);
    expect([...service.requests].sort()).toEqual(["/v1/interestrate/ESTER", "/v1/interestrates"]);
    // The range is not asked for until the form is sent.
    expect(text()).toContain("press Show fixings");
  });

  it("spends one request per action and none going back", async () => {
    const router = await renderAt("/rates");
    await until(() => expect(text()).toContain("3.906%"));

    click(page.container.querySelector('a[aria-label="Select SOFR"]'));
    await until(() => expect(text()).toContain("5.32%"));
    expect(router.state.location.search).toBe("?type=SOFR");
    expect(service.requests.slice(2)).toEqual(["/v1/interestrate/SOFR"]);

    typeInto(input("rate-date"), "2024-03-09");
    await until(() => expect(text()).toContain("Value on 2024-03-09"));
    expect(text()).toContain("No SOFR fixing on Sat 2024-03-09");
    expect(router.state.location.search).toBe("?type=SOFR&date=2024-03-09");
    expect(service.requests.slice(3)).toEqual(["/v1/interestrate/SOFR/2024-03-09"]);

    typeInto(input("range-from"), "2024-03-01");
    typeInto(input("range-to"), "2024-03-08");
    await pause(50);
    expect(service.requests.length).toBe(4);
    click(page.container.querySelector('button[type="submit"]'));
    await until(() => expect(page.container.querySelectorAll(".rate-range__scroll tbody tr").length).toBe(3));
    expect(service.requests.slice(4)).toEqual([
      "/v1/interestrate/SOFR?dateInit=2024-03-01&dateFinal=2024-03-08",
    ]);
    expect(router.state.location.search).toBe("?type=SOFR&date=2024-03-09&from=2024-03-01&to=2024-03-08");
    const firstRow = page.container.querySelector(".rate-range__scroll tbody tr")?.textContent ?? "";
    expect(firstRow).toContain("2024-03-06");
    expect(text()).toContain("Fixings3");
    expect(text()).toContain("5.33%");
    // The same fixings as a line, oldest to newest, described in words.
    expect(page.container.querySelector(".rate-range__chart [role=img]")?.getAttribute("aria-label")).toBe(
      "Chart of the SOFR fixings from 2024-03-01 to 2024-03-08: from 5.31% to 5.30%, low 5.30%, high 5.33%",
    );

    await act(() => router.navigate(-1));
    await until(() => expect(text()).toContain("press Show fixings"));
    await act(() => router.navigate(-1));
    await until(() => expect(router.state.location.search).toBe("?type=SOFR"));
    await act(() => router.navigate(2));
    await until(() => expect(page.container.querySelectorAll(".rate-range__scroll tbody tr").length).toBe(3));
    expect((input("range-from") as HTMLInputElement).value).toBe("2024-03-01");
    expect(service.requests.length).toBe(5);
  });

  it("looks a typed date up once, when the typing pauses", async () => {
    const router = await renderAt("/rates?type=SOFR");
    await until(() => expect(text()).toContain("5.32%"));
    for (const partial of ["0002-03-09", "0020-03-09", "0202-03-09", "2024-03-09"]) {
      typeInto(input("rate-date"), partial);
    }
    await until(() => expect(text()).toContain("Value on 2024-03-09"));
    await pause(700);
    expect(service.requests.filter((r) => r.startsWith("/v1/interestrate/SOFR/"))).toEqual([
      "/v1/interestrate/SOFR/2024-03-09",
    ]);
    expect(router.state.location.search).toBe("?type=SOFR&date=2024-03-09");
  });

  it("refuses a reversed range without asking the service", async () => {
    await renderAt("/rates?type=SOFR");
    await until(() => expect(text()).toContain("5.32%"));
    typeInto(input("range-from"), "2024-03-08");
    typeInto(input("range-to"), "2024-03-01");
    click(page.container.querySelector('button[type="submit"]'));
    await until(() => expect(text()).toContain("The start date must be on or before the end date."));
    expect([...service.requests].sort()).toEqual(["/v1/interestrate/SOFR", "/v1/interestrates"]);
  });

  it("shows the service's words for a date before the first fixing, and the first date", async () => {
    await renderAt("/rates?type=SOFR&date=2017-06-01");
    await until(() => expect(text()).toContain("SOFR starts on 2018-04-02"));
    expect(page.container.querySelector('[role="alert"]')).not.toBeNull();
    expect(text()).not.toContain("Try again");
    expect(text()).toContain("Show 2018-04-02");
  });

  it("falls back to defaults on an unreadable address", async () => {
    await renderAt("/rates?type=LIBOR&date=yesterday&from=2024-03-08");
    await until(() => expect(text()).toContain("3.906%"));
    expect(text()).toContain("Latest fixing");
    expect([...service.requests].sort()).toEqual(["/v1/interestrate/ESTER", "/v1/interestrates"]);
  });
});
