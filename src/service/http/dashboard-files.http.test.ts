// The dashboard's files through the running service, read as raw HTTP (node:http decodes nothing for us):
// each in the coding the client prefers of those the build stored (q-values, identity, `*;q=0`), with
// Vary, its type and length; hashed files kept a year, the page revalidated every time with a strong ETag
// and a 304; every page address answered with its page's description and its chunks' preload links, taken
// from the build's manifest. The build is a small one made here, laid out as Vite and vite.config.ts lay
// out dist/app (the real one is checked in Chromium by e2e/first-load.spec.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../testing/test-service.ts";

const dir = mkdtempSync(join(tmpdir(), "dashboard-build-"));

/** Text that compresses well, as a built chunk does. */
const chunk = (name: string) => `export const ${name} = ${JSON.stringify("x".repeat(4000))};\n`.repeat(3);

const FILES: Record<string, string> = {
  "index.html": `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Crowd Market Data</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-Ef56Gh78.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Ij90Kl12.css">
    <meta name="description" content="The coin list.">
  </head>
  <body>
    <div id="root"><main><h1 data-shell="heading">Coins</h1><p class="muted page-lede" data-shell="lede">The coin list.</p></main></div>
  </body>
</html>
`,
  "assets/index-Ab12Cd34.js": chunk("entry"),
  "assets/shared-Ef56Gh78.js": chunk("shared"),
  "assets/index-Ij90Kl12.css": `.app { color: red; }\n`.repeat(200),
  "assets/chart-page-Mn34Op56.js": chunk("chartPage"),
  "assets/chart-library-Qr78St90.js": chunk("chartLibrary"),
  "assets/chart-page-Uv12Wx34.css": `.chart { color: blue; }\n`.repeat(200),
  "assets/symbol-page-Yz56Ab78.js": chunk("symbolPage"),
  "favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg"/>`,
  ".vite/manifest.json": JSON.stringify({
    "index.html": {
      file: "assets/index-Ab12Cd34.js",
      isEntry: true,
      imports: ["_shared-Ef56Gh78.js"],
      dynamicImports: ["pages/chart-page.tsx", "pages/symbol-page.tsx"],
      css: ["assets/index-Ij90Kl12.css"],
    },
    "_shared-Ef56Gh78.js": { file: "assets/shared-Ef56Gh78.js" },
    "_chart-library-Qr78St90.js": {
      file: "assets/chart-library-Qr78St90.js",
      imports: ["_shared-Ef56Gh78.js"],
    },
    "pages/chart-page.tsx": {
      file: "assets/chart-page-Mn34Op56.js",
      isDynamicEntry: true,
      imports: ["_shared-Ef56Gh78.js", "index.html", "_chart-library-Qr78St90.js"],
      css: ["assets/chart-page-Uv12Wx34.css"],
    },
    "pages/symbol-page.tsx": {
      file: "assets/symbol-page-Yz56Ab78.js",
      isDynamicEntry: true,
      imports: ["_shared-Ef56Gh78.js", "index.html"],
    },
  }),
  ".vite/pages.json": JSON.stringify([
    { path: "/", description: "The coin list.", heading: "Coins" },
    { path: "/symbol/:symbol", module: "pages/symbol-page.tsx", description: "A coin.", heading: ":symbol" },
    {
      path: "/chart/:symbol",
      module: "pages/chart-page.tsx",
      description: "A coin's chart.",
      heading: ":symbol chart",
    },
    { path: "/rates", description: "Rates & <fixings>.", heading: "Interest rates" },
  ]),
};

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET as a browser sends it, answered as the bytes on the wire. */
function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, service.url);
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (data: Buffer) => chunks.push(data));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(answer: RawAnswer): string {
  const coding = answer.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(answer.body).toString();
  if (coding === "gzip") return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

/** The codings the "build" stored, by path and coding: sent as they are, never compressed again. */
const STORED = new Map<string, Buffer>();

const HTML = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };
const CHROME = "gzip, deflate, br, zstd";

let service: TestService;
beforeAll(async () => {
  for (const [name, text] of Object.entries(FILES)) {
    const file = join(dir, name);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    // As the build does: both codings beside every text file but index.html and Vite's own directory.
    if (name.startsWith("assets/") && text.length > 1000) {
      STORED.set(`/${name}:br`, brotliCompressSync(text));
      STORED.set(`/${name}:gzip`, gzipSync(text, { level: 1 }));
      writeFileSync(`${file}.br`, STORED.get(`/${name}:br`) as Buffer);
      writeFileSync(`${file}.gz`, STORED.get(`/${name}:gzip`) as Buffer);
    }
  }
  service = await startTestService(["--dashboard-dir", dir]);
});

afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the dashboard's files", () => {
  const entry = "/assets/index-Ab12Cd34.js";

  it.each([
    [CHROME, "br"],
    ["br, gzip", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip, *;q=0", "gzip"],
    ["*", "br"],
    ["identity", undefined],
    ["br;q=0, gzip;q=0", undefined],
    ["*;q=0", undefined],
    ["", undefined],
  ])("Accept-Encoding %j gets %s", async (acceptEncoding, coding) => {
    const answer = await get(entry, acceptEncoding === "" ? {} : { "Accept-Encoding": acceptEncoding });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe(coding);
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers.vary).toContain("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(decoded(answer)).toBe(FILES["assets/index-Ab12Cd34.js"]);
    if (coding !== undefined)
      expect(answer.body.equals(STORED.get(`${entry}:${coding}`) as Buffer)).toBe(true);
  });

  it("keeps hashed files a year, unasked, with a validator per coding", async () => {
    const br = await get(entry, { "Accept-Encoding": "br" });
    const gzip = await get(entry, { "Accept-Encoding": "gzip" });
    const plain = await get(entry);
    for (const answer of [br, gzip, plain])
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const tags = [br, gzip, plain].map((answer) => answer.headers.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    const css = await get("/assets/index-Ij90Kl12.css", { "Accept-Encoding": CHROME });
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keeps a file of public/ a day, with a validator, as it is when no coding was stored", async () => {
    const icon = await get("/favicon.svg", { "Accept-Encoding": CHROME });
    expect(icon.status).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(icon.headers["cache-control"]).toBe("public, max-age=86400");
    expect(icon.headers["content-encoding"]).toBeUndefined();
    expect(icon.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await get("/favicon.svg", { "If-None-Match": icon.headers.etag as string });
    expect(again.status).toBe(304);
  });

  it("sends nothing of the build's own directory, the stored codings or outside the directory", async () => {
    for (const path of [
      "/.vite/manifest.json",
      "/assets/index-Ab12Cd34.js.br",
      "/assets/%2e%2e/%2e%2e/etc/passwd",
      "/assets/missing-00000000.js",
    ]) {
      const answer = await get(path, { "Accept-Encoding": CHROME });
      expect(answer.status, path).toBe(404);
    }
  });
});

describe("the page, index.html", () => {
  it("is revalidated every time, with a strong ETag and a 304 for the copy held", async () => {
    const first = await get("/", { ...HTML, "Accept-Encoding": CHROME });
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.vary).toContain("Accept-Encoding");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const held = await get("/", { ...HTML, "Accept-Encoding": CHROME, "If-None-Match": etag });
    expect(held.status).toBe(304);
    expect(held.body.length).toBe(0);
    expect(held.headers.etag).toBe(etag);
    expect(held.headers["cache-control"]).toBe("no-cache");
    const changed = await get("/", { ...HTML, "Accept-Encoding": CHROME, "If-None-Match": '"another"' });
    expect(changed.status).toBe(200);
  });

  it("answers every page address with that page's description and its chunks' preload links", async () => {
    const page = async (path: string) => decoded(await get(path, { ...HTML, "Accept-Encoding": CHROME }));
    const chart = await page("/chart/BTC");
    const head = chart.slice(0, chart.indexOf("</head>"));
    expect(head).toContain('<meta name="description" content="A coin\'s chart.">');
    expect(head).not.toContain("The coin list.");
    // The page's chunk and what it imports, not what the entry brings already; its stylesheet preloaded.
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chart-page-Mn34Op56.js">',
    );
    expect(head).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/chart-library-Qr78St90.js">',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/chart-page-Uv12Wx34.css">',
    );
    expect(head.match(/shared-Ef56Gh78\.js/g)).toHaveLength(1);
    expect(head.match(/index-Ab12Cd34\.js/g)).toHaveLength(1);

    const symbol = await page("/symbol/ETH/");
    expect(symbol).toContain('<meta name="description" content="A coin.">');
    expect(symbol).toContain('href="/assets/symbol-page-Yz56Ab78.js"');
    expect(symbol).not.toContain("chart-page");

    // A page in the entry (the coin list) and one without a module get their description only.
    const coins = await page("/?q=eth");
    expect(coins).toContain('<meta name="description" content="The coin list.">');
    expect(coins).not.toContain("chart-page");
    expect(coins).not.toContain("symbol-page");
    expect(await page("/rates")).toContain('content="Rates &amp; &lt;fixings&gt;."');

    // An address no page answers: index.html as built (the dashboard shows its not-found page).
    const unknown = await page("/no/such/page");
    expect(unknown).toBe(FILES["index.html"]);

    // Each page has its own validator.
    const tags = await Promise.all(
      ["/", "/chart/BTC", "/symbol/BTC"].map(async (path) => (await get(path, HTML)).headers.etag),
    );
    expect(new Set(tags).size).toBe(3);
  });

  it("shows each page's heading and lede in the HTML shell, the address's symbol escaped", async () => {
    const page = async (path: string) => decoded(await get(path, { ...HTML, "Accept-Encoding": CHROME }));
    const shell = (html: string) => html.slice(html.indexOf("<main>"), html.indexOf("</main>"));
    expect(shell(await page("/"))).toContain('<h1 data-shell="heading">Coins</h1>');
    const rates = shell(await page("/rates"));
    expect(rates).toContain('<h1 data-shell="heading">Interest rates</h1>');
    expect(rates).toContain('data-shell="lede">Rates &amp; &lt;fixings&gt;.</p>');
    expect(shell(await page("/chart/BTC"))).toContain('<h1 data-shell="heading">BTC chart</h1>');
    // Each address its own heading: a page made from the address is not kept as the page's.
    expect(shell(await page("/symbol/ETH"))).toContain('<h1 data-shell="heading">ETH</h1>');
    const hostile = shell(await page("/symbol/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"));
    expect(hostile).toContain('<h1 data-shell="heading">&lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(hostile).not.toContain("<img");
    expect(shell(await page("/symbol/BTC"))).toContain('<h1 data-shell="heading">BTC</h1>');
  });

  it("leaves the API's answers and requests that do not ask for a page alone", async () => {
    const missing = await get("/symbol/BTC", { Accept: "application/json" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toContain("application/json");
    const coins = await get("/v1/coins", { ...HTML, "Accept-Encoding": CHROME });
    expect(coins.headers["content-type"]).toContain("application/json");
  });

  it("negotiates: a client accepting anything gets the page at a page address, a 404 elsewhere", async () => {
    const accepts: Record<string, string>[] = [{ Accept: "*/*" }, { Accept: "text/*" }, {}];
    for (const accept of accepts) {
      for (const path of ["/", "/symbol/BTC", "/rates"]) {
        const page = await get(path, accept);
        expect(page.status, `${path} ${JSON.stringify(accept)}`).toBe(200);
        expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      }
      const none = await get("/no-such-page", accept);
      expect(none.status).toBe(404);
      expect(JSON.parse(none.body.toString()).errorcode).toBe(404);
    }
    // A browser names text/html: the dashboard answers any address and shows its own not-found page.
    expect((await get("/no-such-page", HTML)).status).toBe(200);
    expect((await get("/", { Accept: "application/json, text/html;q=0" })).status).toBe(404);
  });
});
