// Reading a large response body as it arrives, with progress told after every chunk.

/** Told once when the headers are in (received 0) and after every chunk. total: null when unknown. */
export type ProgressListener = (received: number, total: number | null) => void;

/** Room reserved up front at most, whatever Content-Length claims; the buffer grows past it if need be. */
const MAX_PREALLOCATED = 64 * 1024 * 1024;
const INITIAL_UNKNOWN = 64 * 1024;

/** The body's declared length: X-Decoded-Length (our service, when compressed), else Content-Length. */
export function declaredLength(response: Response): number | null {
  const header = response.headers.get("X-Decoded-Length") ?? response.headers.get("Content-Length");
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  const length = Number(header.trim());
  return Number.isSafeInteger(length) ? length : null;
}

/**
 * The whole body as bytes, `onProgress` told of each chunk; rejects as soon as the signal aborts. A body
 * longer than declared (Content-Length of a compressed response) is reported with total null from then on.
 */
export async function readBody(
  response: Response,
  signal: AbortSignal,
  onProgress?: ProgressListener,
): Promise<ArrayBuffer> {
  if (signal.aborted) throw signal.reason;
  const declared = declaredLength(response);
  onProgress?.(0, declared);
  const stream = response.body;
  if (stream === null) return new ArrayBuffer(0);
  const reader = stream.getReader();
  const onAbort = () => {
    reader.cancel(signal.reason).catch(() => {});
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const bytes = new ByteCollector(declared);
    for (;;) {
      const { done, value } = await reader.read();
      if (signal.aborted) throw signal.reason;
      if (done) break;
      bytes.push(value);
      const received = bytes.length;
      onProgress?.(received, declared !== null && received <= declared ? declared : null);
    }
    return bytes.finish();
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

/** Chunks into one buffer: sized by the declared length when there is one, doubling when it overflows. */
class ByteCollector {
  private buffer: Uint8Array<ArrayBuffer>;
  length = 0;

  constructor(declared: number | null) {
    this.buffer = new Uint8Array(declared === null ? INITIAL_UNKNOWN : Math.min(declared, MAX_PREALLOCATED));
  }

  push(chunk: Uint8Array): void {
    const needed = this.length + chunk.byteLength;
    if (needed > this.buffer.byteLength) {
      const grown = new Uint8Array(Math.max(needed, this.buffer.byteLength * 2, INITIAL_UNKNOWN));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length = needed;
  }

  finish(): ArrayBuffer {
    const { buffer } = this.buffer;
    return this.length === buffer.byteLength ? buffer : buffer.slice(0, this.length);
  }
}
