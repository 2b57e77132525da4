// The dashboard's entry, evaluated a part per task (React, zod, the query library, the interface's
// schemas, then the app) rather than as one long task, so the browser can paint and take input between
// them. Every part is preloaded by the HTML, so none waits on the network for the one before.
import "./styles.css";
import { warmLocaleData } from "./format/warm-locale-data.ts";
import { trackShellFocus } from "./shell/shell-focus.ts";

/** The interface's modules by part, as vite.config.ts chunks them: each part after those it imports. */
const INTERFACE_PARTS = [
  () => import("../interface/resources.ts"),
  () => import("../interface/provenance.ts"),
  () => import("../interface/parameters.ts"),
  () => import("../interface/live-events.ts"),
  () => import("../interface/endpoints.ts"),
];

/** A macrotask boundary: what follows runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement): Promise<void> {
  // Each part is a chunk of the build (vite.config.ts): React and its router, zod, the query library, the
  // interface's schemas, the app.
  const { createRoot } = await import("react-dom/client");
  await nextTask();
  // zod's eval probe turned off before any schema is made (the chunk's first lines).
  await import("./zod-without-eval.ts");
  await nextTask();
  await import("@tanstack/react-query");
  await nextTask();
  // zod makes each schema as its module runs: all of the interface's in one task was the longest of the start.
  for (const part of INTERFACE_PARTS) {
    await part();
    await nextTask();
  }
  const { renderApp } = await import("./render-app.tsx");
  await renderApp(createRoot(root));
}

// First: its worker loads the number and date data off the main thread while the parts below evaluate.
warmLocaleData();

const root = document.getElementById("root");
if (root) {
  trackShellFocus(root);
  start(root).catch((error: unknown) => {
    // The shell stays: its links work without the app.
    console.error("the dashboard's code could not start", error);
  });
}
