// A page's lede, in the words of the page table, which the HTML shell also shows before the scripts run,
// so React's first render replaces it without changing it.
import { PAGE_ADDRESSES, type PageName } from "../page-addresses.ts";

export function PageLede({ page }: { page: PageName }) {
  return <p className="muted page-lede">{PAGE_ADDRESSES[page].description}</p>;
}
