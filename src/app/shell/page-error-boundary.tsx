// The error boundary of every page, so a crash shows in words with the header still usable, not a blank
// screen.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "react-router";
import { describeFailure } from "../components/failure.ts";

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("unknown error") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("page failed", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return <PageFailure error={this.state.error} />;
  }
}

function PageFailure({ error }: { error: unknown }) {
  const failure = describeFailure(error, "");
  return (
    <section className="page" aria-labelledby="page-failure-title">
      <h1 id="page-failure-title">This page failed</h1>
      <div className="failure-notice" role="alert">
        <p className="failure-notice__title">{failure.title}</p>
        <p>{failure.detail}</p>
      </div>
      <p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>{" "}
        or go back to <Link to="/">the coin list</Link>.
      </p>
    </section>
  );
}
