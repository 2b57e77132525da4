// The dashboard as bench:live serves it: the app's own build (vite.config.ts, the same plugins, chunks and
// compression) with one probe added, into .bench/live-app (gitignored). The probe is a call at the top of
// lightweight-charts' `ISeriesApi.update` (the call the chart's forming candle makes, CandleBars.form):
// `globalThis.__liveBenchSeriesUpdate?.(seriesType, bar)`, which the page's watcher (bench/live-page.ts)
// defines. No file of the product is changed; the build fails if the library's method is not found once.
import { fileURLToPath } from "node:url";
import { mergeConfig, type Plugin } from "vite";
import app from "../../vite.config.ts";

/** Where live.bench.ts has the service serve it from (DASHBOARD_DIR). */
const LIVE_APP_DIR = fileURLToPath(new URL("../../.bench/live-app", import.meta.url));

/** `update(bar, historicalUpdate = false) {` of the series API, as the library's minified build spells it. */
const SERIES_UPDATE = /\bupdate\((\w+),(\w+)=!1\)\{/g;

function seriesUpdateProbe(): Plugin {
  let probed = 0;
  return {
    name: "bench-live-series-update-probe",
    transform(code, id) {
      if (!/[\\/]lightweight-charts[\\/]dist[\\/]lightweight-charts\.[\w.]+\.mjs$/.test(id)) return null;
      const found = [...code.matchAll(SERIES_UPDATE)].length;
      if (found !== 1) {
        throw new Error(`bench:live: ${found} series update methods in ${id}; expected one (a new version?)`);
      }
      probed += 1;
      return {
        code: code.replace(
          SERIES_UPDATE,
          (method, bar: string) => `${method}globalThis.__liveBenchSeriesUpdate?.(this.seriesType(),${bar});`,
        ),
        map: null,
      };
    },
    buildEnd() {
      if (probed !== 1)
        this.error(`bench:live: lightweight-charts was probed ${probed} times; expected once`);
    },
  };
}

export default mergeConfig(app, {
  plugins: [seriesUpdateProbe()],
  build: { outDir: LIVE_APP_DIR, emptyOutDir: true },
});
