import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** What shows instead of the children once one of them fails; `reset` renders them again. */
  fallback: (reset: () => void) => ReactNode;
  /** Where the failure is logged from: a developer's words in the console, not a hero's. */
  logName: string;
  children: ReactNode;
}

/**
 * Catches an error thrown while rendering what is below it (a chunk that fails to load, data of an
 * unexpected shape) so the rest of the app stays on screen. React offers this only to classes.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`${this.props.logName} failed to render`, error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
