// The meta description follows the page shown, for whatever reads the document later (a share sheet).
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
