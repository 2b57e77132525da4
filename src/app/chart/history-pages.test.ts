// The pages asked as the reader scrolls back: each once, one after the other without a gap or an overlap,
// none after a page answered empty (the history's start), compared exchanges following the main series.
import { describe, expect, it } from "vitest";
import { bucketSeconds, CHART_SCALES, MAX_CHART_POINTS } from "../../interface/chart-window.ts";
import { HistoryPages, type PageWindow, pageSeconds } from "./history-pages.ts";

const START = 1_700_000_000 - (1_700_000_000 % 86_400);
const DAY = 86_400;

function raw(keys: Record<string, number | null> = { main: START }): HistoryPages {
  const pages = new HistoryPages("raw");
  pages.track(new Map(Object.entries(keys)), "main");
  return pages;
}

/** Scrolls back and answers every due page with `count(page)` buckets; the pages asked, in order. */
function scrollBack(pages: HistoryPages, times: number, count: (page: PageWindow) => number = () => 720) {
  const asked: { key: string; page: PageWindow }[] = [];
  for (let i = 0; i < times; i++) {
    pages.scrolledBack();
    for (const due of pages.due()) {
      pages.asked(due.key, due.page);
      asked.push(due);
    }
    for (const { key, page } of asked.slice(-2)) pages.received(key, page, count(page));
  }
  return asked;
}

describe("HistoryPages", () => {
  it("asks the page before the range, then each page before the last, with no gap and no overlap", () => {
    const pages = raw();
    const asked = scrollBack(pages, 4).map((a) => a.page);
    expect(asked[0]).toEqual({ starttime: START - DAY, endtime: START - 1 });
    expect(asked).toHaveLength(4);
    for (let i = 1; i < asked.length; i++) {
      expect(asked[i]?.endtime).toBe((asked[i - 1]?.starttime as number) - 1);
      expect((asked[i]?.endtime as number) - (asked[i]?.starttime as number) + 1).toBe(DAY);
    }
  });

  it("never asks twice: scrolling on while a page is on its way asks nothing more", () => {
    const pages = raw();
    expect(pages.scrolledBack()).toBe(true);
    const [first] = pages.due();
    pages.asked("main", first?.page as PageWindow);
    for (let i = 0; i < 5; i++) {
      expect(pages.scrolledBack()).toBe(false);
      expect(pages.due()).toEqual([]);
    }
    expect(pages.loading).toBe(true);
    pages.received("main", first?.page as PageWindow, 700);
    expect(pages.loading).toBe(false);
    expect(pages.due()).toEqual([]);
  });

  it("stops at the history's start: after a page answered empty it asks no more", () => {
    const pages = raw();
    const asked = scrollBack(pages, 6, (page) => (page.starttime < START - DAY ? 0 : 720));
    expect(asked.map((a) => a.page.starttime)).toEqual([START - DAY, START - 2 * DAY]);
    expect(pages.atStart).toBe(true);
    expect(pages.scrolledBack()).toBe(false);
    expect(pages.due()).toEqual([]);
  });

  it("asks a failed page again on the next scroll back, and only it", () => {
    const pages = raw();
    pages.scrolledBack();
    const [first] = pages.due();
    pages.asked("main", first?.page as PageWindow);
    pages.failed("main", first?.page as PageWindow);
    expect(pages.due()).toEqual([]);
    pages.scrolledBack();
    expect(pages.due()).toEqual([first]);
  });

  it("asks nothing for a series that already holds all history", () => {
    const pages = raw({ main: null });
    expect(pages.scrolledBack()).toBe(false);
    expect(pages.due()).toEqual([]);
  });

  it("has compared exchanges follow the main series' pages, and one compared later catch up at once", () => {
    const pages = raw({ main: START, "compare:Kraken": START });
    const asked = scrollBack(pages, 2);
    expect(asked.map((a) => `${a.key} ${a.page.starttime}`)).toEqual([
      `main ${START - DAY}`,
      `compare:Kraken ${START - DAY}`,
      `main ${START - 2 * DAY}`,
      `compare:Kraken ${START - 2 * DAY}`,
    ]);
    pages.track(
      new Map([
        ["main", START],
        ["compare:Kraken", START],
        ["compare:all", START],
      ]),
      "main",
    );
    expect(pages.due()).toEqual([
      { key: "compare:all", page: { starttime: START - 2 * DAY, endtime: START - 1 } },
    ]);
    // One that starts before its history stops alone; the main series goes on.
    pages.asked("compare:all", pages.due()[0]?.page as PageWindow);
    pages.track(new Map([["main", START]]), "main");
    expect(pages.loading).toBe(false);
    expect(pages.scrolledBack()).toBe(true);
  });

  it("keeps every page within the service's cap at every scale", () => {
    for (const scale of CHART_SCALES) {
      const buckets = pageSeconds(scale) / bucketSeconds(scale);
      expect(buckets).toBeGreaterThanOrEqual(500);
      expect(buckets).toBeLessThanOrEqual(MAX_CHART_POINTS);
    }
  });
});
