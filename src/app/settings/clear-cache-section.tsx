// "Clear cached data": forgets every cached response in memory and in this browser's storage, so the
// pages ask the service again.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { clearCachedData } from "./clear-cache.ts";

type ClearState =
  | { kind: "idle" }
  | { kind: "clearing" }
  | { kind: "done" }
  | { kind: "failed"; why: string };

export function ClearCacheSection() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ClearState>({ kind: "idle" });

  const clear = async () => {
    if (state.kind === "clearing") return;
    setState({ kind: "clearing" });
    try {
      await clearCachedData(queryClient);
      setState({ kind: "done" });
    } catch (error) {
      setState({ kind: "failed", why: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="card settings-group settings-cache" aria-labelledby="settings-cache-title">
      <h2 id="settings-cache-title">Cached data</h2>
      <p className="field__hint">
        Answers are kept in this browser for up to a day, so pages show at once and spend fewer requests.
        Clearing makes every page ask the service again, which spends requests.
      </p>
      <div className="settings-form__actions">
        <button
          type="button"
          className="button"
          onClick={() => void clear()}
          aria-disabled={state.kind === "clearing" || undefined}
        >
          Clear cached data
        </button>
        <output className={`settings-status settings-status--${state.kind}`} aria-live="polite">
          {state.kind === "clearing" ? "Clearing…" : null}
          {state.kind === "done" ? "Cleared: the pages will ask the service again." : null}
          {state.kind === "failed" ? `The stored copy could not be removed: ${state.why}` : null}
        </output>
      </div>
    </section>
  );
}
