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
