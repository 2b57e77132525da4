// bench:chart-transfer's page (chart-transfer.bench.ts): an origin of its own, which both services answer
// through CORS alike, running the dashboard's decoder (decodePointsBody, bundled by Vite) in Chromium; and
// one request from it in a fresh context under CDP's throttled network, its bytes on the wire counted and
// its time to decoded points taken.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "vite";

/** CDP's units: bytes per second and ms. */
const NETWORK = {
  offline: false,
  latency: 40,
  downloadThroughput: (20 * 1e6) / 8,
  uploadThroughput: (20 * 1e6) / 8,
};

export interface Transfer {
  /** Bytes that crossed the network, headers included (CDP encodedDataLength). */
  wire: number;
  coding: string;
  /** From fetch() to the whole body read. */
  fetchMs: number;
  /** decodePointsBody on the bytes. */
  decodeMs: number;
  /** CDP's times: from the request sent to its response's headers, and from those to the last byte. */
  headersMs: number;
  downloadMs: number;
  points: number;
}

export interface TransferPage {
  /** One request in a fresh context (nothing cached), under the throttled network. */
  transfer(url: string): Promise<Transfer>;
  browserVersion: string;
  close(): Promise<void>;
}

/** Bundles the decoder, serves the page and launches Chromium (`chromiumPath`). */
export async function openTransferPage(chromiumPath: string): Promise<TransferPage> {
  const bundled = await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      lib: {
        entry: resolve("src/app/decoding/chart-points/decode-points-body.ts"),
        formats: ["iife"],
        name: "ChartPointsBench",
        fileName: "points",
      },
    },
  });
  const decoderScript = (Array.isArray(bundled) ? bundled : [bundled])
    .flatMap((output) => ("output" in output ? output.output : []))
    .find((chunk) => chunk.type === "chunk")?.code;
  if (decoderScript === undefined) throw new Error("Vite gave no bundle of the points decoder");
  const origin = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>chart transfer</title><script>${decoderScript}</script>`);
  });
  await new Promise<void>((done) => origin.listen(0, "127.0.0.1", done));
  const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/`;

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });

  async function transfer(url: string): Promise<Transfer> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(originUrl);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK);
    let requestId: string | undefined;
    let coding = "identity";
    let sentAt = 0;
    let headersAt = 0;
    const finished = new Promise<{ wire: number; finishedAt: number }>((done) => {
      cdp.on("Network.requestWillBeSent", (event) => {
        if (event.request.url !== url) return;
        requestId = event.requestId;
        sentAt = event.timestamp;
      });
      cdp.on("Network.responseReceived", (event) => {
        if (event.requestId !== requestId) return;
        headersAt = event.timestamp;
        const headers = event.response.headers as Record<string, string>;
        const name = Object.keys(headers).find((key) => key.toLowerCase() === "content-encoding");
        coding = name === undefined ? "identity" : (headers[name] as string);
      });
      cdp.on("Network.loadingFinished", (event) => {
        if (event.requestId === requestId)
          done({ wire: event.encodedDataLength, finishedAt: event.timestamp });
      });
    });
    const timing = await page.evaluate(async (target) => {
      const decoder = (
        window as unknown as {
          ChartPointsBench: { decodePointsBody(body: ArrayBuffer): { times: ArrayLike<number> } };
        }
      ).ChartPointsBench;
      const t0 = performance.now();
      const response = await fetch(target, { cache: "no-store" });
      const body = await response.arrayBuffer();
      const t1 = performance.now();
      const points = decoder.decodePointsBody(body);
      const t2 = performance.now();
      return { fetchMs: t1 - t0, decodeMs: t2 - t1, points: points.times.length, status: response.status };
    }, url);
    const { wire, finishedAt } = await finished;
    await context.close();
    if (timing.status !== 200) throw new Error(`${url}: ${timing.status}`);
    return {
      wire,
      coding,
      fetchMs: timing.fetchMs,
      decodeMs: timing.decodeMs,
      headersMs: (headersAt - sentAt) * 1000,
      downloadMs: (finishedAt - headersAt) * 1000,
      points: timing.points,
    };
  }

  return {
    transfer,
    browserVersion: browser.version(),
    close: async () => {
      await browser.close();
      origin.close();
    },
  };
}
