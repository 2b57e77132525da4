// The first Intl format a page makes loads the browser's locale data: about 40 ms in a fresh Chromium
// renderer (bench:locale in BENCHMARKS.md), inside the coin table's first render, one long task more on a
// phone. That data is the renderer process's, shared by its threads, so a worker made at the start loads
// it while the main thread evaluates React, and the page's first formats then take under a millisecond.
// A format asked for before the worker is done costs what it did without it.

/** Starts the worker that loads the locale data; nothing where the browser has no Worker. */
export function warmLocaleData(): void {
  if (typeof Worker === "undefined") return;
  try {
    const worker = new Worker(new URL("./locale-data-worker.ts", import.meta.url), { type: "module" });
    const stop = () => worker.terminate();
    worker.onmessage = stop;
    worker.onerror = (event) => {
      // Only a head start: the page's formats load the data themselves.
      event.preventDefault();
      stop();
    };
  } catch {
    // A policy refusing workers: the same, the formats load it where first used.
  }
}
