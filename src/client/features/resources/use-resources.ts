import { useCallback } from 'react';
import type { Resource, ResourceFolder, ResourcesResponse } from '../../../shared/contracts/resources.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchFolders, fetchResource, fetchResources } from './resources.api.ts';

/** Every folder the caller can see; `fresh` skips the cache (the back office, after its own changes). */
export function useFolders(fresh = false): LoadState<ResourceFolder[]> {
  const load = useCallback((signal: AbortSignal) => fetchFolders(fresh, signal), [fresh]);
  return useLoad(load);
}

/** A folder's files, or a search over every folder; nothing is loaded without either. */
export function useResources(
  query: { folder?: number; search?: string },
  fresh = false,
): LoadState<ResourcesResponse> {
  const { folder, search } = query;
  const load = useCallback(
    (signal: AbortSignal) => fetchResources({ folder, search }, fresh, signal),
    [folder, search, fresh],
  );
  return useLoad(folder === undefined && !search ? null : load);
}

export function useResource(id: number | null): LoadState<Resource> {
  const load = useCallback((signal: AbortSignal) => fetchResource(id!, signal), [id]);
  return useLoad(id === null ? null : load);
}

/** A folder's path from the top ("Curriculum frameworks › Infants"), for headings and search results. */
export function folderPath(folders: readonly ResourceFolder[], id: number): ResourceFolder[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: ResourceFolder[] = [];
  for (
    let f = byId.get(id);
    f && path.length < 50;
    f = f.parent_id === null ? undefined : byId.get(f.parent_id)
  )
    path.unshift(f);
  return path;
}
