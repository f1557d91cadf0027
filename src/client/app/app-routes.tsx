import { Component, createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { matchRoutes, Outlet, renderMatches, useLocation } from 'react-router-dom';
import type { Location, RouteObject } from 'react-router-dom';
import { MatchesContext } from '../shell/route-meta.ts';

// React Router's declarative mode renders the route objects of routes.tsx: its data router (loaders,
// actions, fetchers: none of which this app uses) would add about 18 kB gzipped to the first screen's code.
// The two things the app took from the data router are here: the `handle` metadata of the matched
// routes (useRouteMeta, src/client/shell/route-meta.ts) and `errorElement`, rendered when the route (or a child without its own) throws.

const RouteErrorContext = createContext<unknown>(undefined);

/** The error that the nearest `errorElement` is shown for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

type BoundaryProps = { fallback: ReactNode; location: Location; children: ReactNode };
type BoundaryState = { failed: boolean; error: unknown; location: Location };

/** Like the data router's: a new location clears the error, so navigating away recovers. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location
      ? null
      : { failed: false, error: undefined, location: props.location };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
    );
  }
}

function ErrorBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <RouteErrorBoundary fallback={fallback} location={useLocation()}>
      {children}
    </RouteErrorBoundary>
  );
}

function withErrorBoundaries(routes: readonly RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const element = route.errorElement ? (
      <ErrorBoundary fallback={route.errorElement}>{route.element ?? <Outlet />}</ErrorBoundary>
    ) : (
      route.element
    );
    if (route.index) return { ...route, element };
    return { ...route, element, children: route.children && withErrorBoundaries(route.children) };
  });
}

/**
 * Renders `routes` (routes.tsx `appRoutes()`) inside a router: BrowserRouter in the app, MemoryRouter in
 * tests. What useRoutes does, with the matches kept for useRouteMeta: matching 60 routes once per location.
 */
export function AppRoutes({ routes }: { routes: readonly RouteObject[] }) {
  const rendered = useMemo(() => withErrorBoundaries(routes), [routes]);
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(rendered, location) ?? [], [rendered, location]);
  return <MatchesContext.Provider value={matches}>{renderMatches(matches)}</MatchesContext.Provider>;
}
