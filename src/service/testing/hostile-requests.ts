// The requests a hostile client sends, as fast-check arbitraries: every route, method, path segment, query
// and body shape and content type, with and without keys, plus what Node's parser refuses (non-ASCII in
// the request line, oversized or malformed headers, broken framing) and what the Node adapter refuses
// (backslashes, bad Host headers). A request is kept as data and turned into bytes at the last moment,
// so a failure can be printed as something to replay.
import fc from "fast-check";
import { FILTERS, RATE_TYPE_SYMBOLS, SCALES } from "../../interface/vocabulary.ts";
import { type Framing, type HostileRequest, type Mangle, PORT } from "./hostile-request-bytes.ts";
import { TEST_WRITE_KEY } from "./test-service.ts";

/** Issued to the fuzzed service: one key without a limit, one with a tight one. */
export const OPEN_API_KEY = "fuzz-open-key-0123456789";
export const TIGHT_API_KEY = "fuzz-tight-key-0123456789";
export const FUZZ_SERVICE_FLAGS = ["--rate-limit", "5", "--api-keys", `${OPEN_API_KEY}:0,${TIGHT_API_KEY}:3`];

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** One of the arbitraries, each as often as its weight says. */
export const weighted = <T>(...entries: [number, fc.Arbitrary<T>][]) =>
  fc.oneof(...entries.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** UTF-8 bytes outside printable ASCII (and '#', which would end the target) as %XX; stray '%' kept. */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) =>
      byte > 0x20 && byte < 0x7f && byte !== 0x23
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

const hostileText = fc.oneof(
  pick("", ".", "..", "%2e%2e", "%00", "%ZZ", "%", "%2F", "%5C", "BTC%20", "btc", ";", "a;b=c", "__proto__"),
  pick("constructor", "%F0%9F%92%A9", "%C3%A9", "%FF", "x".repeat(300), "BTC.", "-BTC", "1e3", "*", "~", "@"),
  fc.string({ maxLength: 12 }).map(percentEncode),
  fc.string({ unit: "grapheme", maxLength: 6 }).map(percentEncode),
);

const segment = (...good: string[]) => weighted([4, pick(...good)], [1, hostileText]);
const symbol = segment("BTC", "ETH", "SOL", "USDT");
const exchange = segment("Binance", "Kraken", "Coinbase", "Bybit");
const filter = segment(...FILTERS);
const rateType = segment(...RATE_TYPE_SYMBOLS);
const rateDate = segment("2026-11-20", "2026:11:19", "2026-11-01", "2026-02-30", "2019-09-30");

const routePath = fc.oneof(
  fc.tuple(filter, exchange, symbol).map(([f, e, s]) => `/v1/chartPoints/${f}/${e}/${s}`),
  fc.tuple(filter, symbol).map(([f, s]) => `/v1/chartPointsAllExchanges/${f}/${s}`),
  symbol.map((s) => `/v1/quotation/${s}`),
  symbol.map((s) => `/v1/symbol/${s}`),
  symbol.map((s) => `/v1/supply/${s}`),
  rateType.map((r) => `/v1/interestrate/${r}`),
  fc.tuple(rateType, rateDate).map(([r, d]) => `/v1/interestrate/${r}/${d}`),
  pick("/v1/supply", "/v1/coins", "/v1/pairs", "/v1/symbols", "/v1/interestrates", "/v1/openapi.json"),
  pick("/docs", "/docs/init.js", "/docs/assets/swagger-ui.css", "/docs/assets/nope.js", "/", "/symbol/BTC"),
  pick("/v1", "/v1/", "/nope", "/v1/coins/", "/v1//coins", "/V1/coins", "/v1/./coins", "/v1/x/../coins"),
  fc.array(hostileText, { maxLength: 5 }).map((parts) => `/${parts.join("/")}`),
);

/** Numbers as clients write them, well and badly: the service reads the decimal grammar only. */
const numberText = fc.oneof(
  pick("0x10", "0b101", "0o7", "  12  ", "+5", "-3", "1e5", "1E+5", "1.5", "1.", ".5", "1_000", "1,000"),
  pick("Infinity", "-Infinity", "NaN", "", "0", "007", "1e400", "9".repeat(40), "12abc", "١٢", "1763800000"),
  pick("1763700000", "1763640000", "0", "99999999999"),
  fc.integer({ min: 0, max: 2_000_000_000 }).map(String),
  fc.double({ noNaN: true }).map(String),
);

const queryName = pick(
  "scale",
  "starttime",
  "endtime",
  "dateInit",
  "dateFinal",
  "Symbol",
  "symbol",
  "CirculatingSupply",
  "circulatingsupply",
  "Source",
  "x",
  "",
);
const queryValue = fc.oneof(
  numberText,
  pick(...SCALES, "2m", "BTC", "ETH", "2026-11-10", "api"),
  hostileText,
);
const query = fc
  .array(fc.tuple(queryName, queryValue, fc.boolean()), { maxLength: 4 })
  .map((pairs) => pairs.map(([n, v, withValue]) => (withValue ? `${n}=${percentEncode(v)}` : n)).join("&"));

/** The request target: a path, maybe a query, maybe spoiled the ways clients spoil them. */
const target = fc
  .tuple(
    routePath,
    weighted([1, fc.constant("")], [2, query]),
    pick("none", "none", "none", "backslash", "absolute", "fragment", "star", "dots"),
  )
  .map(([path, q, spoil]) => {
    const plain = q === "" ? path : `${path}?${q}`;
    switch (spoil) {
      case "backslash":
        return /^\/[^/?]*\//.test(plain) ? plain.replace(/^(\/[^/?]*)\//, "$1\\") : `${plain}\\x`;
      case "absolute":
        return `http://localhost${plain}`;
      case "fragment":
        return `${plain}#top`;
      case "star":
        return "*";
      case "dots":
        return plain.replace(/\/[^/?]*$/, "/../$&");
      default:
        return plain;
    }
  });

const header = (name: string, ...values: fc.Arbitrary<string | null>[]) =>
  fc.oneof(...values).map((value): [string, string][] => (value === null ? [] : [[name, value]]));
const absent = fc.constant(null);

const host = weighted<[string, string][]>(
  [8, fc.constant([["Host", `localhost:${PORT}`]])],
  [1, fc.constant([])],
  [
    1,
    fc.constant([
      ["Host", "a"],
      ["Host", "b"],
    ]),
  ],
  [
    3,
    pick(
      "127.0.0.1",
      "LOCALHOST",
      "[::1]:8080",
      "example.com",
      "",
      "127.0.0.1:99999",
      "a@b",
      "a b",
      "a:b:c",
    ).map((h): [string, string][] => [["Host", h]]),
  ],
  [
    1,
    pick("[::1", "x".repeat(300), "a..b", "localhost:0", "-", "_", "h\u00e9", "[::0001]").map(
      (h): [string, string][] => [["Host", h]],
    ),
  ],
);

const contentType = pick(
  "application/json",
  "application/json; charset=utf-8",
  "application/merge-patch+json",
  "application/x-www-form-urlencoded",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "",
  "*/*",
  "APPLICATION/JSON",
);

const headers = fc
  .tuple(
    host,
    header(
      "X-Api-Key",
      absent,
      absent,
      pick(OPEN_API_KEY, OPEN_API_KEY, TIGHT_API_KEY, "made-up-key-123", ""),
    ),
    header(
      "Authorization",
      absent,
      pick(
        `Bearer ${TEST_WRITE_KEY}`,
        `bearer  ${TEST_WRITE_KEY}`,
        "Bearer wrong-key-000000000000",
        "Basic abc",
        "Bearer",
      ),
    ),
    header("Content-Type", absent, contentType),
    header("Origin", absent, absent, pick("http://example.com", "null")),
    header("Access-Control-Request-Method", absent, absent, absent, pick("GET", "POST", "DELETE")),
    header("Accept", absent, pick("text/html", "application/json", "*/*")),
    header("Connection", pick("close"), pick("close"), pick("close"), pick("close", "keep-alive"), absent),
    header("Expect", absent, absent, absent, absent, absent, pick("100-continue", "something-else")),
    fc.array(
      fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/), fc.stringMatching(/^[ -~]{0,40}$/)),
      { maxLength: 2 },
    ),
  )
  .map((groups) => groups.flat() as [string, string][]);

const supplyFields = fc.record(
  {
    Symbol: fc.oneof(pick("BTC", "ETH", "btc", "NOPE", ""), fc.integer()),
    CirculatingSupply: fc.oneof(numberText, fc.double(), fc.integer()),
    Source: fc.oneof(pick("api", "fuzz", "x".repeat(70), "é"), fc.integer()),
  },
  { requiredKeys: [] },
);

const body = weighted(
  [3, fc.constant("")],
  [3, supplyFields.map((f) => Buffer.from(JSON.stringify(f)).toString("latin1"))],
  [
    2,
    supplyFields.map((f) =>
      new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)])).toString(),
    ),
  ],
  [1, fc.json({ maxDepth: 2 }).map((j) => Buffer.from(j).toString("latin1"))],
  [
    1,
    pick("{ Symbol: ETH", "[]", "null", '"x"', "Symbol=BTC&Symbol=ETH", "Symbol=BTC&CirculatingSupply=0x10"),
  ],
  [1, fc.uint8Array({ maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString("latin1"))],
  [1, fc.constant("x".repeat(17_000))],
);

const anyRequest: fc.Arbitrary<HostileRequest> = fc.record({
  method: weighted(
    [6, pick("GET", "POST")],
    [2, pick("HEAD", "OPTIONS", "PUT", "DELETE", "PATCH")],
    [1, pick("TRACE", "CONNECT", "FOO", "get", "PROPFIND")],
  ),
  target,
  version: weighted([9, fc.constant("HTTP/1.1" as const)], [1, fc.constant("HTTP/1.0" as const)]),
  headers,
  body,
  framing: weighted<Framing>(
    [12, fc.constant("length")],
    [2, fc.constant("chunked")],
    [1, pick("broken-chunk", "bad-length", "length-and-chunked")],
  ),
  mangle: weighted<Mangle>(
    [20, fc.constant("none")],
    [
      1,
      pick(
        "non-ascii-in-line",
        "huge-header",
        "control-in-header",
        "header-without-colon",
        "bare-lf",
        "cut-short",
        "half-closed",
      ),
    ],
  ),
  cut: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  advanceClock: weighted([4, fc.constant(false)], [1, fc.constant(true)]),
});

/** Posts of supply that pass the gates (a write key, mostly an unlimited API key) and meet the body rules. */
const supplyPost: fc.Arbitrary<HostileRequest> = fc.record({
  method: fc.constant("POST"),
  target: query.map((q) => (q === "" ? "/v1/supply" : `/v1/supply?${q}`)),
  version: fc.constant("HTTP/1.1" as const),
  headers: fc
    .tuple(
      header("Host", pick(`localhost:${PORT}`)),
      header("X-Api-Key", pick(OPEN_API_KEY), pick(OPEN_API_KEY), absent),
      header("Authorization", pick(`Bearer ${TEST_WRITE_KEY}`), pick(`Bearer ${TEST_WRITE_KEY}`), absent),
      header("Content-Type", contentType, contentType, absent),
      header("Connection", pick("close")),
    )
    .map((groups) => groups.flat() as [string, string][]),
  body,
  framing: weighted<Framing>(
    [6, fc.constant("length")],
    [1, fc.constant("chunked")],
    [1, pick("broken-chunk")],
  ),
  mangle: fc.constant("none" as const),
  cut: fc.constant(0.5),
  advanceClock: fc.constant(false),
});

export const hostileRequest: fc.Arbitrary<HostileRequest> = weighted([4, anyRequest], [1, supplyPost]);
