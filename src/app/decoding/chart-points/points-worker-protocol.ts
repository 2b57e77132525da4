// The chart points worker's protocol and the pure handler it runs, which the tests call too. Buffers are
// transferred, so they cross threads without a copy; candles share the worker, as a second one would be a
// second script to fetch and start.
import { type ChartCandles, candleBuffers } from "../candles/candle-series.ts";
import { decodeCandlesBody } from "../candles/decode-candles-body.ts";
import { DecodeError } from "../wire-value.ts";
import { decodePointsBody } from "./decode-points-body.ts";
import type { ChartPoints } from "./point-series.ts";

export interface DecodeRequest {
  id: number;
  /** The response's body: bytes (UTF-8, transferred to the worker) or text. */
  body: string | ArrayBuffer;
  /** What the body holds; chart points when left out. */
  kind?: "points" | "candles";
}

export type DecodeReply =
  | { id: number; ok: true; points: ChartPoints }
  | { id: number; ok: true; candles: ChartCandles }
  | { id: number; ok: false; name: string; message: string; excerpt: string };

export function handleDecodeRequest(request: DecodeRequest): {
  reply: DecodeReply;
  transfer: Transferable[];
} {
  try {
    if (request.kind === "candles") {
      const candles = decodeCandlesBody(request.body);
      return { reply: { id: request.id, ok: true, candles }, transfer: candleBuffers(candles) };
    }
    const points = decodePointsBody(request.body);
    const transfer: Transferable[] = [points.times.buffer];
    if (points.values.buffer !== points.times.buffer) transfer.push(points.values.buffer);
    return { reply: { id: request.id, ok: true, points }, transfer };
  } catch (error) {
    const reply: DecodeReply = {
      id: request.id,
      ok: false,
      name: error instanceof Error ? error.name : "Error",
      message: error instanceof Error ? error.message : String(error),
      excerpt: error instanceof DecodeError ? error.excerpt : "",
    };
    return { reply, transfer: [] };
  }
}

/** The error a failed reply stands for on the page's side: a DecodeError when the body was unreadable. */
export function errorOfReply(reply: Extract<DecodeReply, { ok: false }>): Error {
  if (reply.name === "DecodeError") return new DecodeError(reply.message, reply.excerpt);
  const error = new Error(reply.message);
  error.name = reply.name;
  return error;
}
