// The dashboard's pages. The coin list, the home page, is in the entry, as loading it lazily cost a serial
// round-trip; every other page is loaded when first visited. Declarative routes rather than the data router,
// whose code every first load would carry, since the pages fetch through React Query, not loaders.
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
  symbol: preloadable(() => import("./symbol/symbol-page.tsx").then((module) => module.SymbolPage)),
  chart: preloadable(() => import("./chart/chart-page.tsx").then((module) => module.ChartPage)),
  rates: preloadable(() => import("./rates/rates-page.tsx").then((module) => module.RatesPage)),
  supply: preloadable(() => import("./supply/supply-page.tsx").then((module) => module.SupplyPage)),
  settings: preloadable(() => import("./settings/settings-page.tsx").then((module) => module.SettingsPage)),
  admin: preloadable(() => import("./admin/admin-page.tsx").then((module) => module.AdminPage)),
} satisfies Partial<Record<PageName, Preloadable>>;

const PAGES: Record<PageName, ComponentType> = { coins: CoinsPage, ...LAZY_PAGES };

interface Preloadable {
  (props: Record<string, never>): ReactNode;
  /** Loads the page's module; from then on the page renders at once, without suspending. */
  preload: () => Promise<void>;
}

/** A lazily loaded page that can be loaded ahead of its first render. */
function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(async () => ({ default: await load() }));
  const Page = () => (loaded === null ? <Lazy /> : createElement(loaded));
  return Object.assign(Page, {
    preload: async () => {
      loaded = await load();
    },
  });
}

/**
 * Loads the code of the page at `pathname` so the first render draws it at once, rather than the header over
 * an empty page; never fails, as a page whose code cannot be loaded reports it when it renders.
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
 * Fetches a page's code when the person is about to open it (a pointer over a link, a focus, a touch), so
 * the click does not wait, and not before, so a first load carries its own page's code only.
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
