import { useCallback } from 'react';
import type { ContentItem } from '../../../shared/contracts/content.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchContentItem, fetchContentPage } from './content.api.ts';
import type { ContentPage } from './content.api.ts';
import type { ContentKind } from './content-kind.ts';

export const CONTENT_PER_PAGE = 20;

export function useContentPage(kind: ContentKind, page: number, search: string): LoadState<ContentPage> {
  const load = useCallback(
    (signal: AbortSignal) => fetchContentPage(kind, page, CONTENT_PER_PAGE, search, signal),
    [kind, page, search],
  );
  return useLoad(load);
}

/** The item being edited; nothing to load for a new one. */
export function useContentItem(kind: ContentKind, id: string | undefined): LoadState<ContentItem> {
  const load = useCallback((signal: AbortSignal) => fetchContentItem(kind, id ?? '', signal), [kind, id]);
  return useLoad(id === undefined ? null : load);
}
