// The dashboard's entry. The persisted cache's read starts before React renders: queries wait for the
// restore, and opening IndexedDB cold takes about as long as the first render, so both run at once.
import "./zod-without-eval.ts";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { persistOptions } from "./queries/query-client.ts";
import { preloadPageAt } from "./routes.tsx";
import { trackShellFocus } from "./shell/shell-focus.ts";
import "./styles.css";

const persist = persistOptions();
const root = document.getElementById("root");
if (root) {
  // The page's own code first (routes.tsx): until it is here the HTML shell stays on screen. Then the
  // first render as a transition: React yields to the browser every few milliseconds instead of holding
  // the main thread for the whole tree (a phone's long task, Lighthouse's total blocking time).
  trackShellFocus(root);
  const reactRoot = createRoot(root);
  void preloadPageAt(location.pathname).then(() => {
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App persist={persist} />
        </StrictMode>,
      );
    });
  });
}
