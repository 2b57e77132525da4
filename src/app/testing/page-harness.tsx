// For jsdom page tests: a fake service behind fetch, and a page mounted with the providers the app puts above
// it (settings → connection → query client → router), driven through act() so React's updates land first.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { ConnectionProvider } from "../api/connection-context.tsx";
import { SETTINGS_KEY, SettingsStore } from "../settings/settings.ts";
import { SettingsProvider } from "../settings/settings-context.tsx";

// Tells React that these tests drive it through act(), so it warns about an update that escapes it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** What the fake service sends back: a JSON body with this status (and any extra headers). */
export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
/** One request as the page sent it: the full URL, and the body read back from JSON. */
export type Sent = { method: string; url: string; headers: Record<string, string>; body: unknown };

export interface Service {
  /** Path and query of each request, in order: what most tests count and compare. */
  requests: string[];
  /** Each request in full, for tests about what a write sends. */
  sent: Sent[];
}

/** Replaces fetch with `answer`, recording every request; `cleanup` puts fetch back. */
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
      const { status, body, headers } = await answer(url, init);
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
}

export interface Page {
  router: ReturnType<typeof createMemoryRouter>;
  container: HTMLDivElement;
  client: QueryClient;
  store: SettingsStore;
  text(): string;
  unmount(): void;
}

const mounted = new Set<Page>();

/** Mounts the routes at `entry` the way the app does, against the fake service at http://service.test. */
export async function renderPage(options: PageOptions): Promise<Page> {
  if (options.settings) localStorage.setItem(SETTINGS_KEY, JSON.stringify(options.settings));
  const store = new SettingsStore(localStorage);
  const client = options.client ?? testQueryClient();
  const router = createMemoryRouter(options.routes, { initialEntries: [options.entry] });
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <SettingsProvider store={store}>
        <ConnectionProvider baseUrl="http://service.test" apiKey="test-key" budgetPerMinute={100}>
          <QueryClientProvider client={client}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ConnectionProvider>
      </SettingsProvider>,
    ),
  );
  const page: Page = {
    router,
    container,
    client,
    store,
    text: () => container.textContent ?? "",
    unmount: () => {
      if (!mounted.delete(page)) return;
      act(() => root.unmount());
      container.remove();
    },
  };
  mounted.add(page);
  return page;
}

/** For afterEach: unmounts every page, puts fetch back and forgets what the test stored. */
export function cleanup(): void {
  for (const page of mounted) page.unmount();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
}

/** Waits `ms` of real time inside act, so the timers, fetches and renders due by then all happen. */
export async function pause(ms = 0): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
}

/** Lets the budget's microtasks, a fake fetch and React's updates run: a few turns of the timer queue. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await pause();
}

/** Retries `check` (an expect that throws until the page is ready) every 20 ms, failing with its last error. */
export async function until(check: () => void, timeout = 3000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeout) throw error;
      await pause(20);
    }
  }
}

/** Types into a React-controlled input the way the browser reports it: the value, then an input event. */
export function typeInto(element: HTMLInputElement, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  act(() => {
    setValue?.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}
