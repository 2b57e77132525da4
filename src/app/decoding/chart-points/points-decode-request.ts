// What the chart points worker does with one message, as a pure function the worker imports and the tests
// call: the answer's body (text or bytes) through the dashboard's decoder to typed arrays, or the reason it
// could not be read. The arrays' buffers are listed for transfer, so they cross threads without a copy.

import { parseBody } from "../decode.ts";
import { DecodeError } from "../wire-value.ts";
import { decodePoints } from "./decode-points.ts";
import { scanPoints } from "./point-scan.ts";
import type { ChartPoints } from "./point-series.ts";

export interface DecodeRequest {
  id: number;
  /** The answer's body: bytes (UTF-8, transferred to the worker) or text. */
  body: string | ArrayBuffer;
}

export type DecodeReply =
  | { id: number; ok: true; points: ChartPoints }
  | { id: number; ok: false; name: string; message: string; excerpt: string };

/**
 * Either wire, in either text syntax, to points in ascending time, one per time, gaps left out: the usual
 * shapes through the scanner, anything else (and anything wrong, to name the problem) the general way.
 */
export function decodePointsBody(body: string | ArrayBuffer): ChartPoints {
  if (typeof body === "string") return scanPoints({ text: body }) ?? decodePoints(parseBody(body));
  const bytes = new Uint8Array(body);
  const text = new TextDecoder().decode(bytes);
  return scanPoints({ bytes, text }) ?? decodePoints(parseBody(text));
}

export function handleDecodeRequest(request: DecodeRequest): {
  reply: DecodeReply;
  transfer: Transferable[];
} {
  try {
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
