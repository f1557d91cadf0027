import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router-dom';
import { TEXTS } from '../../shared/constants.ts';

/** What every route declares (spec 3, "Route metadata"); carried as the React Router route `handle`. */
export type RouteMeta = { title: string; is_full_page: boolean; requires_login: boolean };

export const DEFAULT_META: RouteMeta = {
  title: TEXTS.defaultTitle,
  is_full_page: false,
  requires_login: false,
};

export function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'title' in handle && 'is_full_page' in handle;
}

/** The matched routes of the current location; AppRoutes (app/app-routes.tsx) provides them. */
export const MatchesContext = createContext<readonly RouteMatch[]>([]);

/** The `handle` of the deepest matched route that declares route metadata. */
export function useRouteMeta(): RouteMeta {
  const matches = useContext(MatchesContext);
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle: unknown = matches[i].route.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return DEFAULT_META;
}
