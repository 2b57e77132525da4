// The frame around every page: the header with the navigation, the market source, the request budget and
// the theme switch.
import { useLayoutEffect } from "react";
import { NavLink, Outlet } from "react-router";
import { SERVICE_PATHS } from "../../interface/endpoints.ts";
import { PAGE_ADDRESSES } from "../page-addresses.ts";
import { useAdminKey } from "../store/admin-key.ts";
import { BudgetMeter } from "./budget-meter.tsx";
import { LiveBadge } from "./live-badge.tsx";
import { MarketSourceBadge } from "./market-source-badge.tsx";
import { BRAND, NAV } from "./navigation.ts";
import { useResetCacheOnSourceChange } from "./reset-cache-on-source-change.ts";
import { ServiceHealthNotice } from "./service-health-notice.tsx";
import { takeShellFocus } from "./shell-focus.ts";
import { ThemeToggle } from "./theme-toggle.tsx";
import { usePageDescription } from "./use-page-description.ts";

export function AppShell() {
  // The console is outside the navigation until this tab holds an admin key (kept for the session only).
  const admin = useAdminKey() !== "";
  usePageDescription();
  useResetCacheOnSourceChange();
  // The keyboard's place in the HTML shell this render replaced, kept.
  useLayoutEffect(() => takeShellFocus(), []);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <NavLink to="/" className="brand" aria-label={`${BRAND}, home`}>
          <span className="brand__mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand__name">{BRAND}</span>
        </NavLink>
        <nav aria-label="Main" className="app-nav">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className="app-nav__link">
              {item.label}
            </NavLink>
          ))}
          {admin ? (
            <NavLink to={PAGE_ADDRESSES.admin.path} className="app-nav__link">
              Admin
            </NavLink>
          ) : null}
        </nav>
        <div className="app-header__tools">
          <MarketSourceBadge />
          <LiveBadge />
          <BudgetMeter />
          <ThemeToggle />
        </div>
      </header>
      <ServiceHealthNotice />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <footer className="app-footer">
        Prices are crowd-aggregated (MA120 over 120-second blocks).{" "}
        <a href={SERVICE_PATHS.docs} target="_blank" rel="noreferrer">
          API documentation
        </a>
        {" · Charts by "}
        <a href="https://www.tradingview.com/" target="_blank" rel="noreferrer">
          TradingView Lightweight Charts™
        </a>
      </footer>
    </div>
  );
}
