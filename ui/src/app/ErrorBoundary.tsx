import { Component, type ReactNode } from "react";
import { describeError } from "../lib/errors";
import { ErrorView } from "./ErrorView";

interface Props {
  children: ReactNode;
  onHome: () => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** The top error boundary: anything a page throws ends on the SPEC error screen. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  // What it caught is reported by the root's onCaughtError (main.tsx), expected refusals
  // (lib/errors.ts isExpectedRefusal) left out.

  private clear = () => this.setState({ error: null, failed: false });

  render() {
    if (!this.state.failed) return this.props.children;
    const { status, message, description } = describeError(this.state.error);
    return (
      <ErrorView
        status={status}
        message={message}
        description={description}
        onRetry={() => {
          this.clear();
          window.location.reload();
        }}
        onHome={() => {
          this.clear();
          this.props.onHome();
        }}
      />
    );
  }
}
