// The synchronous decoder of a response's body to chart points, run by the points worker (or the page
// without one): the usual shapes through the faster scanner, anything else the general way, which names
// what it cannot read.
import { parseBody } from "../decode.ts";
import { decodePointsValue } from "./decode-points-value.ts";
import { scanPoints } from "./point-scan.ts";
import type { ChartPoints } from "./point-series.ts";

/** Either wire, in either text syntax, to points in ascending time, one per time, gaps left out. */
export function decodePointsBody(body: string | ArrayBuffer): ChartPoints {
  if (typeof body === "string") return scanPoints({ text: body }) ?? decodePointsValue(parseBody(body));
  const bytes = new Uint8Array(body);
  const text = new TextDecoder().decode(bytes);
  return scanPoints({ bytes, text }) ?? decodePointsValue(parseBody(text));
}
