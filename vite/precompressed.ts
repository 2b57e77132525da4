import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

/** Text the service sends as it is stored: scripts, styles, the SVG icon, JSON. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Every text file of the build also as .br and .gz beside it, at the strongest settings (brotli 11, gzip 9):
 * done once here, the service never compresses a dashboard file per request, and the build can afford the
 * time a request cannot (brotli 11 is some 15 % smaller than the 5 a live answer gets). A variant not
 * smaller than the file is not written, and the service then sends the file as it is. Left out: index.html
 * (the service writes each page's head into it, and compresses what it sends), source maps (only a
 * developer's tools fetch them, and they would double the build's time) and Vite's own .vite directory.
 * Node's zlib does the work; a plugin for it would add two dependencies for these few lines.
 */
export function precompressed(): Plugin {
  // The build's, once its configuration is resolved (before any bundle is closed).
  let outDir = "";
  return {
    name: "crowd:precompressed",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true }))
        .filter((file) => COMPRESSIBLE.test(file) && !file.startsWith(".vite"))
        .map((file) => join(outDir, file));
      await Promise.all(
        files.map(async (file) => {
          if (!(await stat(file)).isFile()) return;
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
