import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorPage } from './route-error-page';

interface BoundaryProps {
  /** The page the error happened on: moving to another page clears the error. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  locationKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { failed: false, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen of Depot failed while rendering', error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * The app's routes render inside this: a screen that throws shows RouteErrorPage until the user
 * moves on. A plain React error boundary rather than React Router's errorElement, which only its
 * data router honours, and that router would add about 17 kB (gzip) to the landing page.
 */
export function RouteErrorBoundary() {
  const location = useLocation();
  return (
    <ErrorBoundary locationKey={location.key}>
      <Outlet />
    </ErrorBoundary>
  );
}
