// The app's first render: the persisted cache's read starts first, so opening IndexedDB overlaps the
// render, and the render is a transition, so React yields to the browser rather than hold the main thread.
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
