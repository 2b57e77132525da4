import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../transport/transport.ts";
import { unknownSymbolOf } from "./not-found.ts";

describe("the service's 404 for a symbol", () => {
  it("keeps the message and picks the suggested symbol", () => {
    const error = new ApiRequestError(
      "unknown symbol 'btc' (symbols are case-sensitive: did you mean BTC?)",
      404,
    );
    expect(unknownSymbolOf(error)).toEqual({ message: error.message, suggestion: "BTC" });
  });

  it("has no suggestion when the service made none", () => {
    const error = new ApiRequestError("unknown symbol 'NOPE'; GET /v1/symbols lists them", 404);
    expect(unknownSymbolOf(error)).toEqual({ message: error.message, suggestion: null });
  });

  it("is not about other failures", () => {
    expect(unknownSymbolOf(new ApiRequestError("the service answered 500", 500))).toBeNull();
    expect(unknownSymbolOf(new TypeError("Failed to fetch"))).toBeNull();
  });
});
