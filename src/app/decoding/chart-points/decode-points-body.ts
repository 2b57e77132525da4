// The synchronous decoder of an answer's body (text or UTF-8 bytes) to chart points: what the points worker
// runs, and the page too where there is no worker. The usual shapes go through the scanner, without building
// the parsed value; anything else, and anything wrong (to name the problem), the general way.
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
