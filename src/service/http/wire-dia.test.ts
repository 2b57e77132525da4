// The public service's wire format (--wire dia): PascalCase fields, InfluxDB-style chart points newest
// first with a null exchange for all-exchanges points, and the error record as it was (lowercase).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeDataPoints } from "../../interface/data-points.ts";
import { INFLUX_COLUMNS } from "../../interface/dia-wire.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let dia: TestService;
let seed: TestService;
beforeAll(async () => {
  [dia, seed] = await Promise.all([startTestService(["--wire", "dia"]), startTestService()]);
});
afterAll(async () => {
  await Promise.all([dia?.stop(), seed?.stop()]);
});

const body = async (service: TestService, path: string) => {
  const response = await service.get(path);
  expect(response.status).toBe(200);
  return response.json();
};

describe("--wire dia", () => {
  it("sends a quotation with the public service's PascalCase fields in its order", async () => {
    const q = await body(dia, "/v1/quotation/BTC");
    expect(Object.keys(q)).toEqual([
      "Symbol",
      "Name",
      "Price",
      "PriceYesterday",
      "VolumeYesterdayUSD",
      "Source",
      "Time",
    ]);
    const camel = await body(seed, "/v1/quotation/BTC");
    expect(q.Price).toBe(camel.price);
  });

  it("sends coins with CompleteCoinList, Change.USD and Coins", async () => {
    const coins = await body(dia, "/v1/coins");
    expect(Object.keys(coins)).toEqual(["CompleteCoinList", "Change", "Coins"]);
    expect(Object.keys(coins.Change)).toEqual(["USD"]);
    expect(Object.keys(coins.Change.USD[0])).toEqual(["Symbol", "Rate", "RateYesterday"]);
    expect(Object.keys(coins.Coins[0])).toContain("CirculatingSupply");
  });

  it("sends chart points as InfluxDB results, newest first, with the same values as the CSV", async () => {
    const path = "/v1/chartPoints/MEDIR120/Kraken/ETH?scale=1h";
    const points = await body(dia, path);
    const [result] = points.DataPoints;
    expect(result.statement_id).toBe(0);
    expect(result.Messages).toBeNull();
    const [series] = result.Series;
    expect(series.name).toBe("filters_mean_1h");
    expect(series.columns).toEqual([...INFLUX_COLUMNS]);
    const csv = decodeDataPoints((await body(seed, path)).dataPoints);
    expect(series.values.length).toBe(csv.length);
    const newestFirst = [...csv].reverse();
    series.values.forEach((row: [string, string | null, string, string, number], i: number) => {
      const p = newestFirst[i];
      expect(row).toEqual([
        new Date((p?.time ?? 0) * 1000).toISOString().replace(".000Z", "Z"),
        "Kraken",
        "MEDIR120",
        "ETH",
        p?.value,
      ]);
    });
  });

  it("writes null for the exchange of all-exchanges points, and an empty result as Series null", async () => {
    const all = await body(dia, "/v1/chartPointsAllExchanges/MAIR120/BTC");
    expect(all.DataPoints[0].Series[0].values[0][1]).toBeNull();
    expect(all.DataPoints[0].Series[0].name).toBe("filters");
    const none = await body(dia, "/v1/chartPointsAllExchanges/MAIR120/BTC?starttime=100&endtime=200");
    expect(none).toEqual({ DataPoints: [{ statement_id: 0, Series: null, Messages: null }] });
  });

  it("sends symbol details with Gfx1 as DataPoints and PascalCase trades", async () => {
    const details = await body(dia, "/v1/symbol/ETH");
    expect(Object.keys(details)).toEqual(["Change", "Coin", "Rank", "Exchanges", "Gfx1"]);
    expect(Object.keys(details.Gfx1)).toEqual(["DataPoints"]);
    expect(Object.keys(details.Exchanges[0].LastTrades[0])).toEqual([
      "Symbol",
      "Pair",
      "Price",
      "Volume",
      "Time",
      "ForeignTradeID",
      "EstimatedUSDPrice",
      "Source",
    ]);
  });

  it("sends rates, supply and pairs in PascalCase, errors as the lowercase record", async () => {
    expect(Object.keys(await body(dia, "/v1/interestrate/SOFR"))).toEqual([
      "Symbol",
      "Value",
      "PublicationTime",
      "EffectiveDate",
      "Source",
    ]);
    expect(Object.keys((await body(dia, "/v1/interestrates"))[0])).toEqual([
      "Symbol",
      "FirstDate",
      "Decimals",
      "Issuer",
    ]);
    expect(Object.keys(await body(dia, "/v1/supply/BTC"))).toEqual([
      "Symbol",
      "Name",
      "CirculatingSupply",
      "Source",
      "Time",
      "Block",
    ]);
    expect(Object.keys((await body(dia, "/v1/pairs")).Pairs[0])).toEqual([
      "Symbol",
      "ForeignName",
      "Exchange",
      "Ignore",
    ]);
    expect(Object.keys(await body(dia, "/v1/symbols"))).toEqual(["Symbols"]);
    const error = await dia.get("/v1/quotation/NOPE");
    expect(Object.keys(await error.json())).toEqual(["errorcode", "errormessage"]);
  });
});
