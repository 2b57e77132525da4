// The issuers as the rate source, through the real service and real HTTP: a fake of the ECB, the New York
// Fed and the Bank of England (fake-issuers.ts) answers in their own formats; the wall clock is moved by hand
// and the market advanced, as its timer would.
import { afterEach, describe, expect, it } from "vitest";
import { addDays, isIsoDay } from "../../../interface/iso-day.ts";
import { TEST_NOW } from "../../testing/test-service.ts";
import type { FakeIssuers } from "./testing/fake-issuers.ts";
import { cleanUp, expected, fakeIssuers, json, start, tempDir } from "./testing/issuer-testkit.ts";

afterEach(cleanUp);

const NOVEMBER = "?dateInit=2026-11-01&dateFinal=2026-11-30";
const averages = (fake: FakeIssuers, field: "average30day" | "average90day" | "average180day" | "index") =>
  fake.sofrAverages.map((a) => ({ date: a.date, value: a[field] }));

describe("rates from their issuers", () => {
  it("answers exactly the issuers' fixings, the whole history asked for on a first start", async () => {
    const fake = await fakeIssuers();
    const service = await start(fake, tempDir());
    await service.ctx.rates.settled();

    expect(await json(service, `/v1/interestrate/ESTER${NOVEMBER}`)).toEqual(
      expected("ESTER", "ECB", fake.ester, "07:00"),
    );
    expect(await json(service, `/v1/interestrate/SOFR${NOVEMBER}`)).toEqual(
      expected("SOFR", "FED", fake.sofr, "13:00"),
    );
    expect(await json(service, `/v1/interestrate/SONIA${NOVEMBER}`)).toEqual(
      expected("SONIA", "BOE", fake.sonia, "09:00"),
    );
    for (const [type, field] of [
      ["SOFR30", "average30day"],
      ["SOFR90", "average90day"],
      ["SOFR180", "average180day"],
      ["SAFR", "index"],
    ] as const) {
      expect(await json(service, `/v1/interestrate/${type}${NOVEMBER}`)).toEqual(
        expected(type, "FED", averages(fake, field), "13:00", true),
      );
    }
    // Veterans Day had no SOFR: the 10th's fixing came out on the 12th.
    expect(await json(service, "/v1/interestrate/SOFR/2026-11-11")).toMatchObject({
      effectiveDate: "2026-11-10T00:00:00Z",
      publicationTime: "2026-11-12T13:00:00Z",
    });
    expect(await json(service, "/v1/interestrate/SONIA/2026-11-15")).toMatchObject({
      effectiveDate: "2026-11-13T00:00:00Z",
    });
    expect(await json(service, "/v1/interestrate/ESTER")).toMatchObject({
      effectiveDate: "2026-11-19T00:00:00Z",
      publicationTime: "2026-11-20T07:00:00Z",
      value: fake.ester.at(-1)?.value,
    });

    // From each type's first date, the New York Fed in windows of at most two years.
    expect(fake.requestsOf("ECB")[0]?.query.get("startPeriod")).toBe("2019-10-01");
    expect(fake.requestsOf("BOE")[0]?.query.get("Datefrom")).toBe("02/Jan/1997");
    const windows = (path: string) =>
      fake
        .requestsOf("FED")
        .filter((r) => r.path.endsWith(path))
        .map((r) => [r.query.get("startDate") ?? "", r.query.get("endDate") ?? ""]);
    for (const [path, first] of [
      ["/sofr/search.json", "2018-04-02"],
      ["/sofrai/search.json", "2020-03-02"],
    ] as const) {
      const asked = windows(path);
      expect(asked[0]?.[0]).toBe(first);
      expect(asked.at(-1)?.[1]).toBe("2026-11-21");
      asked.forEach(([from = "", to = ""], i) => {
        expect(isIsoDay(from) && isIsoDay(to)).toBe(true);
        expect(new Date(to).getTime() - new Date(from).getTime()).toBeLessThanOrEqual(730 * 86_400_000);
        if (i > 0) expect(from).toBe(addDays(asked[i - 1]?.[1] ?? "", 1));
      });
    }
    expect(service.feeds().map((f) => [f.name, f.failures, f.lastFixing])).toEqual([
      ["ECB €STR", 0, "2026-11-19"],
      ["FED SOFR", 0, "2026-11-18"],
      ["FED SOFR averages and index", 0, "2026-11-19"],
      ["BOE SONIA", 0, "2026-11-19"],
    ]);
  });

  it("picks up a fixing after its publication time, not before, and asks again until it is there", async () => {
    const fake = await fakeIssuers();
    const service = await start(fake, tempDir());
    await service.ctx.rates.settled();
    expect(await json(service, "/v1/interestrate/ESTER")).toMatchObject({
      effectiveDate: "2026-11-19T00:00:00Z",
    });
    fake.ester.push({ date: "2026-11-20", value: 1.911 });
    const ecbAsked = fake.requestsOf("ECB").length;

    // Friday's €STR comes out on Monday at 08:00 CET (07:00 UTC): not asked for a minute before.
    await service.tick("2026-11-23T06:59:00Z");
    expect(fake.requestsOf("ECB")).toHaveLength(ecbAsked);
    expect(await json(service, "/v1/interestrate/ESTER")).toMatchObject({
      effectiveDate: "2026-11-19T00:00:00Z",
    });

    await service.tick("2026-11-23T07:00:30Z");
    expect(fake.requestsOf("ECB")).toHaveLength(ecbAsked + 1);
    expect(fake.requestsOf("ECB").at(-1)?.query.get("startPeriod")).toBe("2026-11-19"); // only since the last
    expect(await json(service, "/v1/interestrate/ESTER")).toEqual({
      symbol: "ESTER",
      value: 1.911,
      publicationTime: "2026-11-23T07:00:00Z",
      effectiveDate: "2026-11-20T00:00:00Z",
      source: "ECB",
    });

    // SONIA is late: asked at 09:00 London, again after a pause, and taken when it is there.
    const boeAsked = fake.requestsOf("BOE").length;
    await service.tick("2026-11-23T09:00:30Z");
    expect(fake.requestsOf("BOE")).toHaveLength(boeAsked + 1);
    await service.tick("2026-11-23T09:01:00Z");
    expect(fake.requestsOf("BOE")).toHaveLength(boeAsked + 1);
    fake.sonia.push({ date: "2026-11-20", value: 3.7181 });
    await service.tick("2026-11-23T09:01:31Z");
    expect(fake.requestsOf("BOE")).toHaveLength(boeAsked + 2);
    expect(await json(service, "/v1/interestrate/SONIA")).toMatchObject({
      value: 3.7181,
      effectiveDate: "2026-11-20T00:00:00Z",
      publicationTime: "2026-11-23T09:00:00Z",
    });
  });

  it("serves the other issuers while one is down, logs it once with a count, and asks it again", async () => {
    const fake = await fakeIssuers();
    fake.mode.FED = "down";
    const service = await start(fake, tempDir());
    await service.ctx.rates.settled();

    expect((await service.get("/v1/interestrate/ESTER")).status).toBe(200);
    expect((await service.get("/v1/interestrate/SONIA")).status).toBe(200);
    const sofr = await service.get("/v1/interestrate/SOFR");
    expect(sofr.status).toBe(404);
    expect(await sofr.json()).toMatchObject({ errorcode: 404 });
    const fed = service.feeds().filter((f) => f.issuer === "FED");
    expect(fed.map((f) => [f.failures, f.lastFixing])).toEqual([
      [1, null],
      [1, null],
    ]);
    expect(fed[0]?.lastError).toMatch(/^unreachable/);

    const fedAsked = fake.requestsOf("FED").length;
    await service.tick(new Date(TEST_NOW + 30_000).toISOString());
    expect(fake.requestsOf("FED")).toHaveLength(fedAsked); // a pause first
    await service.tick(new Date(TEST_NOW + 61_000).toISOString());
    expect(fake.requestsOf("FED")).toHaveLength(fedAsked + 2);
    expect(
      service
        .feeds()
        .filter((f) => f.issuer === "FED")
        .map((f) => f.failures),
    ).toEqual([2, 2]);
    expect(service.lines.filter((line) => /FED SOFR: unreachable/.test(line))).toHaveLength(1);
    expect(
      service.lines.filter((line) => /FED SOFR averages and index: unreachable/.test(line)),
    ).toHaveLength(1);

    fake.mode.FED = "up";
    await service.tick(new Date(TEST_NOW + 61_000 + 121_000).toISOString());
    expect(await json(service, "/v1/interestrate/SOFR")).toMatchObject({
      effectiveDate: "2026-11-18T00:00:00Z",
    });
    expect(service.lines).toContain("rates: FED SOFR answers again, after 2 failed attempts");
    expect(service.feeds().every((f) => f.lastError === null)).toBe(true);
  });

  it("refuses an answer it cannot read whole, logs it, loses nothing, and takes the next good one", async () => {
    const fake = await fakeIssuers();
    const service = await start(fake, tempDir());
    await service.ctx.rates.settled();
    const sonia = await json(service, `/v1/interestrate/SONIA${NOVEMBER}`);
    const sofr = await json(service, `/v1/interestrate/SOFR${NOVEMBER}`);

    fake.sonia.push({ date: "2026-11-20", value: 3.7181 });
    fake.mode.BOE = { garbage: "<html><body>Sorry, the database is being updated</body></html>" };
    // One good row and one that is not a rate: neither is stored.
    fake.mode.FED = {
      garbage: JSON.stringify({
        refRates: [
          { effectiveDate: "2026-11-19", type: "SOFR", percentRate: 3.61 },
          { effectiveDate: "2026-11-18", type: "SOFR", percentRate: "n/a" },
        ],
      }),
    };
    await service.tick("2026-11-23T14:00:00Z");

    expect(await json(service, `/v1/interestrate/SONIA${NOVEMBER}`)).toEqual(sonia);
    expect(await json(service, `/v1/interestrate/SOFR${NOVEMBER}`)).toEqual(sofr);
    const byName = new Map(service.feeds().map((f) => [f.name, f]));
    expect(byName.get("BOE SONIA")?.lastError).toMatch(/refused an answer: .*no DATE, IUDSOIA column/);
    expect(byName.get("FED SOFR")?.lastError).toMatch(/refused an answer: .*percentRate: "n\/a"/);
    expect(
      service.lines.filter((line) => line.startsWith("rates: BOE SONIA: refused an answer")),
    ).toHaveLength(1);

    fake.mode.BOE = "up";
    await service.tick("2026-11-23T14:01:01Z");
    expect(await json(service, "/v1/interestrate/SONIA")).toMatchObject({
      effectiveDate: "2026-11-20T00:00:00Z",
    });
  });

  it("starts without waiting for the issuers, and a restart asks only since the last stored fixing", async () => {
    const fake = await fakeIssuers();
    const dataDir = tempDir();
    fake.mode.ECB = "held";
    fake.mode.FED = "held";
    fake.mode.BOE = "held";
    const first = await start(fake, dataDir);
    const waiting = await first.get("/v1/interestrate/ESTER");
    expect(waiting.status).toBe(404);
    expect(await waiting.json()).toMatchObject({ errormessage: expect.stringMatching(/no ESTER fixing/) });
    expect(await json(first, "/v1/interestrates")).toHaveLength(7);
    for (const issuer of ["ECB", "FED", "BOE"] as const) fake.mode[issuer] = "up";
    fake.release();
    await first.ctx.rates.settled();
    expect(await json(first, "/v1/interestrate/ESTER")).toMatchObject({
      effectiveDate: "2026-11-19T00:00:00Z",
    });
    await first.close();

    fake.requests.length = 0;
    fake.mode.ECB = "held";
    fake.mode.BOE = "held";
    const second = await start(fake, dataDir);
    // The stored fixings are served while the issuers are asked.
    expect(await json(second, "/v1/interestrate/SONIA")).toMatchObject({
      effectiveDate: "2026-11-19T00:00:00Z",
    });
    fake.mode.ECB = "up";
    fake.mode.BOE = "up";
    fake.release();
    await second.ctx.rates.settled();
    const askedFrom = (path: string, key: string) =>
      fake.requests.filter((r) => r.path.endsWith(path)).map((r) => r.query.get(key));
    expect(askedFrom("EU000A2X2A25.WT", "startPeriod")).toEqual(["2026-11-19"]);
    expect(askedFrom("/sofr/search.json", "startDate")).toEqual(["2026-11-18"]);
    expect(askedFrom("/sofrai/search.json", "startDate")).toEqual(["2026-11-19"]);
    expect(askedFrom(".asp", "Datefrom")).toEqual(["19/Nov/2026"]);
    expect(await json(second, `/v1/interestrate/ESTER${NOVEMBER}`)).toEqual(
      expected("ESTER", "ECB", fake.ester, "07:00"),
    );
  });

  it("drops the generated histories of a data directory that turns to the issuers", async () => {
    const fake = await fakeIssuers();
    const dataDir = tempDir();
    const generated = await start(fake, dataDir, []);
    expect(await json(generated, "/v1/interestrate/ESTER/2026-06-15")).toMatchObject({ source: "ECB" });
    expect(fake.requests).toHaveLength(0);
    await generated.close();

    const real = await start(fake, dataDir);
    await real.ctx.rates.settled();
    expect((await real.get("/v1/interestrate/ESTER/2026-06-15")).status).toBe(404);
    expect(await json(real, "/v1/interestrate/ESTER?dateInit=2019-01-01&dateFinal=2026-11-30")).toEqual(
      expected("ESTER", "ECB", fake.ester, "07:00"),
    );
  });
});
