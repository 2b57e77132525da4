// The built dashboard's files as the service sends them: each with its content codings (the .br and .gz the
// build wrote beside it), its type, a strong validator and how long a cache may keep it. Read from disk on
// first use and kept while the file is unchanged (checked by its size and time on every request), so a
// rebuild while the service runs is picked up.
import { readFile, stat } from "node:fs/promises";
import { join, normalize, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { getMimeType } from "hono/utils/mime";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { type Coding, isCompressible, MIN_COMPRESSED_BYTES } from "./encoding.ts";
import { PagePreloads, withPageHead } from "./page-preloads.ts";
import { entityTag } from "./validators.ts";

type ContentCoding = Exclude<Coding, "identity">;

/** One file, or index.html for one page address, ready to send. */
export interface Representation {
  type: string;
  /** The file as it is. */
  identity: Buffer;
  /** The codings it is stored in (only those smaller than the file). */
  coded: Partial<Record<ContentCoding, Buffer>>;
  /** The entity tag of the content: of the file as it is (validators.ts adds the coding per response). */
  tag: string;
  cacheControl: string;
}

/**
 * Hashed build output (Vite's assets directory: a changed file gets a new name) is kept by any cache for a
 * year, unasked. The page itself is asked again every time (a 304 when unchanged), so a new build is seen
 * at once, and so are the files in public/ (the icon) after a day: their names never change.
 */
export const CACHE_CONTROL = {
  hashed: "public, max-age=31536000, immutable",
  page: "no-cache",
  named: "public, max-age=86400",
} as const;

const HASHED_DIR = "/assets/";

const STORED_CODINGS: readonly [ContentCoding, string][] = [
  ["br", ".br"],
  ["gzip", ".gz"],
];

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Dashboard not built</title>
<p>The dashboard has not been built. Run <code>npm start</code> (it builds first) or <code>npm run build</code>.
The API is at <a href="${SERVICE_PATHS.docs}">${SERVICE_PATHS.docs}</a>.</p></html>`;

interface Kept {
  version: string;
  representation: Representation;
}

export interface FilesOptions {
  /**
   * Compress a file the build did not store compressed once, on its first request, and keep the copies
   * (a package's files, such as Swagger UI's script, would otherwise be compressed on every request).
   */
  compressUnstored?: boolean;
}

export class DashboardFiles {
  private readonly files = new Map<string, Kept>();
  private readonly pages = new Map<string, Kept>();
  private preloads: { version: string; preloads: Promise<PagePreloads> } | null = null;
  private readonly dir: string;

  constructor(
    dir: string,
    private readonly options: FilesOptions = {},
  ) {
    this.dir = resolve(dir);
  }

  /**
   * The file at a request path, or null when there is none: not a file, outside the directory, a dotted
   * name (Vite's .vite holds the manifest), a stored coding itself (`.br`, `.gz`), or index.html, which
   * is only sent as a page (see page()).
   */
  async file(requestPath: string): Promise<Representation | null> {
    const path = this.pathOf(requestPath);
    if (path === null || path === join(this.dir, "index.html") || /\.(br|gz)$/.test(path)) return null;
    const version = await versionOf(path);
    if (version === null) return null;
    const kept = this.files.get(path);
    if (kept?.version === version) return kept.representation;
    const identity = await readFile(path);
    const coded: Representation["coded"] = {};
    for (const [coding, suffix] of STORED_CODINGS) {
      const stored = await readFile(path + suffix).catch(() => null);
      if (stored !== null && stored.length < identity.length) coded[coding] = stored;
    }
    const type = getMimeType(path) ?? "application/octet-stream";
    if (
      this.options.compressUnstored &&
      Object.keys(coded).length === 0 &&
      isCompressible(type) &&
      identity.length >= MIN_COMPRESSED_BYTES
    ) {
      Object.assign(coded, await codingsOf(identity));
    }
    const representation: Representation = {
      type,
      identity,
      coded,
      tag: entityTag(identity),
      cacheControl: requestPath.startsWith(HASHED_DIR) ? CACHE_CONTROL.hashed : CACHE_CONTROL.named,
    };
    this.files.set(path, { version, representation });
    return representation;
  }

  /**
   * index.html as the response for a page address: with that page's description and preload links (see
   * page-preloads.ts), compressed once per page and kept until index.html changes. A page explaining how
   * to build the dashboard when it has not been built.
   */
  async page(requestPath: string): Promise<Representation> {
    const index = join(this.dir, "index.html");
    const version = await versionOf(index);
    if (version === null) return pageOf(Buffer.from(NOT_BUILT));
    const head = (await this.pagePreloads(version)).headOf(requestPath);
    // A page whose heading holds a part of the address (a coin's symbol) is made for each request: cached,
    // any address would be a new entry. It is small, so it is compressed at a cheap level.
    const kept = head.fromAddress ? undefined : this.pages.get(head.page);
    if (kept?.version === version) return kept.representation;
    const html = withPageHead(await readFile(index, "utf8"), head);
    const representation = await compressedPageOf(
      Buffer.from(html),
      head.fromAddress ? PER_REQUEST_BROTLI : constants.BROTLI_MAX_QUALITY,
    );
    if (!head.fromAddress) this.pages.set(head.page, { version, representation });
    return representation;
  }

  /** Whether the path is one of the dashboard's page addresses (the build's page table). */
  async isPageAddress(requestPath: string): Promise<boolean> {
    const version = await versionOf(join(this.dir, "index.html"));
    if (version === null) return requestPath === "/";
    return (await this.pagePreloads(version)).headOf(requestPath).page !== "";
  }

  private pagePreloads(version: string): Promise<PagePreloads> {
    if (this.preloads?.version !== version)
      this.preloads = { version, preloads: PagePreloads.read(this.dir) };
    return this.preloads.preloads;
  }

  /** The file a request path names inside the directory, or null for one it must not reach. */
  private pathOf(requestPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(requestPath);
    } catch {
      return null;
    }
    if (decoded.includes("\0") || decoded.includes("\\") || /(^|\/)\./.test(decoded)) return null;
    const path = normalize(join(this.dir, decoded));
    return path.startsWith(this.dir.endsWith(sep) ? this.dir : this.dir + sep) ? path : null;
  }
}

/** A file's version: its size and modification time; null when it is not a regular file. */
async function versionOf(path: string): Promise<string | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? `${info.size}:${info.mtimeMs}` : null;
}

function pageOf(identity: Buffer): Representation {
  return {
    type: "text/html; charset=utf-8",
    identity,
    coded: {},
    tag: entityTag(identity),
    cacheControl: CACHE_CONTROL.page,
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A file's codings made at run time, only those smaller than it. For a file kept once (compressUnstored):
 * brotli 5 and gzip 6 (brotli 11 would keep the first request waiting for seconds); for a page, the levels
 * compressedPageOf gives.
 */
async function codingsOf(identity: Buffer, brQuality = 5, gzipLevel = 6): Promise<Representation["coded"]> {
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brQuality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipped(identity, { level: gzipLevel }),
  ]);
  const coded: Representation["coded"] = {};
  if (br.length < identity.length) coded.br = br;
  if (gz.length < identity.length) coded.gzip = gz;
  return coded;
}

/** The brotli level of a page made for one request (see page()). */
const PER_REQUEST_BROTLI = 5;

/**
 * A page compressed: kept pages at the build's level (once per page and build: it is small), a page made
 * for one request at `quality`.
 */
async function compressedPageOf(identity: Buffer, quality: number): Promise<Representation> {
  const page = pageOf(identity);
  page.coded = await codingsOf(identity, quality, constants.Z_BEST_COMPRESSION);
  return page;
}
