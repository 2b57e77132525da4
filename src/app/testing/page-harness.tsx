// For jsdom page tests: a fake service behind fetch, and a page rendered (Testing Library) with the providers
// the app puts above it (settings → connection → query client → router), on a fake clock, with a user-event
// user that advances that clock. Tests select as a person does: by role, label and text.
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { type UserEvent, userEvent } from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { LiveProvider } from "../live/live-context.tsx";
import { SETTINGS_KEY, SettingsStore } from "../store/settings.ts";
import { SettingsProvider } from "../store/settings-context.tsx";
import { ConnectionProvider } from "../transport/connection-context.tsx";

// Testing Library's waitFor/findBy advance fake timers only when they see Jest's (a `jest` global with a
// faked setTimeout); without this they would wait on a clock that never moves. Vitest's clock is the same
// @sinonjs/fake-timers, so its advanceTimersByTime is what they need.
(globalThis as { jest?: unknown }).jest = { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) };

/**
 * What the fake service sends back: a JSON body with this status (and any extra headers), or `text` as it
 * is (a plain-text answer, as the public service gives a path it does not have).
 */
export type Answer = { status: number; body: unknown; headers?: Record<string, string>; text?: string };
/** One request as the page sent it: the full URL, and the body read back from JSON. */
export type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

export interface Service {
  /** Path and query of each request, in order: what most tests count and compare. */
  requests: string[];
  /** Each request in full, for tests about what a write sends. */
  sent: Sent[];
}

/** Replaces fetch with `answer`, recording every request; `resetPage` puts fetch back. */
export function fakeService(answer: (url: URL, init?: RequestInit) => Answer | Promise<Answer>): Service {
  const service: Service = { requests: [], sent: [] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      service.requests.push(`${url.pathname}${url.search}`);
      service.sent.push({
        method: init?.method ?? "GET",
        url: url.href,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      const { status, body, headers, text } = await answer(url, init);
      if (text !== undefined)
        return new Response(text, { status, headers: { "Content-Type": "text/plain", ...headers } });
      return new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json", ...headers },
      });
    }),
  );
  return service;
}

/** A client as the tests want it: a failed request fails at once rather than after retries. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface PageOptions {
  routes: RouteObject[];
  entry: string;
  /** Stored before the page starts, as the settings a returning user has; none stored when left out. */
  settings?: Record<string, unknown>;
  /** A client the test filled beforehand (a cached answer); a fresh `testQueryClient()` otherwise. */
  client?: QueryClient;
  /** Opens the live stream as the app does; off by default, so a page's requests are its queries' own. */
  streaming?: boolean;
}

export interface Page {
  router: ReturnType<typeof createMemoryRouter>;
  client: QueryClient;
  store: SettingsStore;
  /** A person at the keyboard and mouse; their pauses move the fake clock. */
  user: UserEvent;
}

/**
 * Renders the routes at `entry` the way the app does, against the fake service at http://service.test. The
 * clock is faked from here on (Date too), so a debounce or an "updated 12 s ago" moves only when the test
 * (or a wait) moves it.
 */
export function renderPage(options: PageOptions): Page {
  vi.useFakeTimers();
  if (options.settings) localStorage.setItem(SETTINGS_KEY, JSON.stringify(options.settings));
  const store = new SettingsStore(localStorage);
  const client = options.client ?? testQueryClient();
  const router = createMemoryRouter(options.routes, { initialEntries: [options.entry] });
  const providers = ({ children }: { children: ReactNode }) => (
    <SettingsProvider store={store}>
      <ConnectionProvider baseUrl="http://service.test" apiKey="test-key" budgetPerMinute={100}>
        <QueryClientProvider client={client}>
          <LiveProvider streaming={options.streaming ?? false}>{children}</LiveProvider>
        </QueryClientProvider>
      </ConnectionProvider>
    </SettingsProvider>
  );
  render(<RouterProvider router={router} />, { wrapper: providers });
  return {
    router,
    client,
    store,
    user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }),
  };
}

/** For afterEach: unmounts the page, puts fetch and the clock back and forgets what the test stored. */
export function resetPage(): void {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
}
