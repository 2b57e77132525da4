// A page's lede: what the page is for, in the words of the page table, under its heading. The HTML shell
// shows the same words before the scripts run (static-shell.ts), so the first thing a phone paints on a
// slow network is already the page, and React's first render replaces it without changing it.
import { PAGE_ADDRESSES, type PageName } from "../page-addresses.ts";

export function PageLede({ page }: { page: PageName }) {
  return <p className="muted page-lede">{PAGE_ADDRESSES[page].description}</p>;
}
