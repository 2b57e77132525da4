// The app's first render, the last part of the entry (main.tsx). The persisted cache's read starts first:
// queries wait for the restore, and opening IndexedDB cold takes about as long as the first render, so both
// run at once. Then the page's own code (routes.tsx): until it is here the HTML shell stays on screen. Then
// the first render as a transition: React yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree (a phone's long task, Lighthouse's total blocking time).
import { StrictMode, startTransition } from "react";
import type { Root } from "react-dom/client";
import { App } from "./app.tsx";
import { persistOptions } from "./queries/query-client.ts";
import { preloadPageAt } from "./routes.tsx";

export async function renderApp(root: Root): Promise<void> {
  const persist = persistOptions();
  await preloadPageAt(location.pathname);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App persist={persist} />
      </StrictMode>,
    );
  });
}
