// A failure in words, announced as it appears, with a way to try again: every failure notice is this box.
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
