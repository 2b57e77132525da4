// The dashboard's entry. Two things shorten the way to the first data:
// - the persisted cache's read starts before React renders: queries wait for the restore, and opening
//   IndexedDB cold takes as long as the first render, so both run at once;
// - the first render is synchronous (flushSync), which makes React run its effects, where queries start
//   their requests, before the browser lays out and paints the first frame rather than after: the
//   request is on the network while the page is painted.
import { StrictMode } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { persistOptions } from "./queries/query-client.ts";
import "./styles.css";

const persist = persistOptions();
const element = document.getElementById("root");
if (element) {
  const root = createRoot(element);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App persist={persist} />
      </StrictMode>,
    ),
  );
}
