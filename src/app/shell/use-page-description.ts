// The meta description follows the page shown. The service writes the first page's into the HTML it
// answers; moving between pages in the tab changes it here, for whatever reads the document later (a
// crawler that runs scripts, a share sheet).
import { useEffect } from "react";
import { useLocation } from "react-router";
import { PAGE_ADDRESSES } from "../page-addresses.ts";
import { pageAt } from "../page-at.ts";

export function usePageDescription(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = document.querySelector('meta[name="description"]');
    if (meta) meta.setAttribute("content", PAGE_ADDRESSES[pageAt(pathname) ?? "coins"].description);
  }, [pathname]);
}
