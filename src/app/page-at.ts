// Which of the dashboard's pages an address shows.
import { matchPath } from "react-router";
import { PAGE_ADDRESSES, type PageName } from "./page-addresses.ts";

/** The page drawn at `pathname`, or null for an address no page matches (the not-found page). */
export function pageAt(pathname: string): PageName | null {
  for (const [name, page] of Object.entries(PAGE_ADDRESSES)) {
    if (matchPath(page.path, pathname)) return name as PageName;
  }
  return null;
}
