// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PageErrorBoundary } from "./page-error-boundary.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  // React and the boundary both report the caught error; the test expects it.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error("the table could not be drawn");
}

function render(resetKey: string, child: React.ReactNode) {
  act(() =>
    root.render(
      <MemoryRouter>
        <header>header stays</header>
        <PageErrorBoundary resetKey={resetKey}>{child}</PageErrorBoundary>
      </MemoryRouter>,
    ),
  );
}

describe("PageErrorBoundary", () => {
  it("shows a crashed page's failure in words while the rest of the app stays", () => {
    render("/symbol/BTC", <Broken />);
    expect(container.textContent).toContain("This page failed");
    expect(container.textContent).toContain("the table could not be drawn");
    expect(container.textContent).toContain("header stays");
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
  });

  it("gives the next page a fresh start when the address changes", () => {
    render("/symbol/BTC", <Broken />);
    render("/rates", <p>rates page</p>);
    expect(container.textContent).toContain("rates page");
    expect(container.textContent).not.toContain("This page failed");
  });

  it("stays on the failure while the address is the same", () => {
    render("/symbol/BTC", <Broken />);
    render("/symbol/BTC", <p>would hide the failure</p>);
    expect(container.textContent).toContain("This page failed");
  });
});
