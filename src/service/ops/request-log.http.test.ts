// No secret reaches the request log through the real server, from the route and from the response cache,
// and the files that could hold one are the owner's only.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestService, TEST_WRITE_KEY } from "../testing/test-service.ts";
import { readRequestLog } from "./request-log.ts";

const parent = mkdtempSync(join(tmpdir(), "request-log-http-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("the request log of a running service", () => {
  it("keeps no key sent in a URL or a header, and is readable by its owner only", async () => {
    // A data directory the service makes itself (so it seeds its history: two coins are enough here).
    const dataDir = join(parent, "data");
    const apiKey = "issued-client-key-abcdef";
    const service = await startTestService(["--api-keys", apiKey, "--market-coins", "BTC,ETH"], { dataDir });
    const bearer = { Authorization: `Bearer ${TEST_WRITE_KEY}` };
    try {
      const posted = await service.post(
        `/v1/supply?Symbol=ETH&CirculatingSupply=120700001&key=${TEST_WRITE_KEY}`,
        {
          headers: bearer,
        },
      );
      expect(posted.status).toBe(200);
      await service.post(`/v1/supply?Symbol=ETH&CirculatingSupply=1&write_key=${TEST_WRITE_KEY}`);
      // The same URL twice: the second answer comes from the response cache, in front of the app.
      for (let i = 0; i < 2; i++) {
        expect(
          (await service.get(`/v1/coins?apikey=${apiKey}`, { headers: { "X-Api-Key": apiKey } })).status,
        ).toBe(200);
      }
      await service.get(`/v1/quotation/BTC?API-KEY=${apiKey}&Access_Token=${TEST_WRITE_KEY}`, {
        headers: { ...bearer, "X-Api-Key": "not-issued-key-0000" },
      });
    } finally {
      await service.close();
    }
    const file = join(dataDir, "requests.log");
    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(TEST_WRITE_KEY);
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain("not-issued-key");
    const paths = (await readRequestLog(file)).map((e) => e.path);
    expect(paths).toEqual([
      "/v1/supply?Symbol=ETH&CirculatingSupply=120700001&key=[redacted]",
      "/v1/supply?Symbol=ETH&CirculatingSupply=1&write_key=[redacted]",
      "/v1/coins?apikey=[redacted]",
      "/v1/coins?apikey=[redacted]",
      "/v1/quotation/BTC?API-KEY=[redacted]&Access_Token=[redacted]",
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
