import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dashboard is built into dist/app; the service serves it at / (see src/service/http/static.ts).
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist/app", emptyOutDir: true, sourcemap: true },
  server: { proxy: { "/v1": "http://localhost:8080" } },
});
