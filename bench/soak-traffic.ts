// The soak's traffic: every endpoint, cached and uncached answers, chart points at several scales, supply
// posts, wrong keys, bad requests and an anonymous client past its limit, in fixed proportions drawn from a
// seeded generator (the same run of requests each time).
import { FILTERS } from "../src/interface/vocabulary.ts";

export interface SoakRequest {
  /** The row of the report it counts under. */
  kind: string;
  method: "GET" | "POST" | "DELETE";
  path: string;
  headers: Record<string, string>;
}

export interface SoakCatalog {
  symbols: string[];
  /** symbol → exchanges that trade it */
  exchanges: Map<string, string[]>;
  rateTypes: string[];
}

/** mulberry32: a small seeded generator, enough to pick requests reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CHART_SCALES = ["", "5m", "1h", "1d"] as const;

export function soakTraffic(
  catalog: SoakCatalog,
  keys: { apiKey: string; writeKey: string },
  random: () => number,
): () => SoakRequest {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const keyed = { "X-Api-Key": keys.apiKey };
  const get = (kind: string, path: string, headers: Record<string, string> = keyed): SoakRequest => ({
    kind,
    method: "GET",
    path,
    headers,
  });
  let posted = 0;
  const supplyPost = (kind: string, key: string): SoakRequest => ({
    kind,
    method: "POST",
    path: `/v1/supply?Symbol=${pick(catalog.symbols)}&CirculatingSupply=${1_000_000 + posted++}`,
    headers: { ...keyed, Authorization: `Bearer ${key}` },
  });
  /** An endtime within the last day, to the second: a URL the cache has not seen. */
  const freshEnd = () => Math.floor(Date.now() / 1000) - Math.floor(random() * 86_400);
  const chartQuery = (fresh: boolean) => {
    const scale = pick(CHART_SCALES);
    const parts = [scale === "" ? "" : `scale=${scale}`, fresh ? `endtime=${freshEnd()}` : ""].filter(
      Boolean,
    );
    return parts.length > 0 ? `?${parts.join("&")}` : "";
  };
  const exchangeChart = (fresh: boolean) => {
    const symbol = pick(catalog.symbols);
    const exchange = pick(catalog.exchanges.get(symbol) ?? ["Binance"]);
    return `/v1/chartPoints/${pick(FILTERS)}/${exchange}/${symbol}${chartQuery(fresh)}`;
  };
  const day = () => new Date(Date.now() - Math.floor(random() * 60) * 86_400_000).toISOString().slice(0, 10);

  // [weight, request] — weights are per 100 requests.
  const mix: [number, () => SoakRequest][] = [
    [16, () => get("lists (cached)", pick(["/v1/coins", "/v1/pairs", "/v1/symbols", "/v1/interestrates"]))],
    [14, () => get("quotation", `/v1/quotation/${pick(catalog.symbols)}`)],
    [7, () => get("symbol details", `/v1/symbol/${pick(catalog.symbols)}`)],
    [5, () => get("supply", `/v1/supply/${pick(catalog.symbols)}`)],
    [
      6,
      () => {
        const type = pick(catalog.rateTypes);
        const from = day();
        return get(
          "interest rates",
          pick([
            `/v1/interestrate/${type}`,
            `/v1/interestrate/${type}/${from}`,
            `/v1/interestrate/${type}?dateInit=${from}`,
          ]),
        );
      },
    ],
    [12, () => get("chart points (cached)", exchangeChart(false))],
    [10, () => get("chart points (uncached)", exchangeChart(true))],
    [
      8,
      () => {
        const fresh = random() < 0.5;
        return get(
          fresh ? "chart points (uncached)" : "chart points (cached)",
          `/v1/chartPointsAllExchanges/${pick(FILTERS)}/${pick(catalog.symbols)}${chartQuery(fresh)}`,
        );
      },
    ],
    [3, () => supplyPost("supply post", keys.writeKey)],
    [2, () => supplyPost("supply post, wrong key", "not-the-write-key-0000000000")],
    [
      9,
      () =>
        pick([
          get("bad request", `/v1/chartPoints/MA120/Binance/BTC?scale=7m`),
          get("bad request", `/v1/quotation/NOPE${Math.floor(random() * 1000)}`),
          get("bad request", `/v1/interestrate/SOFR/2026-13-45`),
          get("bad request", `/v1/no-such-route/${Math.floor(random() * 1000)}`),
          get("bad request", "/v1/coins", { "X-Api-Key": "never-issued-key-123" }),
          { kind: "bad request", method: "DELETE", path: "/v1/coins", headers: keyed },
          {
            kind: "bad request",
            method: "POST",
            path: "/v1/supply?Symbol=BTC&CirculatingSupply=0x10",
            headers: { Authorization: `Bearer ${keys.writeKey}` },
          },
        ]),
    ],
    // No key: the address's own budget (RATE_LIMIT a minute), so most of these are 429s.
    [
      8,
      () => get("anonymous (mostly 429)", pick(["/v1/coins", `/v1/quotation/${pick(catalog.symbols)}`]), {}),
    ],
  ];
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let r = random() * total;
    for (const [weight, make] of mix) {
      r -= weight;
      if (r < 0) return make();
    }
    return (mix[0] as [number, () => SoakRequest])[1]();
  };
}
