// @vitest-environment jsdom
// The page against a fake service: what each action shows, and that it spends at most one request.
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../interface/iso-day.ts";
import type { InterestRate, InterestRateMeta } from "../../interface/resources.ts";
import { RATE_TYPE_SYMBOLS, RATE_TYPES } from "../../interface/vocabulary.ts";
import { fakeService, type Page, renderPage, resetPage, type Service } from "../testing/page-harness.tsx";
import { RatesPage } from "./rates-page.tsx";
import { COMMIT_PAUSE_MS } from "./use-date-draft.ts";

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

beforeEach(() => {
  service = fakeService(answer);
});

afterEach(resetPage);

const renderAt = (entry: string): Page =>
  renderPage({ routes: [{ path: "/rates", Component: RatesPage }], entry });

const value = (shown: string) => screen.findByText(shown, { selector: "data" });
const fixingsTable = (range: string) =>
  screen.findByRole("table", { name: `SOFR fixings from ${range}, newest first` });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

/** Clears a date input and types a whole day into it, as a person does into the browser's date field. */
async function typeDay(user: Page["user"], label: string, day: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, day);
}

describe("RatesPage", () => {
  it("lists the types and shows the latest ESTER value with two requests", async () => {
    renderAt("/rates");
    expect(await value("3.906%")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /^ESTER\s*Euro short-term rate/ })).toBeInTheDocument();
    const types = screen.getByRole("table", { name: /^Interest rate types/ });
    expect(bodyRows(types)).toHaveLength(RATE_TYPE_SYMBOLS.length);
    expect([...service.requests].sort()).toEqual(["/v1/interestrate/ESTER", "/v1/interestrates"]);
    // The range is not asked for until the form is sent.
    expect(screen.getByText(/press/)).toHaveTextContent("press Show fixings");
  });

  it("spends one request per action and none going back", async () => {
    const { router, user } = renderAt("/rates");
    await value("3.906%");

    await user.click(await screen.findByRole("link", { name: "Select SOFR" }));
    expect(await value("5.32%")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?type=SOFR");
    expect(service.requests.slice(2)).toEqual(["/v1/interestrate/SOFR"]);

    await typeDay(user, "Date", "2024-03-09");
    expect(await screen.findByText("Value on 2024-03-09")).toBeInTheDocument();
    expect(screen.getByText(/^No SOFR fixing on/)).toHaveTextContent("No SOFR fixing on Sat 2024-03-09");
    expect(router.state.location.search).toBe("?type=SOFR&date=2024-03-09");
    expect(service.requests.slice(3)).toEqual(["/v1/interestrate/SOFR/2024-03-09"]);

    await typeDay(user, "From", "2024-03-01");
    await typeDay(user, "To", "2024-03-08");
    await act(() => vi.advanceTimersByTimeAsync(COMMIT_PAUSE_MS * 2));
    expect(service.requests.length).toBe(4);
    await user.click(screen.getByRole("button", { name: "Show fixings" }));
    const fixings = await fixingsTable("2024-03-01 to 2024-03-08");
    expect(bodyRows(fixings)).toHaveLength(3);
    expect(service.requests.slice(4)).toEqual([
      "/v1/interestrate/SOFR?dateInit=2024-03-01&dateFinal=2024-03-08",
    ]);
    expect(router.state.location.search).toBe("?type=SOFR&date=2024-03-09&from=2024-03-01&to=2024-03-08");
    expect(bodyRows(fixings)[0]).toHaveTextContent("2024-03-06");
    const summary = screen.getByLabelText("Summary of the SOFR fixings shown");
    expect(summary).toHaveTextContent("Fixings3");
    expect(summary).toHaveTextContent("5.33%");
    // The same fixings as a line, oldest to newest, described in words.
    expect(
      screen.getByRole("img", {
        name: "Chart of the SOFR fixings from 2024-03-01 to 2024-03-08: from 5.31% to 5.30%, low 5.30%, high 5.33%",
      }),
    ).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(await screen.findByText(/press/)).toHaveTextContent("press Show fixings");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe("?type=SOFR"));
    expect(screen.getByLabelText("Date")).toHaveValue("");
    await act(() => router.navigate(2));
    expect(bodyRows(await fixingsTable("2024-03-01 to 2024-03-08"))).toHaveLength(3);
    expect(screen.getByLabelText("From")).toHaveValue("2024-03-01");
    expect(screen.getByLabelText("Date")).toHaveValue("2024-03-09");
    expect(service.requests.length).toBe(5);
  });

  it("looks a typed date up once, when the typing pauses", async () => {
    const { router, user } = renderAt("/rates?type=SOFR");
    await value("5.32%");
    // A date typed into the browser's segments passes through several whole days.
    for (const partial of ["0002-03-09", "0020-03-09", "0202-03-09", "2024-03-09"]) {
      await typeDay(user, "Date", partial);
    }
    const lookups = () => service.requests.filter((r) => r.startsWith("/v1/interestrate/SOFR/"));
    await act(() => vi.advanceTimersByTimeAsync(COMMIT_PAUSE_MS - 1));
    expect(lookups()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(await screen.findByText("Value on 2024-03-09")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(COMMIT_PAUSE_MS * 2));
    expect(lookups()).toEqual(["/v1/interestrate/SOFR/2024-03-09"]);
    expect(router.state.location.search).toBe("?type=SOFR&date=2024-03-09");
  });

  it("refuses a reversed range without asking the service", async () => {
    const { user } = renderAt("/rates?type=SOFR");
    await value("5.32%");
    await typeDay(user, "From", "2024-03-08");
    await typeDay(user, "To", "2024-03-01");
    await user.click(screen.getByRole("button", { name: "Show fixings" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The start date must be on or before the end date.",
    );
    expect(screen.getByLabelText("From")).toHaveAttribute("aria-invalid", "true");
    expect([...service.requests].sort()).toEqual(["/v1/interestrate/SOFR", "/v1/interestrates"]);
  });

  it("shows the service's words for a date before the first fixing, and the first date", async () => {
    const { router, user } = renderAt("/rates?type=SOFR&date=2017-06-01");
    expect(await screen.findByRole("alert")).toHaveTextContent("SOFR starts on 2018-04-02");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show 2018-04-02" }));
    expect(router.state.location.search).toBe("?type=SOFR&date=2018-04-02");
  });

  it("falls back to defaults on an unreadable address", async () => {
    renderAt("/rates?type=LIBOR&date=yesterday&from=2024-03-08");
    expect(await value("3.906%")).toBeInTheDocument();
    expect(screen.getByText("Latest fixing")).toBeInTheDocument();
    expect([...service.requests].sort()).toEqual(["/v1/interestrate/ESTER", "/v1/interestrates"]);
  });
});
