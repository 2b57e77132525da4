// A fake of the three issuers on loopback, for tests: one node:http server answering the ECB Data Portal's,
// the New York Fed Markets API's and the Bank of England database's requests in their own formats (see
// ecb-feed.ts, nyfed-feeds.ts, boe-feed.ts for the recorded shapes and where they come from), from fixings a
// test scripts, and misbehaving on demand: down (the connection is dropped), garbage (a body of the test's
// choosing), held (no answer until released). It records every request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { RateIssuer } from "../issuer-feed.ts";

export interface FakeFixing {
  date: string;
  value: number;
}

export interface FakeSofrAverages {
  date: string;
  average30day: number;
  average90day: number;
  average180day: number;
  index: number;
}

export type FakeMode = "up" | "down" | "held" | { garbage: string; status?: number };

export interface FakeRequest {
  issuer: RateIssuer;
  path: string;
  query: URLSearchParams;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// The ECB's csvdata columns around the ones read; TITLE_COMPL is quoted and holds commas, as the real one.
const ECB_HEADER =
  "KEY,FREQ,BENCHMARK_ITEM,DATA_TYPE_EST,TIME_PERIOD,OBS_VALUE,OBS_STATUS,OBS_CONF,OBS_PRE_BREAK,OBS_COM,TIME_FORMAT,COLLECTION,DECIMALS,TITLE,TITLE_COMPL,UNIT,UNIT_MULT";
const ECB_ROW_TAIL =
  'A,F,,,P1D,A,3,Euro short-term rate - Volume-weighted trimmed mean rate,"Euro short-term rate, Volume-weighted trimmed mean rate, Unsecured, Overnight, Borrowing, Financial corporations",PCPA,0';

export class FakeIssuers {
  ester: FakeFixing[] = [];
  sofr: FakeFixing[] = [];
  sofrAverages: FakeSofrAverages[] = [];
  sonia: FakeFixing[] = [];
  readonly mode: Record<RateIssuer, FakeMode> = { ECB: "up", FED: "up", BOE: "up" };
  readonly requests: FakeRequest[] = [];
  private held: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<FakeIssuers> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const fake = new FakeIssuers(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on("request", (req, res) => fake.handle(req, res));
    return fake;
  }

  /** The RATE_ISSUER_HOSTS setting that sends every issuer here. */
  get hostsSetting(): string {
    return `ecb=${this.origin},nyfed=${this.origin},boe=${this.origin}`;
  }

  requestsOf(issuer: RateIssuer): FakeRequest[] {
    return this.requests.filter((r) => r.issuer === issuer);
  }

  /** Answers every held request. */
  release(): void {
    for (const answer of this.held.splice(0)) answer();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", this.origin);
    const issuer = issuerOf(url.pathname);
    if (!issuer) {
      send(res, 404, "text/plain", "Not Found");
      return;
    }
    this.requests.push({ issuer, path: url.pathname, query: url.searchParams });
    const mode = this.mode[issuer];
    if (mode === "down") {
      req.socket.destroy();
      return;
    }
    const answer = () => {
      if (typeof mode === "object") {
        send(res, mode.status ?? 200, "text/plain", mode.garbage);
        return;
      }
      if (issuer === "ECB") return this.answerEcb(url.searchParams, res);
      if (issuer === "FED") return this.answerFed(url, res);
      return this.answerBoe(req, url.searchParams, res);
    };
    if (mode === "held") this.held.push(answer);
    else answer();
  }

  private answerEcb(query: URLSearchParams, res: ServerResponse): void {
    if (query.get("format") !== "csvdata") {
      send(res, 406, "text/plain", "Not Acceptable");
      return;
    }
    const rows = within(this.ester, query.get("startPeriod"), query.get("endPeriod"));
    if (rows.length === 0) {
      send(res, 404, "text/plain", "No results found.");
      return;
    }
    const lines = rows.map(
      (f) => `EST.B.EU000A2X2A25.WT,B,EU000A2X2A25,WT,${f.date},${f.value},${ECB_ROW_TAIL}`,
    );
    send(res, 200, "text/csv", `${[ECB_HEADER, ...lines].join("\r\n")}\r\n`);
  }

  private answerFed(url: URL, res: ServerResponse): void {
    const start = url.searchParams.get("startDate");
    const end = url.searchParams.get("endDate");
    if (!start || !end) {
      send(res, 400, "application/json", '{"error":"startDate and endDate"}');
      return;
    }
    // The API lists the newest first.
    const refRates = url.pathname.includes("/sofrai/")
      ? within(this.sofrAverages, start, end)
          .reverse()
          .map((a) => ({
            effectiveDate: a.date,
            type: "SOFRAI",
            average30day: a.average30day,
            average90day: a.average90day,
            average180day: a.average180day,
            index: a.index,
            revisionIndicator: "",
          }))
      : within(this.sofr, start, end)
          .reverse()
          .map((f) => ({
            effectiveDate: f.date,
            type: "SOFR",
            percentRate: f.value,
            percentPercentile1: f.value - 0.04,
            percentPercentile25: f.value - 0.02,
            percentPercentile75: f.value + 0.06,
            percentPercentile99: f.value + 0.09,
            volumeInBillions: 2325,
            revisionIndicator: "",
          }));
    send(res, 200, "application/json", JSON.stringify({ refRates }));
  }

  private answerBoe(req: IncomingMessage, query: URLSearchParams, res: ServerResponse): void {
    // The real database answers 500 to a request without User-Agent.
    if (!req.headers["user-agent"]) {
      send(res, 500, "text/html", "<html>Internal Server Error</html>");
      return;
    }
    const from = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4})$/.exec(query.get("Datefrom") ?? "");
    const wellFormed =
      query.get("csv.x") === "yes" &&
      query.get("SeriesCodes") === "IUDSOIA" &&
      query.get("CSVF") === "TN" &&
      query.get("UsingCodes") === "Y" &&
      query.get("Dateto") === "now" &&
      from !== null;
    if (!wellFormed) {
      send(res, 200, "text/html", "<html><body>Invalid request</body></html>");
      return;
    }
    const start = `${from[3]}-${String(MONTHS.indexOf(from[2] ?? "") + 1).padStart(2, "0")}-${from[1]}`;
    const rows = within(this.sonia, start, null).map((f) => {
      const [y, m, d] = f.date.split("-");
      return `${d} ${MONTHS[Number(m) - 1]} ${y},${f.value.toFixed(4)}`;
    });
    send(res, 200, "text/csv", `${["DATE,IUDSOIA", ...rows].join("\n")}\n`);
  }
}

function issuerOf(path: string): RateIssuer | null {
  if (path === "/service/data/EST/B.EU000A2X2A25.WT") return "ECB";
  if (path === "/api/rates/secured/sofr/search.json" || path === "/api/rates/secured/sofrai/search.json") {
    return "FED";
  }
  if (path === "/boeapps/database/_iadb-fromshowcolumns.asp") return "BOE";
  return null;
}

function within<T extends { date: string }>(rows: readonly T[], from: string | null, to: string | null): T[] {
  return rows
    .filter((r) => (from === null || r.date >= from) && (to === null || r.date <= to))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}
