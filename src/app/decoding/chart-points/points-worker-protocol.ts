// The chart points worker's protocol: the request the page posts (an answer's body, text or bytes), the
// reply it gets (typed arrays, or the reason the body could not be read), and the pure handler the worker
// runs on each request, which the tests call too. The arrays' buffers are listed for transfer, so they
// cross threads without a copy.

import { DecodeError } from "../wire-value.ts";
import { decodePointsBody } from "./decode-points-body.ts";
import type { ChartPoints } from "./point-series.ts";

export interface DecodeRequest {
  id: number;
  /** The answer's body: bytes (UTF-8, transferred to the worker) or text. */
  body: string | ArrayBuffer;
}

export type DecodeReply =
  | { id: number; ok: true; points: ChartPoints }
  | { id: number; ok: false; name: string; message: string; excerpt: string };

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
