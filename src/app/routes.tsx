// The dashboard's pages. The coin list, the home page, is in the entry: loaded lazily it cost a serial
// round-trip (HTML → entry → its chunk → /v1/coins) and React's throttled reveal of a suspended page (up to
// 300 ms after the fallback showed). Every other page's module is loaded when first visited, so the coin
// list does not carry their code; each page sits in its own error boundary under the shared header.
//
// Declarative routes (<Routes>) rather than the data router: the pages fetch through React Query, not
// loaders, and the data router's code would add ~17 KB (gzip) to every first load.
import { lazy, type ReactNode, Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { SkeletonBlock } from "./components/skeleton.tsx";
import { CoinsPage } from "./pages/coins/coins-page.tsx";
import { NotFoundPage } from "./pages/not-found-page.tsx";
import { AppShell } from "./shell/app-shell.tsx";
import { PageErrorBoundary } from "./shell/page-error-boundary.tsx";

const loadSymbol = () => import("./pages/symbol/symbol-page.tsx");
const loadRates = () => import("./pages/rates/rates-page.tsx");
const loadSupply = () => import("./pages/supply/supply-page.tsx");
const loadSettings = () => import("./pages/settings/settings-page.tsx");
const loadChart = () => import("./pages/chart/chart-page.tsx");
const loadOperator = () => import("./operator/operator-page.tsx");

const SymbolPage = lazy(async () => ({ default: (await loadSymbol()).SymbolPage }));
const RatesPage = lazy(async () => ({ default: (await loadRates()).RatesPage }));
const SupplyPage = lazy(async () => ({ default: (await loadSupply()).SupplyPage }));
const SettingsPage = lazy(async () => ({ default: (await loadSettings()).SettingsPage }));
const ChartPage = lazy(async () => ({ default: (await loadChart()).ChartPage }));
const OperatorPage = lazy(async () => ({ default: (await loadOperator()).OperatorPage }));

/**
 * Once the first page shows its data and the browser is idle, fetch the other pages' code too: a page
 * should still open when the service has gone away meanwhile (it can then say so), and moving between
 * pages should not wait on the network. After the first data, so it never competes with the first paint;
 * it costs nothing of the API budget.
 */
export function preloadPagesAfter(firstData: Promise<void>): void {
  const load = () => {
    for (const page of [loadSymbol, loadRates, loadSupply, loadSettings, loadChart]) {
      page().catch(() => {
        // The page's own loading reports it, if it is ever opened.
      });
    }
  };
  void firstData.then(() => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(load, { timeout: 2000 });
    else setTimeout(load, 200);
  });
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
        <Route
          index
          element={
            <Page>
              <CoinsPage />
            </Page>
          }
        />
        <Route
          path="symbol/:symbol"
          element={
            <Page>
              <SymbolPage />
            </Page>
          }
        />
        <Route
          path="chart/:symbol"
          element={
            <Page>
              <ChartPage />
            </Page>
          }
        />
        <Route
          path="rates"
          element={
            <Page>
              <RatesPage />
            </Page>
          }
        />
        <Route
          path="supply"
          element={
            <Page>
              <SupplyPage />
            </Page>
          }
        />
        <Route
          path="settings"
          element={
            <Page>
              <SettingsPage />
            </Page>
          }
        />
        <Route
          path="operator"
          element={
            <Page>
              <OperatorPage />
            </Page>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
