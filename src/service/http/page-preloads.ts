// What the head of index.html says for each of the dashboard's page addresses: the page's description and
// preload links for the chunks and stylesheets its module needs beyond the entry's, sparing a page reached
// directly a serial round-trip on first load. Both come from the build (Vite's manifest and the page table
// vite.config.ts writes); nothing here names a built file.
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/** One record of Vite's build manifest (only the fields read here). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** One page of the dashboard's page table. */
interface DashboardPage {
  /** A react-router pattern: literal segments and `:name` segments. */
  path: string;
  /** The page's module, a key of the manifest; none for a page in the entry. */
  module?: string;
  description: string;
  /** The heading the HTML shell shows; `:name` segments of the path are put in from the address. */
  heading?: string;
}

/** What a page's HTML gets: its description and the preload links to add, its shell's heading. */
export interface PageHead {
  /** Which page (its address pattern), or "" for an address no page matches. */
  page: string;
  description: string | null;
  /** The shell's heading, with the address's parameters in it; null to leave the built one. */
  heading: string | null;
  /** Whether the heading holds a part of the address (then the HTML differs from one address to another). */
  fromAddress: boolean;
  links: string[];
}

/** The longest parameter put into a heading: a coin's symbol is a few characters. */
const MAX_PARAMETER_LENGTH = 40;

export class PagePreloads {
  private constructor(
    private readonly pages: readonly { page: DashboardPage; pattern: RegExp; links: string[] }[],
  ) {}

  /** The build's page table and manifest in `dashboardDir`; none (no page gets anything) when absent. */
  static async read(dashboardDir: string): Promise<PagePreloads> {
    const [manifest, pages, indexHtml] = await Promise.all([
      readJson<Record<string, ManifestChunk>>(join(dashboardDir, ".vite", "manifest.json")),
      readJson<DashboardPage[]>(join(dashboardDir, ".vite", "pages.json")),
      readFile(join(dashboardDir, "index.html"), "utf8").catch(() => ""),
    ]);
    if (!manifest || !pages) return new PagePreloads([]);
    // What index.html loads or preloads already (the entry, the parts it imports one per task, its
    // stylesheet): a page's links are the rest of what it needs.
    const inIndex = filesReferencedBy(indexHtml);
    return new PagePreloads(
      pages.map((page) => ({
        page,
        pattern: patternOf(page.path),
        links:
          page.module === undefined
            ? []
            : filesOf(manifest, page.module)
                .filter((file) => !inIndex.has(file))
                .map(linkTo),
      })),
    );
  }

  /** The head for a page address (`pathname` as the request has it). */
  headOf(pathname: string): PageHead {
    let path: string;
    try {
      path = decodeURIComponent(pathname);
    } catch {
      path = pathname;
    }
    const found = this.pages.find((entry) => entry.pattern.test(path));
    if (!found) return { page: "", description: null, heading: null, fromAddress: false, links: [] };
    const { heading, fromAddress } = headingOf(found.page, path);
    return {
      page: found.page.path,
      description: found.page.description,
      heading,
      fromAddress,
      links: found.links,
    };
  }
}

/**
 * The page's heading for `path`: the table's, with each `:name` segment replaced by that segment of the
 * address (as typed: the page itself says when a symbol is in the wrong case), cut to a sane length.
 */
function headingOf(page: DashboardPage, path: string): { heading: string | null; fromAddress: boolean } {
  if (page.heading === undefined) return { heading: null, fromAddress: false };
  const names = page.path.split("/").filter((segment) => segment !== "");
  const values = path.split("/").filter((segment) => segment !== "");
  let fromAddress = false;
  const heading = page.heading.replace(/:([A-Za-z]+)/g, (whole, name: string) => {
    const at = names.indexOf(`:${name}`);
    if (at < 0 || values[at] === undefined) return whole;
    fromAddress = true;
    return values[at].slice(0, MAX_PARAMETER_LENGTH);
  });
  return { heading, fromAddress };
}

/**
 * index.html with a page's head: its description instead of the built one, its links before </head>, and
 * the page's own heading and lede in the HTML shell (the elements marked data-shell, written by the build).
 */
export function withPageHead(indexHtml: string, head: PageHead): string {
  let html = indexHtml;
  if (head.heading !== null) {
    const heading = escapeText(head.heading);
    html = html.replace(
      /(<h1 data-shell="heading">)[^<]*(<\/h1>)/,
      (_whole, open, close) => `${open}${heading}${close}`,
    );
  }
  if (head.description !== null) {
    const lede = escapeText(head.description);
    html = html.replace(
      /(<p [^>]*data-shell="lede">)[^<]*(<\/p>)/,
      (_whole, open, close) => `${open}${lede}${close}`,
    );
  }
  if (head.description !== null) {
    const meta = `<meta name="description" content="${escapeText(head.description)}">`;
    html = /<meta name="description"[^>]*>/.test(html)
      ? html.replace(/<meta name="description"[^>]*>/, () => meta)
      : html.replace("</head>", () => `  ${meta}\n  </head>`);
  }
  if (head.links.length > 0)
    html = html.replace("</head>", () => `${head.links.map((link) => `  ${link}\n  `).join("")}</head>`);
  return html;
}

/** The built files an HTML document names in a `src` or an `href` ("assets/index-Ab12.js"). */
function filesReferencedBy(html: string): Set<string> {
  return new Set([...html.matchAll(/\b(?:src|href)="\/([^"]+)"/g)].map((match) => match[1] as string));
}

/** The built files a manifest key needs: its chunk, then those of its imports, recursively; then styles. */
function filesOf(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || seen.has(at)) return;
    seen.add(at);
    scripts.push(chunk.file);
    for (const style of chunk.css ?? []) if (!styles.includes(style)) styles.push(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return [...scripts, ...styles];
}

/**
 * The link that fetches a built file at once: a module preload for a chunk, a preload for a stylesheet (not
 * the stylesheet itself, which would hold the shell's first paint). `crossorigin` as Vite's own links, or
 * it would be fetched twice; low priority, since the first paint is the HTML shell, which needs none of it.
 */
function linkTo(file: string): string {
  return file.endsWith(".css")
    ? `<link rel="preload" as="style" crossorigin href="/${file}">`
    : `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`;
}

/** A react-router pattern (`/symbol/:symbol`) as a regular expression; a trailing slash is allowed. */
function patternOf(path: string): RegExp {
  const segments = path
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)));
  return new RegExp(`^/${segments.join("/")}/?$`, "i");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Text for an element's content or an attribute's value: nothing in it can open or close markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A JSON file's value, or null when it is missing or not JSON (a build without a manifest). */
async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as T;
  } catch {
    return null;
  }
}
