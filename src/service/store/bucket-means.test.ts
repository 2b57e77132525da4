import { describe, expect, it } from "vitest";
import { bucketMeans } from "./bucket-means.ts";

describe("bucketMeans", () => {
  it("averages each UTC bucket and stamps it at the bucket start", () => {
    expect(bucketMeans([0, 100, 299, 300, 650], [1, 2, 6, 10, 7], "5m", 100)).toEqual({
      times: [0, 300, 600],
      values: [3, 10, 7],
    });
  });

  it("starts weeks on Monday 00:00 UTC", () => {
    const monday = Date.UTC(2026, 10, 16) / 1000;
    const { times } = bucketMeans([monday - 1, monday, monday + 6 * 86_400], [1, 2, 3], "1w", 10);
    expect(times).toEqual([monday - 7 * 86_400, monday]);
  });

  it("stops after the limit", () => {
    expect(bucketMeans([0, 300, 600, 900], [1, 2, 3, 4], "5m", 2).times).toEqual([0, 300]);
  });
});
