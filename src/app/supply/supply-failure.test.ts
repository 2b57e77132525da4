import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../transport/transport.ts";
import { describeSupplyFailure } from "./supply-failure.ts";

describe("describeSupplyFailure", () => {
  it("puts a refused write key on the write key field", () => {
    const failure = describeSupplyFailure(new ApiRequestError("the write key is not valid", 401), "");
    expect(failure).toEqual({
      place: "field",
      field: "writeKey",
      message: expect.stringMatching(/^The write key was refused: check it.*the write key is not valid\.$/),
    });
  });

  it("puts the service's words on the field they are about", () => {
    expect(
      describeSupplyFailure(
        new ApiRequestError("'CirculatingSupply' must be > 0 and ≤ 1e15; got 0", 400),
        "",
      ),
    ).toMatchObject({ place: "field", field: "supply", message: expect.stringContaining("must be > 0") });
    expect(describeSupplyFailure(new ApiRequestError("unknown symbol 'XYZ'", 404), "")).toMatchObject({
      place: "field",
      field: "symbol",
    });
  });

  it("shows other refusals above the button, in the service's words", () => {
    expect(describeSupplyFailure(new ApiRequestError("the body is too large", 413), "")).toMatchObject({
      place: "form",
    });
    expect(describeSupplyFailure(new ApiRequestError("the body must be a JSON object", 400), "")).toEqual({
      place: "form",
      title: "The service refused the post",
      detail: "The body must be a JSON object. Nothing was stored.",
    });
  });

  it("says the service cannot be reached after a network failure", () => {
    const failure = describeSupplyFailure(new TypeError("Failed to fetch"), "https://md.example");
    expect(failure).toMatchObject({ place: "form", title: "The service cannot be reached" });
    if (failure.place === "form") expect(failure.detail).toContain("https://md.example");
  });
});
