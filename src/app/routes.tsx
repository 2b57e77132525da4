// The dashboard's pages. The coin list, the home page, is in the entry: loaded lazily it cost a serial
// round-trip (HTML → entry → its chunk → /v1/coins) and React's throttled reveal of a suspended page (up to
// 300 ms after the fallback showed). Every other page's module is loaded when first visited, so the coin
// list does not carry their code; each page sits in its own error boundary under the shared header. A page
// reached directly gets its chunks from the service's preload links (see page-addresses.ts).
//
// Declarative routes (<Routes>) rather than the data router: the pages fetch through React Query, not
// loaders, and the data router's code would add ~17 KB (gzip) to every first load.
import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { CoinsPage } from "./coins/coins-page.tsx";
import { SkeletonBlock } from "./components/skeleton.tsx";
import { PAGE_ADDRESSES, type PageName } from "./page-addresses.ts";
import { pageAt } from "./page-at.ts";
import { AppShell } from "./shell/app-shell.tsx";
import { NotFoundPage } from "./shell/not-found-page.tsx";
import { PageErrorBoundary } from "./shell/page-error-boundary.tsx";

// Each lazily loaded page's module, named literally so that the build makes it a chunk of its own.
const LAZY_PAGES = {
  symbol: preloadable(
    () => import("./symbol/symbol-page.tsx"),
    (module) => module.SymbolPage,
  ),
  chart: preloadable(
    () => import("./chart/chart-page.tsx"),
    (module) => module.ChartPage,
  ),
  rates: preloadable(
    () => import("./rates/rates-page.tsx"),
    (module) => module.RatesPage,
  ),
  supply: preloadable(
    () => import("./supply/supply-page.tsx"),
    (module) => module.SupplyPage,
  ),
  settings: preloadable(
    () => import("./settings/settings-page.tsx"),
    (module) => module.SettingsPage,
  ),
  admin: preloadable(
    () => import("./admin/admin-page.tsx"),
    (module) => module.AdminPage,
  ),
} satisfies Partial<Record<PageName, Preloadable>>;

const PAGES: Record<PageName, ComponentType> = { coins: CoinsPage, ...LAZY_PAGES };

interface Preloadable {
  (props: Record<string, never>): ReactNode;
  /** Loads the page's module; from then on the page renders at once, without suspending. */
  preload: () => Promise<void>;
}

/** A lazily loaded page that can be loaded ahead of its first render. */
function preloadable<T>(load: () => Promise<T>, pick: (module: T) => ComponentType): Preloadable {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(async () => ({ default: pick(await load()) }));
  const Page = () => (loaded === null ? <Lazy /> : createElement(loaded));
  return Object.assign(Page, {
    preload: async () => {
      loaded = pick(await load());
    },
  });
}

/**
 * Loads the code of the page at `pathname` (the service's preload links are already fetching it), so that
 * the first render draws that page at once: until then the HTML shell stays on screen, rather than giving
 * way to the header over an empty page while the page's module arrives. Never fails: a page whose code
 * cannot be loaded reports it when it renders.
 */
export async function preloadPageAt(pathname: string): Promise<void> {
  const page = pageAt(pathname);
  await lazyPageOf(page)
    ?.preload()
    .catch(() => {});
}

function lazyPageOf(page: PageName | null): Preloadable | undefined {
  return page !== null && page in LAZY_PAGES ? LAZY_PAGES[page as keyof typeof LAZY_PAGES] : undefined;
}

const INTENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * Fetches a page's code when the person shows they are about to open it (a pointer over a link to it, the
 * focus on one, a touch), so the click does not wait on the network. Not before: the first load of a page
 * carries its own code only (the coin list draws no chart; the chart library alone is 172 KB), which on a
 * phone's connection is what decides how soon it shows. Returns the function that stops listening.
 */
export function preloadPagesOnIntent(root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
    lazyPageOf(pageAt(link.pathname))
      ?.preload()
      .catch(() => {
        // The page's own loading reports it, if it is ever opened.
      });
  };
  for (const type of INTENTS) root.addEventListener(type, onIntent, { passive: true });
  return () => {
    for (const type of INTENTS) root.removeEventListener(type, onIntent);
  };
}

/** A page in its error boundary (reset when the address changes) and its loading skeleton. */
function Page({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <PageErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<SkeletonBlock label="the page" height="20rem" />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        {Object.entries(PAGES).map(([name, Component]) => (
          <Route
            key={name}
            path={PAGE_ADDRESSES[name as PageName].path}
            element={
              <Page>
                <Component />
              </Page>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
