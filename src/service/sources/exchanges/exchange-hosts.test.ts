import { describe, expect, it } from "vitest";
import { redirectAddress, redirectAddresses } from "./exchange-hosts.ts";

describe("EXCHANGE_HOSTS address rewriting", () => {
  const local = new URL("http://127.0.0.1:9101");

  it("keeps the path and turns https into http and wss into ws of the origin given", () => {
    expect(redirectAddress("https://api.binance.com/api/v3", local)).toBe("http://127.0.0.1:9101/api/v3");
    expect(redirectAddress("wss://stream.binance.com:9443/ws", local)).toBe("ws://127.0.0.1:9101/ws");
    expect(redirectAddress("https://api.{hostname}", local)).toBe("http://127.0.0.1:9101");
    expect(redirectAddress("wss://ws.okx.com:8443/ws/v5?x=1", new URL("https://mirror.example"))).toBe(
      "wss://mirror.example/ws/v5?x=1",
    );
  });

  it("rewrites every address of a nested urls object and leaves other strings alone", () => {
    const urls = {
      api: { public: "https://api.kraken.com/0", ws: { publicV2: "wss://ws.kraken.com/v2" } },
      doc: ["https://docs.kraken.com"],
      logo: "kraken",
    };
    redirectAddresses(urls, local);
    expect(urls).toEqual({
      api: { public: "http://127.0.0.1:9101/0", ws: { publicV2: "ws://127.0.0.1:9101/v2" } },
      doc: ["http://127.0.0.1:9101"],
      logo: "kraken",
    });
  });
});
