// The synchronous decoder of a candles response's body: what the worker runs, and the page too where there
// is no worker.
import { decodeCandles } from "../../../interface/candles.ts";
import { CandlesSchema } from "../../../interface/resources.ts";
import { decodeResource, parseBody } from "../decode.ts";
import { DecodeError } from "../wire-value.ts";
import { scanCandles } from "./candle-scan.ts";
import { type ChartCandles, chartCandlesOf } from "./candle-series.ts";

/** The candles of a response's body; a DecodeError names the field or line it could not read. */
export function decodeCandlesBody(body: string | ArrayBuffer): ChartCandles {
  const text = typeof body === "string" ? body : new TextDecoder().decode(new Uint8Array(body));
  const { candles } = decodeResource(CandlesSchema, parseBody(text), "the candles");
  // The usual response in one pass; anything else (and every error) through the interface's decoder.
  const scanned = scanCandles(candles);
  if (scanned !== null) return scanned;
  try {
    return chartCandlesOf(decodeCandles(candles));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const line = /line (\d+)/.exec(why)?.[1];
    const excerpt = line === undefined ? candles.slice(0, 80) : (candles.split("\n")[Number(line) - 1] ?? "");
    throw new DecodeError(`the candles: ${why}`, excerpt, { cause: error });
  }
}
