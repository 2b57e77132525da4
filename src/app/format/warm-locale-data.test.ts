// The locale-data worker's starter: a module worker of the built file, stopped once it answered or failed,
// and nothing at all where the browser has no Worker or refuses one.
import { afterEach, describe, expect, it, vi } from "vitest";
import { warmLocaleData } from "./warm-locale-data.ts";

class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeWorker.made = [];
});

describe("warmLocaleData", () => {
  it("starts the locale-data worker as a module, and stops it once it answered", () => {
    vi.stubGlobal("Worker", FakeWorker);
    warmLocaleData();
    const [worker] = FakeWorker.made;
    expect(FakeWorker.made).toHaveLength(1);
    expect(worker?.url.pathname).toMatch(/locale-data-worker\.ts$/);
    expect(worker?.options).toEqual({ type: "module" });
    expect(worker?.terminated).toBe(false);
    worker?.onmessage?.(new MessageEvent("message", { data: "ready" }));
    expect(worker?.terminated).toBe(true);
  });

  it("stops a worker that failed, and keeps its error from the console", () => {
    vi.stubGlobal("Worker", FakeWorker);
    warmLocaleData();
    const [worker] = FakeWorker.made;
    const failure = { preventDefault: vi.fn() } as unknown as ErrorEvent;
    worker?.onerror?.(failure);
    expect(failure.preventDefault).toHaveBeenCalled();
    expect(worker?.terminated).toBe(true);
  });

  it("does nothing where there is no Worker, or the page's policy refuses it", () => {
    vi.stubGlobal("Worker", undefined);
    expect(() => warmLocaleData()).not.toThrow();
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new DOMException("refused by the policy", "SecurityError");
        }
      },
    );
    expect(() => warmLocaleData()).not.toThrow();
  });
});
