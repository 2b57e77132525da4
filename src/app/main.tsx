// The dashboard's entry. The persisted cache's read starts before React renders: queries wait for the
// restore, and opening IndexedDB cold takes about as long as the first render, so both run at once.
import "./zod-without-eval.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { persistOptions } from "./queries/query-client.ts";
import "./styles.css";

const persist = persistOptions();
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App persist={persist} />
    </StrictMode>,
  );
}
