// The app's first render, the last part of the entry (main.tsx). The page's own code first (routes.tsx):
// until it is here the HTML shell stays on screen. Then the first render as a transition: React yields to
// the browser every few milliseconds instead of holding the main thread for the whole tree (a phone's long
// task, Lighthouse's total blocking time).
import { StrictMode, startTransition } from "react";
import type { Root } from "react-dom/client";
import { App } from "./app.tsx";
import type { PersistOptions } from "./queries/persisted-query-client-provider.tsx";
import { preloadPageAt } from "./routes.tsx";

export async function renderApp(root: Root, persist: PersistOptions): Promise<void> {
  await preloadPageAt(location.pathname);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App persist={persist} />
      </StrictMode>,
    );
  });
}
