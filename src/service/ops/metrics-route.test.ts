import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { ServiceMetrics } from "./metrics.ts";
import { registerMetrics } from "./metrics-route.ts";
import { exposedSamples } from "./testing/exposition.ts";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(metrics: ServiceMetrics): Promise<string> {
  const app = new Hono();
  registerMetrics(app, metrics);
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("GET /metrics", () => {
  it("answers the exposition text of what was observed, not cached", async () => {
    const metrics = new ServiceMetrics();
    const url = await serve(metrics);
    metrics.observeResponse("GET /v1/coins", "GET", 200, 0.0001);
    metrics.refused("blocked-address");

    let response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    let samples = exposedSamples(await response.text());
    expect(samples.get('mdqs_http_requests_total{endpoint="GET /v1/coins",method="GET",status="200"}')).toBe(
      1,
    );
    expect(samples.get('mdqs_refusals_total{reason="blocked-address"}')).toBe(1);
    expect(samples.get("process_resident_memory_bytes")).toBeGreaterThan(0);

    metrics.observeResponse("GET /v1/coins", "GET", 200, 0.0001);
    response = await fetch(`${url}/metrics`);
    samples = exposedSamples(await response.text());
    expect(samples.get('mdqs_http_requests_total{endpoint="GET /v1/coins",method="GET",status="200"}')).toBe(
      2,
    );
  });
});
