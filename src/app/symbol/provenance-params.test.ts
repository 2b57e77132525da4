import { describe, expect, it } from "vitest";
import { readProvenanceBlock, withProvenanceBlock } from "./provenance-params.ts";

describe("the provenance's block in the address", () => {
  it("reads closed, the newest block, or a time", () => {
    expect(readProvenanceBlock(new URLSearchParams(""))).toBeNull();
    expect(readProvenanceBlock(new URLSearchParams("block=newest"))).toBe("newest");
    expect(readProvenanceBlock(new URLSearchParams("block=1764000000"))).toBe(1764000000);
    expect(readProvenanceBlock(new URLSearchParams("block=-5"))).toBe("newest");
  });

  it("writes a choice keeping the rest of the view, and closes", () => {
    const open = withProvenanceBlock(new URLSearchParams("sort=price&open=Binance"), 1764000000.7);
    expect(open.toString()).toBe("sort=price&open=Binance&block=1764000000");
    expect(withProvenanceBlock(open, null).toString()).toBe("sort=price&open=Binance");
    expect(withProvenanceBlock(open, "newest").get("block")).toBe("newest");
  });
});
