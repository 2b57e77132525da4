// What a service does not offer, told from its answers through the real transport: the public service's
// plain-text 404 for a path it lacks (and our own service's "no such route") marks the extension, a 404
// with an error record about the resource does not; kept per address in the session's storage.
import { describe, expect, it } from "vitest";
import { RequestBudget } from "../budget/request-budget.ts";
import { memorySendLogStore } from "../budget/send-log.ts";
import { type Handler, scriptedPeer } from "../testing/scripted-peer.ts";
import { ApiRequestError, Transport } from "../transport/transport.ts";
import { answeredUnknownPath, isNotOffered, markNotOffered, notingUnknownPath } from "./service-offers.ts";

const peer = scriptedPeer();

/** A Storage over a Map, as sessionStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const answer =
  (status: number, body: string, type: string): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": type }).end(body);
  };

/** What the transport throws for `handler`'s answer to a GET. */
async function refusalOf(handler: Handler): Promise<unknown> {
  peer.script.length = 0;
  peer.script.push(handler);
  const transport = new Transport({
    baseUrl: peer.baseUrl,
    budget: new RequestBudget({ limit: 5, store: memorySendLogStore() }),
  });
  return transport
    .request("/v1/candlesAllExchanges/BTC", { priority: "visible", decode: (value) => value })
    .then(
      () => null,
      (error: unknown) => error,
    );
}

describe("answeredUnknownPath", () => {
  it("is the public service's plain-text 404 and our own service's answer to a path it has no route for", async () => {
    expect(answeredUnknownPath(await refusalOf(answer(404, "404 page not found", "text/plain")))).toBe(true);
    const noRoute = JSON.stringify({
      errorcode: 404,
      errormessage: "no such route: GET /v1/candlesAllExchanges/BTC (see /v1/openapi.json)",
    });
    expect(answeredUnknownPath(await refusalOf(answer(404, noRoute, "application/json")))).toBe(true);
  });

  it("is not a 404 about the resource, another refusal, or no answer", async () => {
    const unknownSymbol = JSON.stringify({ errorcode: 404, errormessage: "unknown symbol XYZ" });
    expect(answeredUnknownPath(await refusalOf(answer(404, unknownSymbol, "application/json")))).toBe(false);
    expect(answeredUnknownPath(await refusalOf(answer(400, "bad", "text/plain")))).toBe(false);
    expect(answeredUnknownPath(new TypeError("Failed to fetch"))).toBe(false);
    expect(answeredUnknownPath(new ApiRequestError("could not be read", 0))).toBe(false);
  });
});

describe("what a service does not offer", () => {
  it("is kept per address for the session, candles and provenance together (they came together)", () => {
    const storage = memoryStorage();
    markNotOffered("http://public.test", "candles", storage);
    expect(isNotOffered("http://public.test", "candles", storage)).toBe(true);
    expect(isNotOffered("http://public.test", "provenance", storage)).toBe(true);
    expect(isNotOffered("http://ours.test", "candles", storage)).toBe(false);
    markNotOffered("http://public.test", "provenance", storage);
    expect(storage.getItem("cmd.notOffered|http://public.test")).toBe("candles,provenance");
    markNotOffered("http://older.test", "provenance", storage);
    expect(isNotOffered("http://older.test", "candles", storage)).toBe(true);
  });

  it("is noted from a request's failure, which still reaches the caller", async () => {
    const failure = await refusalOf(answer(404, "404 page not found", "text/plain"));
    await expect(notingUnknownPath("http://noted.test", "candles", Promise.reject(failure))).rejects.toBe(
      failure,
    );
    expect(isNotOffered("http://noted.test", "candles")).toBe(true);
    await expect(notingUnknownPath("http://fine.test", "candles", Promise.resolve(7))).resolves.toBe(7);
    expect(isNotOffered("http://fine.test", "candles")).toBe(false);
  });
});
