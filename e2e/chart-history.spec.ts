import { expect, type Page, type Request } from "@playwright/test";
import { settled } from "./chart-helpers.ts";
import { test } from "./fixtures.ts";

// History on scroll: dragging the chart back past its oldest bar loads the page of buckets before it, one
// request a page, each page once, each starting where the last ended, until a page answers empty (the
// history's start, two days back at this service); the older bars join the chart and its legend's count.
// In both views: candles and a filter's line.

const DAY = 86_400;

function mainEntry(page: Page) {
  return page.getByRole("list", { name: "Legend" }).getByRole("listitem").first();
}

/** Drags the chart `px` to the right (towards older bars), as a reader does with the mouse. */
async function dragBack(page: Page, px = 700): Promise<void> {
  const box = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
  if (!box) throw new Error("no chart");
  const y = box.y + box.height * 0.5;
  await page.mouse.move(box.x + box.width * 0.2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2 + px, y, { steps: 12 });
  await page.mouse.up();
}

interface Window {
  starttime: number;
  endtime: number | null;
}

function windowOf(url: string): Window {
  const query = new URL(url).searchParams;
  const end = query.get("endtime");
  return { starttime: Number(query.get("starttime")), endtime: end === null ? null : Number(end) };
}

for (const view of [
  { name: "candles", path: "/v1/candles/Binance/BTC", query: "view=candles", unit: "candles" },
  { name: "line", path: "/v1/chartPoints/MEDIR120/Binance/BTC", query: "view=line", unit: "points" },
] as const) {
  test(`${view.name} view: scrolling back loads each older page once, contiguous, until the history starts`, async ({
    page,
    client,
  }) => {
    // Five requests a minute: the series, the pairs, then up to three pages.
    test.setTimeout(150_000);
    const asked: string[] = [];
    page.on("request", (request: Request) => {
      if (new URL(request.url()).pathname === view.path) asked.push(request.url());
    });
    await page.goto(`/chart/BTC?${view.query}&exchange=Binance&scale=raw&range=1d`);
    await settled(page);
    const before = Number(await mainEntry(page).getAttribute("data-points"));
    expect(before).toBeGreaterThan(600);
    expect(asked).toHaveLength(1);
    // Opening the chart asks for nothing older: its whole range is in view, no room before it.
    await page.waitForTimeout(1_000);
    expect(asked).toHaveLength(1);

    const history = page.getByRole("status", { name: "Older history" });
    // Every text the status takes (a page may come in quicker than a poll would see it loading).
    await history.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { historySeen: string[] }).historySeen = seen;
      new MutationObserver(() => seen.push(element.textContent ?? "")).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await dragBack(page);
    // The older day comes in: more bars in the legend, and the view keeps the bars the reader was on.
    await expect
      .poll(async () => Number(await mainEntry(page).getAttribute("data-points")), { timeout: 70_000 })
      .toBeGreaterThan(before + 600);
    await expect(mainEntry(page)).toContainText(
      `${Number(await mainEntry(page).getAttribute("data-points")).toLocaleString("en-US")} ${view.unit}`,
    );

    // A bar of the older day is chosen like any other (where the view had room before the first bar, some
    // hours before the first answer's start): the chart holds it, and "How this price was made" offers its
    // block, not the answer's first (which a choice among the answer's bars alone would fall back to).
    const chart = await page.getByRole("img", { name: /^Chart of/ }).boundingBox();
    if (!chart) throw new Error("no chart");
    await page.mouse.click(chart.x + chart.width * 0.15, chart.y + chart.height * 0.5);
    const provenance = page.getByRole("link", { name: "How this price was made" });
    const blockOffered = async () =>
      Number(new URL((await provenance.getAttribute("href")) ?? "", "http://x").searchParams.get("block"));
    await expect.poll(blockOffered).toBeLessThan(windowOf(asked[0] as string).starttime - 3600);

    const seen = await page.evaluate(() => (window as unknown as { historySeen: string[] }).historySeen);
    expect(seen).toContain(`Loading older ${view.unit}…`);

    // On back until the history's start: a page answers empty and the chart says so.
    for (let i = 0; i < 4; i++) {
      if ((await history.textContent())?.startsWith("No older history")) break;
      await expect(history).not.toHaveText(/Loading/, { timeout: 70_000 });
      await dragBack(page, 1_000);
      await page.waitForTimeout(500);
    }
    await expect(history).toHaveText("No older history: the series starts here.", { timeout: 70_000 });
    const pages = asked.length;
    // Scrolling on asks nothing more.
    await dragBack(page, 1_000);
    await page.waitForTimeout(1_500);
    expect(asked).toHaveLength(pages);

    // The series, then one request per older page: none twice, each ending where the one after it starts.
    const windows = asked.map(windowOf);
    expect(new Set(asked).size).toBe(asked.length);
    expect(windows[0]?.endtime).toBeNull();
    expect(windows.length).toBeGreaterThanOrEqual(3);
    expect(windows.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < windows.length; i++) {
      const page_ = windows[i] as Window;
      expect(page_.endtime).toBe((windows[i - 1]?.starttime as number) - 1);
      // A raw page is a day of blocks: the service's own window at that scale.
      expect((page_.endtime as number) - page_.starttime + 1).toBe(DAY);
    }
    // The service saw the same: each of them once, every one answered (none refused over the budget).
    const logged = (await client.waitForRequests(asked.length + 1)).filter((r) =>
      r.path.startsWith(view.path),
    );
    expect(logged.map((r) => `http://localhost:${client.port}${r.path}`)).toEqual(asked);
    expect(logged.every((r) => r.status === 200)).toBe(true);
    console.log(
      `${view.name}: ${before} → ${await mainEntry(page).getAttribute("data-points")} ${view.unit} over ${windows.length - 1} older pages`,
    );
  });
}
