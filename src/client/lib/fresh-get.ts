import type { z } from 'zod';
import { api, markUpdatedAt, withQuery } from './http.ts';
import type { QueryParams } from './http.ts';
import { writesSettled } from './read-after-write.ts';

/**
 * A GET past both caches: getJson's `cache: false` skips the 5-minute IndexedDB cache, but the service
 * worker still answers /api GETs stale-while-revalidate, and writes under /admin do not invalidate reads
 * elsewhere (/knowledge-graph). `cache: 'no-store'` is the worker's sign to go to the network.
 */
export function freshGet(path: string, query?: QueryParams, signal?: AbortSignal) {
  const [controller, chain] = api
    .url(withQuery(path, query))
    .options({ cache: 'no-store' })
    .get()
    .controller();
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return chain;
}

export async function freshJson<S extends z.ZodType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  // The person's own write still on its way changes this answer (lib/read-after-write.ts).
  await writesSettled(path);
  // Straight from the server: its time is now (for LoadState.updatedAt).
  return markUpdatedAt(schema.parse(await freshGet(path, undefined, signal).json()), Date.now(), signal);
}
