// A failure in words, announced as it appears (role alert): its title, what to do about it, and a way to
// try again where there is one. Every notice of a failure in the dashboard is this one box.
import type { ReactNode } from "react";

export function FailureBox({
  failure,
  onRetry,
}: {
  failure: { title: ReactNode; detail: ReactNode };
  onRetry?: (() => void) | undefined;
}) {
  return (
    <div className="failure-notice" role="alert">
      <p className="failure-notice__title">{failure.title}</p>
      <p>{failure.detail}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
