import { Component, type ReactNode } from 'react';

interface StepLoadBoundaryProps {
  readonly children: ReactNode;
  /** Called once when the step cannot be shown: its files could not be loaded, or it failed to render. */
  readonly onFailure: (error: unknown) => void;
}

/**
 * Catches a step that cannot be shown (mostly: its files did not load), so that the customer gets
 * the app's own answer (the caller opens Service unavailable, spec §8) instead of the router's
 * error screen. Renders nothing then.
 */
export class StepLoadBoundary extends Component<StepLoadBoundaryProps, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A step of the consent app could not be shown.', error);
    this.props.onFailure(error);
  }

  override render(): ReactNode {
    return this.state.failed ? undefined : this.props.children;
  }
}
