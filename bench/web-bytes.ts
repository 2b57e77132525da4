// The bytes on the wire of the coin list's first load: an empty Chromium (no cache, no stored data) opens /
// and every response's transfer size is added up from the DevTools protocol (Network.loadingFinished's
// encodedDataLength: headers and body as they crossed the network, compressed where the service
// compressed). Chromium sends its own Accept-Encoding (gzip, deflate, br, zstd). The load is over when the
// coin table shows and the network has then been quiet for 3 s, so code fetched once the coins are in
// (the baseline preloaded the other pages' then) counts too.
import type { Browser } from "@playwright/test";

export interface WireBytes {
  total: number;
  /** Per file, largest first: path and bytes. */
  files: { path: string; bytes: number }[];
}

const QUIET_MS = 3000;

export async function coinListBytes(browser: Browser, url: string): Promise<WireBytes> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const urls = new Map<string, string>();
  const bytes = new Map<string, number>();
  let lastActivity = Date.now();
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (event) => {
    urls.set(event.requestId, event.request.url);
    lastActivity = Date.now();
  });
  cdp.on("Network.loadingFinished", (event) => {
    bytes.set(event.requestId, event.encodedDataLength);
    lastActivity = Date.now();
  });
  await page.goto(url);
  await page
    .getByRole("table", { name: /^Coins/ })
    .getByRole("row")
    .nth(5)
    .waitFor();
  while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(250);
  await context.close();
  const files = [...bytes].map(([id, size]) => ({
    path: (urls.get(id) ?? id).replace(/^https?:\/\/[^/]+/, ""),
    bytes: size,
  }));
  files.sort((a, b) => b.bytes - a.bytes);
  return { total: files.reduce((sum, file) => sum + file.bytes, 0), files };
}
