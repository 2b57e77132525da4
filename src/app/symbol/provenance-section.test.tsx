// @vitest-environment jsdom
// "How this price was made" on the symbol page: nothing asked until the reader opens it, then the block's
// exchanges by share (adding up to 100 %), their own price and distance, the quiet and the down named, the
// trades the filter left out (or why they are not listed), times in the zone setting naming it, and a
// chart point's block from the address. Either wire. On a service without provenance (the public
// service's plain-text 404), that it is not offered, asked no more in the session.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { diaFieldName } from "../../interface/dia-wire.ts";
import type { Provenance } from "../../interface/provenance.ts";
import type { SymbolDetails } from "../../interface/resources.ts";
import { DEFAULT_SETTINGS } from "../store/settings.ts";
import { fakeService, type Page, renderPage, resetPage, type Service } from "../testing/page-harness.tsx";
import { PROVENANCE_NOT_OFFERED } from "./provenance-section.tsx";
import { SymbolPage } from "./symbol-page.tsx";

vi.mock("../format/time-zone.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../format/time-zone.ts")>()),
  browserTimeZone: () => "Asia/Tokyo",
}));

const DETAILS: SymbolDetails = {
  change: { usd: [] },
  coin: {
    symbol: "BTC",
    name: "Bitcoin",
    price: 80000,
    priceYesterday: 78000,
    volumeYesterdayUSD: 34e9,
    time: "2026-11-22T11:46:00.250Z",
    circulatingSupply: 19_950_000,
  },
  rank: 1,
  exchanges: [],
  gfx1: { dataPoints: "time,exchange,filter,symbol,value\n" },
};

const figures = (ma120: number, trades: number, volume: number) => ({
  ma120,
  mair120: ma120,
  medir120: ma120,
  open: ma120,
  high: ma120 + 10,
  low: ma120 - 10,
  close: ma120,
  volume,
  buyVolume: volume / 2,
  sellVolume: volume / 2,
  trades,
  tradesLeftOut: 0,
});

const PROVENANCE: Provenance = {
  symbol: "BTC",
  blockStart: "2026-11-22T11:44:00Z",
  blockEnd: "2026-11-22T11:46:00Z",
  madeFrom: "trades",
  aggregate: { ...figures(80000, 30, 3), tradesLeftOut: 1 },
  exchanges: [
    {
      exchange: "Binance",
      role: "contributed",
      weight: 1 / 3,
      distance: 0.0002,
      figures: figures(80016, 10, 1),
    },
    {
      exchange: "Coinbase",
      role: "contributed",
      weight: 1 / 3,
      distance: -0.00004,
      figures: figures(79996.8, 10, 1),
    },
    { exchange: "Kraken", role: "contributed", weight: 1 / 3, distance: 0, figures: figures(80000, 10, 1) },
    { exchange: "Bitstamp", role: "quiet", weight: 0, distance: 0.001, figures: figures(80080, 0, 0) },
    { exchange: "OKX", role: "down", weight: 0, distance: null, figures: null },
  ],
  leftOut: [
    {
      exchange: "Binance",
      time: "2026-11-22T11:45:10Z",
      estimatedUSDPrice: 82400,
      volume: -0.25,
      foreignTradeID: "b-991",
    },
  ],
};

/** The resource as the public service's wire writes it: every field PascalCase. */
function pascal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascal);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [diaFieldName(k), pascal(v)]));
}

let provenance: () => unknown;
let service: Service;

beforeEach(() => {
  provenance = () => PROVENANCE;
  service = fakeService((url) => {
    if (url.pathname === "/v1/symbol/BTC") return { status: 200, body: DETAILS };
    if (url.pathname === "/v1/supply/BTC")
      return { status: 404, body: { errorcode: 404, errormessage: "none" } };
    if (url.pathname === "/v1/provenance/BTC") return { status: 200, body: provenance() };
    return { status: 404, body: { errorcode: 404, errormessage: "no such path" } };
  });
});

afterEach(resetPage);

function show(url: string, timeZone: "UTC" | "browser" = "UTC"): Page {
  return renderPage({
    routes: [{ path: "/symbol/:symbol", Component: SymbolPage }],
    entry: url,
    settings: { ...DEFAULT_SETTINGS, currency: "USD", timeZone },
  });
}

const section = () => screen.getByRole("region", { name: "How this price was made" });
const exchangesTable = () => screen.findByRole("table", { name: /^Exchanges in this block of BTC/ });
const provenanceAsked = () => service.requests.filter((r) => r.startsWith("/v1/provenance/"));

/** Each exchange's row as [name, share or role, distance]. */
async function rows(): Promise<string[][]> {
  const table = await exchangesTable();
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole("cell");
      return [
        within(row).getByRole("rowheader").textContent ?? "",
        cells[0]?.textContent ?? "",
        cells[2]?.textContent ?? "",
      ];
    });
}

describe("How this price was made", () => {
  it("asks nothing until opened, says what opening costs, and keeps the choice in the address", async () => {
    const { user, router } = show("/symbol/BTC");
    await screen.findByRole("button", { name: "Show how it was made" });
    expect(section()).toHaveTextContent("Opening it costs 1 request");
    await waitFor(() => expect(service.requests).toContain("/v1/supply/BTC"));
    expect(provenanceAsked()).toEqual([]);

    const opener = screen.getByRole("button", { name: "Show how it was made" });
    expect(opener).toHaveAttribute("aria-expanded", "false");
    await user.click(opener);
    expect(router.state.location.search).toBe("?block=newest");
    await exchangesTable();
    expect(provenanceAsked()).toEqual(["/v1/provenance/BTC"]);
    expect(screen.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-expanded", "true");
  });

  it("shows each exchange's share adding up to 100 %, its own price beside the crowd's, the quiet and the down", async () => {
    show("/symbol/BTC?block=newest");
    expect(await rows()).toEqual([
      ["Binance", "33.4 %", "+0.020 %"],
      ["Coinbase", "33.3 %", "\u22120.004 %"],
      ["Kraken", "33.3 %", "0.000 %"],
      ["Bitstamp", "quiet: no trades", "+0.100 %"],
      ["OKX", "down: not connected", "—"],
    ]);
    const table = await exchangesTable();
    const shares = within(table)
      .getAllByText(/^\d+\.\d %$/)
      .map((cell) => Number.parseFloat(cell.textContent ?? ""));
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 6);
    expect(within(table).getByRole("row", { name: /Binance/ })).toHaveTextContent("$80,016.00");
    expect(section()).toHaveTextContent(/\$80,000\.00\s*MA120, the price, from 3 of 5 exchanges \(1 down\)/);
  });

  it("lists the trades the filter left out, in the zone setting, naming it", async () => {
    show("/symbol/BTC?block=newest", "browser");
    const trades = await screen.findByRole("table", { name: "Trades of BTC left out by the filter" });
    expect(within(trades).getByRole("columnheader", { name: "Time (UTC+09:00)" })).toBeVisible();
    const cells = within(within(trades).getAllByRole("row")[1] as HTMLElement).getAllByRole("cell");
    expect(cells.map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/8:45:10\sPM$/),
      "Binance",
      "sell",
      "$82,400.00",
      "+3.000 %",
      "0.25",
      "b-991",
    ]);
    expect(section()).toHaveTextContent("left out 1 of 30 trades");
    expect(section()).toHaveTextContent(/Block Nov 22, 2026, 8:44:00\sPM – 8:46:00\sPM UTC\+09:00/);
  });

  it("says why older left-out trades are not listed", async () => {
    provenance = () => ({ ...PROVENANCE, leftOut: null });
    show("/symbol/BTC?block=newest");
    await exchangesTable();
    expect(section()).toHaveTextContent("no longer listed: the service keeps a block's trades for an hour");
    expect(screen.queryByRole("table", { name: /left out by the filter/ })).toBeNull();
  });

  it("says when a block was made from 1-minute candles, and claims no trade count or buy share for it", async () => {
    provenance = () => ({ ...PROVENANCE, madeFrom: "candles" });
    show("/symbol/BTC?block=newest");
    await exchangesTable();
    expect(section()).toHaveTextContent("Made from the exchanges' 1-minute candles");
    expect(section()).not.toHaveTextContent(/30 trades ·|% bought/);
  });

  it("says which candles made an older block: a whole hour's or a whole day's", async () => {
    provenance = () => ({ ...PROVENANCE, madeFrom: "candles", resolution: "1h" });
    show("/symbol/BTC?block=newest");
    await exchangesTable();
    expect(section()).toHaveTextContent(
      "Made from the exchanges' hourly candles: this block holds the whole hour",
    );
    expect(section()).not.toHaveTextContent("1-minute candles");
  });

  it("reads the public service's PascalCase wire", async () => {
    provenance = () => pascal(PROVENANCE);
    show("/symbol/BTC?block=newest");
    expect((await rows()).map((row) => row[0])).toEqual(["Binance", "Coinbase", "Kraken", "Bitstamp", "OKX"]);
  });

  it("shows a chart point's block from the address, focused, with a way to the newest", async () => {
    const { user, router } = show("/symbol/BTC?block=1795346640");
    await exchangesTable();
    expect(provenanceAsked()).toEqual(["/v1/provenance/BTC?time=1795346640"]);
    expect(section()).toHaveTextContent("The block you chose on the chart.");
    expect(screen.getByRole("heading", { name: "How this price was made" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Newest block" }));
    expect(router.state.location.search).toBe("?block=newest");
    await waitFor(() => expect(provenanceAsked()).toContain("/v1/provenance/BTC"));
  });
});

describe("How this price was made, on a service without it", () => {
  /** The public service: the interface's endpoints, and gin's plain-text 404 for any other path. */
  const publicService = (provenanceAnswer: () => { status: number; body: unknown; text?: string }) =>
    fakeService((url) => {
      if (url.pathname === "/v1/symbol/BTC") return { status: 200, body: DETAILS };
      if (url.pathname === "/v1/supply/BTC")
        return { status: 404, body: { errorcode: 404, errormessage: "redis: nil" } };
      if (url.pathname === "/v1/provenance/BTC") return provenanceAnswer();
      return { status: 404, body: null, text: "404 page not found" };
    });

  it("says it is not offered once the service answered so, and asks no more this session", async () => {
    service = publicService(() => ({ status: 404, body: null, text: "404 page not found" }));
    const { user } = show("/symbol/BTC");
    await user.click(await screen.findByRole("button", { name: "Show how it was made" }));
    expect(await screen.findByText(PROVENANCE_NOT_OFFERED)).toBeVisible();
    expect(within(section()).queryByText("Not found")).toBeNull();
    expect(within(section()).queryByRole("button")).toBeNull();
    expect(provenanceAsked()).toEqual(["/v1/provenance/BTC"]);

    // Another visit in the same session, even to an address asking for it: said at once, not asked.
    cleanup();
    show("/symbol/BTC?block=newest");
    expect(await screen.findByText(PROVENANCE_NOT_OFFERED)).toBeVisible();
    await waitFor(() => expect(service.requests.filter((r) => r === "/v1/symbol/BTC")).toHaveLength(2));
    expect(provenanceAsked()).toEqual(["/v1/provenance/BTC"]);
  });

  it("still fails as a failure when the service's own error record says why", async () => {
    service = publicService(() => ({ status: 404, body: { errorcode: 404, errormessage: "no such block" } }));
    show("/symbol/BTC?block=newest");
    expect(await screen.findByText("Not found")).toBeVisible();
    expect(within(section()).queryByText(PROVENANCE_NOT_OFFERED)).toBeNull();
    expect(within(section()).getByRole("button", { name: "Hide" })).toBeVisible();
  });
});
