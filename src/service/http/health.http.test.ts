// What a load balancer asks and how the service leaves it: /healthz and /readyz outside the budget, ready
// only with a market history, not ready while shutting down; on shutdown idle kept-alive connections are
// closed at once and a request under way is answered before its connection goes.
import { connect, type Socket } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { startTestService, TEST_WRITE_KEY, type TestService } from "../testing/test-service.ts";
import { registerHealth } from "./health.ts";

let service: TestService | null = null;
afterEach(async () => {
  await service?.stop();
  service = null;
});

/** A raw connection to the service, and everything it has received. */
async function rawConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString("latin1");
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  return { socket, received: () => text, closed };
}

describe("a load balancer's view", () => {
  it("answers /healthz and /readyz without spending anyone's fair-usage budget", async () => {
    service = await startTestService(["--rate-limit", "1"]);
    for (let i = 0; i < 5; i++) {
      expect((await service.get("/healthz")).status).toBe(200);
      const ready = await service.get("/readyz");
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", checks: ["store", "history"], failed: {} });
    }
    // The one request this client may make a minute is still there.
    expect((await service.get("/v1/coins")).status).toBe(200);
    expect((await service.get("/v1/coins")).status).toBe(429);
  });

  it("says it is not ready once it shuts down, closes idle connections at once and answers the request under way", async () => {
    service = await startTestService();
    const idle = await rawConnection(service.port);
    idle.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => idle.received()).toContain('"alive"');

    // A supply post whose body has not all arrived when the shutdown begins.
    const busy = await rawConnection(service.port);
    const body = JSON.stringify({ Symbol: "BTC", CirculatingSupply: 19_999_999, Source: "shutdown test" });
    busy.socket.write(
      `POST /v1/supply HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TEST_WRITE_KEY}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = service.close();
    await idle.closed;
    // The idle one went while the post still waits for the rest of its body.
    expect(busy.received()).toBe("");
    busy.socket.write(body.slice(10));
    await busy.closed;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(busy.received()).toContain("19999999");
    await closing;
    service = null;
  });
});

describe("readiness", () => {
  const app = (shuttingDown: boolean, redis: () => Promise<true | string>) => {
    const hono = new Hono();
    registerHealth(hono, { store: async () => true, redis }, () => shuttingDown);
    return hono;
  };

  it("fails with every reason named: a check's own, a thrown error, shutting down", async () => {
    const failing = await app(true, async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:6379");
    }).request("/readyz");
    expect(failing.status).toBe(503);
    expect(await failing.json()).toEqual({
      status: "not ready",
      checks: ["store", "redis"],
      failed: { redis: "connect ECONNREFUSED 127.0.0.1:6379", process: "shutting down" },
    });
    const told = await app(false, async () => "not listening to market news").request("/readyz");
    expect(((await told.json()) as { failed: unknown }).failed).toEqual({
      redis: "not listening to market news",
    });
    expect((await app(false, async () => true).request("/readyz")).status).toBe(200);
    // Alive whatever else is wrong.
    expect((await app(true, async () => "down").request("/healthz")).status).toBe(200);
  });
});
