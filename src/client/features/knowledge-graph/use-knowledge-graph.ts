import { useCallback } from 'react';
import type { KnowledgeGraph } from '../../../shared/contracts/knowledge-graph.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchKnowledgeGraph } from './knowledge-graph.api.ts';

/** The whole graph, fresh from the server; `reload()` after every change. */
export function useKnowledgeGraph(): LoadState<KnowledgeGraph> {
  const load = useCallback((signal: AbortSignal) => fetchKnowledgeGraph(signal), []);
  return useLoad(load);
}

/** The ids of one parent's children with `id` moved one place up (-1) or down (+1). */
export function movedIds(siblings: readonly { id: number }[], id: number, step: -1 | 1): number[] | null {
  const ids = siblings.map((s) => s.id);
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}
