// Content codings: which one a response travels in (the client's Accept-Encoding, read by negotiator, the
// parser Express uses), and compressing a body into it. Chart responses "can be very large" (the
// interface's words), and compress to about a fifth.
import { Readable } from "node:stream";
import { promisify } from "node:util";
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from "node:zlib";
import Negotiator from "negotiator";

export type Coding = "br" | "gzip" | "identity";

/** Ours, best first: brotli is smaller than gzip at a like cost, and every current browser reads it. */
const OFFERED: Coding[] = ["br", "gzip", "identity"];

/**
 * Bodies under this travel as they are: below a kilobyte the coding's header and the CPU cost more than the
 * bytes saved (a quotation is about 300 bytes).
 */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Levels chosen on the service's own responses (bench:compression): higher ones are barely smaller for far
 * more time; only the build affords brotli 11.
 */
export const LEVELS = {
  whole: { br: 4, gzip: 6 },
  streamed: { br: 4, gzip: 6 },
} as const;

/** negotiator 1.x's encodings(), whose `preferred` (our order for equal q-values) @types/negotiator lacks. */
type Ranking = (available: string[], options: { preferred: string[] }) => string[];

/** Accept-Encoding values seen lately and their coding: browsers send the same few strings. */
const chosen = new Map<string, Coding>();
const MAX_REMEMBERED = 256;

/**
 * The coding to respond in: the client's most preferred of ours (ties go to our order), identity when it
 * accepts none of them or sends no Accept-Encoding (RFC 9110 §12.5.3: then any coding is acceptable, but a
 * client that says nothing is more likely an old tool than a browser).
 */
export function negotiateCoding(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined || acceptEncoding === "") return "identity";
  let coding = chosen.get(acceptEncoding);
  if (coding === undefined) {
    const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
    const ranked = (negotiator.encodings as Ranking).call(negotiator, OFFERED, { preferred: OFFERED });
    coding = (ranked.find((name) => OFFERED.includes(name as Coding)) as Coding | undefined) ?? "identity";
    if (chosen.size >= MAX_REMEMBERED) chosen.clear();
    chosen.set(acceptEncoding, coding);
  }
  return coding;
}

/** Whether a response of this type is text worth compressing (images and archives are compressed already). */
export function isCompressible(contentType: string | null | undefined): boolean {
  if (!contentType) return false;
  return /^(text\/|application\/(json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i.test(
    contentType,
  );
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function brotliOptions(body: Buffer, quality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** The body in a coding, off the event loop (zlib's thread pool). */
export function compress(body: Buffer, coding: Exclude<Coding, "identity">): Promise<Buffer> {
  return coding === "br"
    ? brotliAsync(body, brotliOptions(body, LEVELS.whole.br))
    : gzipAsync(body, { level: LEVELS.whole.gzip });
}

/**
 * The same on the calling thread, for bodies under COMPRESS_NOW_BYTES: there a hand-off to the pool and
 * back costs more than the work, and larger bodies would block the event loop too long.
 */
export function compressNow(body: Buffer, coding: Exclude<Coding, "identity">): Buffer {
  return coding === "br"
    ? brotliCompressSync(body, brotliOptions(body, LEVELS.whole.br))
    : gzipSync(body, { level: LEVELS.whole.gzip });
}

export const COMPRESS_NOW_BYTES = 16 * 1024;

/** Above this a computed response is sent as it is compressed, so the first bytes leave at once. */
export const STREAM_FROM_BYTES = 256 * 1024;

/** The body compressed as a stream of chunks (sent chunked: its length is known only at the end). */
export function compressingStream(body: Buffer, coding: Exclude<Coding, "identity">): Readable {
  const compressor =
    coding === "br"
      ? createBrotliCompress(brotliOptions(body, LEVELS.streamed.br))
      : createGzip({ level: LEVELS.streamed.gzip });
  // 64 KiB slices: the compressor emits output as each is taken, rather than after the whole body.
  const slices = (function* () {
    for (let at = 0; at < body.length; at += 65_536) yield body.subarray(at, at + 65_536);
  })();
  return Readable.from(slices).pipe(compressor);
}
