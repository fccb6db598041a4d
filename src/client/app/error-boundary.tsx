import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRenderError } from '../lib/error-reports';
import { RouteError } from './route-error';

/**
 * Shows the error page instead of a blank one when what it wraps fails to render (or a screen's
 * code fails to load). The layout keys it by path, so moving to another screen tries again.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportRenderError(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
