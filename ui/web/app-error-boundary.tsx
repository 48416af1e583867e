import { Component, type ReactNode } from 'react';
import { StaticFailureView } from './pages/failure-page';

/** A render error shows the failure view with the default text: never a blank screen. */
export class AppErrorBoundary extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The consent app failed to render.', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <StaticFailureView /> : this.props.children;
  }
}
