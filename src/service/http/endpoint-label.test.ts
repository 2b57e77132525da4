import { describe, expect, it } from "vitest";
import { ENDPOINTS, pathOf } from "../../interface/endpoints.ts";
import { endpointLabel } from "./endpoint-label.ts";

describe("endpointLabel", () => {
  it("counts each endpoint of the table under its method and first segment, whatever its parameters", () => {
    expect(endpointLabel("GET", pathOf(ENDPOINTS.quotation, { symbol: "BTC" }))).toBe("GET /v1/quotation");
    expect(endpointLabel("HEAD", "/v1/coins?x=1")).toBe("GET /v1/coins");
    expect(endpointLabel("POST", pathOf(ENDPOINTS.supplyPost, {}))).toBe("POST /v1/supply");
    expect(
      endpointLabel(
        "GET",
        pathOf(ENDPOINTS.chartPoints, { filter: "MA120", trading_place: "Coinbase Pro", symbol: "BTC" }),
      ),
    ).toBe("GET /v1/chartPoints");
    expect(endpointLabel("GET", "/v1/openapi.json")).toBe("GET /v1/openapi.json");
    // The live stream and the change of its subjects, outside the table.
    expect(endpointLabel("GET", "/v1/stream?prices=BTC")).toBe("GET /v1/stream");
    expect(endpointLabel("PUT", "/v1/stream/abc123/subjects")).toBe("PUT /v1/stream");
  });

  it("puts paths outside the table under a few fixed names, so made-up paths cannot grow the review", () => {
    expect(endpointLabel("GET", "/v1/status")).toBe("other");
    expect(endpointLabel("GET", "/v1/made-up-1")).toBe("other");
    expect(endpointLabel("GET", "/status")).toBe("status");
    expect(endpointLabel("GET", "/metrics")).toBe("metrics");
    expect(endpointLabel("DELETE", "/admin/keys/1")).toBe("admin");
    expect(endpointLabel("GET", "/admin?x=1")).toBe("admin");
    expect(endpointLabel("GET", "/admin/made-up-1")).toBe("admin");
    expect(endpointLabel("GET", "/administrator")).toBe("dashboard");
    expect(endpointLabel("GET", "/status?x=1")).toBe("status");
    expect(endpointLabel("GET", "/metrics?x=1")).toBe("metrics");
    expect(endpointLabel("GET", "/chart/BTC")).toBe("dashboard");
    expect(endpointLabel("PUT", "/chart/BTC")).toBe("other");
  });
});
