// Responses to GET requests, cached until an invalidation (new block, supply post, fixing), so they are
// never stale. Each is kept with its entity tag and, once asked for, its body in each content coding:
// compressed once, however many clients get it. The pipeline's cache step serves them before the router.
import { PassThrough, type Readable } from "node:stream";
import type { Lifetime } from "../../interface/endpoints.ts";
import {
  COMPRESS_NOW_BYTES,
  type Coding,
  compress,
  compressingStream,
  compressNow,
  MIN_COMPRESSED_BYTES,
  STREAM_FROM_BYTES,
} from "./encoding.ts";
import { entityTag, etagHeader } from "./validators.ts";

/** Bytes cached at most, all codings counted; beyond it new responses are not cached until the next clear. */
const MAX_BYTES = 64 * 1024 * 1024;

type Compressed = Exclude<Coding, "identity">;

/** One response's body, its tag and lifetime, and its compressed copies. */
export class CachedResponse {
  readonly tag: string;
  private readonly coded = new Map<Compressed, Buffer | Promise<Buffer>>();

  /** The ETag header's value in each coding, made once rather than per response. */
  private readonly etags: Record<Coding, string>;

  constructor(
    readonly body: Buffer,
    readonly lifetime: Lifetime,
    private readonly onKept: (bytes: number) => void = () => undefined,
  ) {
    this.tag = entityTag(body);
    this.etags = {
      identity: etagHeader(this.tag, "identity"),
      br: etagHeader(this.tag, "br"),
      gzip: etagHeader(this.tag, "gzip"),
    };
  }

  /** The ETag of this response in a coding. */
  etag(coding: Coding): string {
    return this.etags[coding];
  }

  /** The coding this response travels in for a client that prefers `coding`: small bodies go as they are. */
  codingFor(preferred: Coding): Coding {
    return this.body.length < MIN_COMPRESSED_BYTES ? "identity" : preferred;
  }

  /**
   * The body in a coding (from codingFor): a kept copy, else compressed at once (small), in zlib's pool
   * (middling) or as a stream (large); each copy is kept when done, and a second client waits for it.
   */
  take(coding: Coding): Buffer | Promise<Buffer> | Readable {
    if (coding === "identity") return this.body;
    const kept = this.coded.get(coding);
    if (kept !== undefined) return kept;
    if (this.body.length <= COMPRESS_NOW_BYTES) return this.keep(coding, compressNow(this.body, coding));
    if (this.body.length < STREAM_FROM_BYTES) {
      const pending = compress(this.body, coding).then((done) => this.keep(coding, done));
      this.coded.set(coding, pending);
      return pending;
    }
    const compressor = compressingStream(this.body, coding);
    const chunks: Buffer[] = [];
    const pending = new Promise<Buffer>((resolve, reject) => {
      compressor.on("data", (chunk: Buffer) => chunks.push(chunk));
      compressor.on("end", () => resolve(this.keep(coding, Buffer.concat(chunks))));
      compressor.on("error", (error) => {
        this.coded.delete(coding);
        reject(error);
      });
    });
    // Whoever waits for it handles a failure; nobody else must see it as unhandled.
    pending.catch(() => undefined);
    this.coded.set(coding, pending);
    // The client reads its own stream: one that goes away (or reads slowly, then leaves) neither cuts the
    // compression short nor leaves it paused, so the copy is still kept for those waiting and after.
    const consumer = new PassThrough();
    compressor.pipe(consumer);
    consumer.once("close", () => {
      compressor.unpipe(consumer);
      compressor.resume();
    });
    return consumer;
  }

  /** The body in a coding if it is at hand now (a HEAD is told its length then, and nothing is compressed for it). */
  kept(coding: Coding): Buffer | undefined {
    if (coding === "identity") return this.body;
    const kept = this.coded.get(coding);
    return kept instanceof Buffer ? kept : undefined;
  }

  private keep(coding: Compressed, body: Buffer): Buffer {
    this.coded.set(coding, body);
    this.onKept(body.length);
    return body;
  }
}

/**
 * A plain map with a byte budget rather than an LRU: it is emptied at every block (two minutes at most),
 * and its lookup sits on the hottest path of the service.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  get(pathAndQuery: string): CachedResponse | undefined {
    return this.entries.get(pathAndQuery);
  }

  /**
   * Counts the clears: a response computed while the store changed under it (its reads are asynchronous)
   * is put with the generation it started in, and dropped if a clear came in between.
   */
  generation = 0;

  /** Caches a response when it may, and returns it either way (its request is served from it). */
  put(pathAndQuery: string, body: string, lifetime: Lifetime, generation = this.generation): CachedResponse {
    const buffer = Buffer.from(body);
    const existing = this.entries.get(pathAndQuery);
    if (existing?.body.equals(buffer)) return existing;
    const kept = generation === this.generation && this.bytes + buffer.length <= MAX_BYTES;
    const cleared = this.generation;
    const response = new CachedResponse(buffer, lifetime, (bytes) => {
      if (kept && this.generation === cleared) this.bytes += bytes;
    });
    if (kept && existing === undefined) {
      this.entries.set(pathAndQuery, response);
      this.bytes += buffer.length;
    }
    return response;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }
}
