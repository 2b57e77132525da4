// The chart benchmark's page (bench/charts.bench.ts drives it), built like the app (vite.config.ts) so the
// chart points worker is bundled exactly as the dashboard bundles it. Built into .bench/charts (gitignored).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: here,
  base: "./",
  build: { outDir: fileURLToPath(new URL("../../.bench/charts", import.meta.url)), emptyOutDir: true },
});
