import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage.tsx';

interface State {
  failed: boolean;
}

/** Route errors show the 'Something went wrong' page (spec 002 section 8). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the interface', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children;
  }
}
