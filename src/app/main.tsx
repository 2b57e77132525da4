// The dashboard's entry. Until the dashboard lands (the next issue) this is a placeholder page that
// points at the running service's API.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PlaceholderPage } from "./placeholder-page.tsx";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <PlaceholderPage />
    </StrictMode>,
  );
}
