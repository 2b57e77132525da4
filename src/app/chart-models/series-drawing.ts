// How a series' points go onto the chart. A large series goes in two passes, each its own main-thread
// task: first only what the pixel columns can show, then after that frame is painted the detail for zooming.
import type { UTCTimestamp } from "lightweight-charts";
import type { ChartPoints } from "../decoding/chart-points/point-series.ts";

/** Calls `run` once the next frame has been painted; the returned function cancels it. */
export type AfterPaint = (run: () => void) => () => void;

/** A frame callback runs just before the paint; a task queued from it runs after the frame. */
export const afterNextPaint: AfterPaint = (run) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
};

/** Where there are no frames (a test's DOM), the detail goes in at once. */
export const defaultAfterPaint: AfterPaint =
  typeof requestAnimationFrame === "function"
    ? afterNextPaint
    : (run) => {
        run();
        return () => {};
      };

/** Points in the first pass: two per pixel column of a chart `width` pixels wide (a common width if 0). */
export function firstPassLimit(width: number): number {
  return 2 * Math.max(500, Math.ceil(width > 0 ? width : 1_200));
}

/** The points at `indices` as lightweight-charts line data. */
export function lineData(points: ChartPoints, indices: Uint32Array): { time: UTCTimestamp; value: number }[] {
  const out = new Array<{ time: UTCTimestamp; value: number }>(indices.length);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k] as number;
    out[k] = { time: points.times[i] as UTCTimestamp, value: points.values[i] as number };
  }
  return out;
}

/**
 * Where `next` continues `shown`: the index in `next` of the last shown time, if `next` starts where
 * `shown` starts, holds the shown times unchanged up to it, and ends no earlier; else null.
 */
export function appendFrom(shown: { times: Float64Array }, next: { times: Float64Array }): number | null {
  const n = shown.times.length;
  if (n === 0 || next.times.length < n) return null;
  if (next.times[0] !== shown.times[0] || next.times[n - 1] !== shown.times[n - 1]) return null;
  return n - 1;
}
