// The rules that keep the two caches of /api GETs from compounding (DESIGN.md section 5): the client's
// 5-minute cache (src/client/lib/get-cache.ts) and the service worker's week-long copies
// (sw/runtime-caching.ts). Shared, so the page and the worker spell them the same way.

/**
 * Set by the service worker on every answer it gives from its own cache (never on the network's). The
 * value is when the server produced the copy (its Date header), or `saved` when that is not known.
 * The client shows such an answer marked as saved earlier and never keeps it as fresh.
 */
export const SAVED_COPY_HEADER = 'X-SW-Cache';

/**
 * A GET made with fetch's `cache: 'no-cache'` asks for the network first: the worker answers from its
 * copy only when the network fails. The client asks that way whenever its own cache has nothing fresh.
 */
export const NETWORK_FIRST_MODE = 'no-cache' as const;

/** '/quizzes/5/questions?x=1' → '/quizzes': a write anywhere under a resource can change any read of it. */
export function resourcePrefix(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  const segment = clean.split('/').find((part) => part !== '');
  return segment ? `/${segment}` : '/';
}

/**
 * What a learner does (answers, reads, watches, submits) also moves the figures about them: the
 * learning profile, pathway and summary, the record, their assessments and rankings.
 */
const LEARNER_VIEWS = ['/my', '/reports', '/user'];

// Writes whose effect shows under other resources than their own.
const ALSO_CHANGES: Readonly<Record<string, readonly string[]>> = {
  '/attempts': LEARNER_VIEWS,
  '/practice': LEARNER_VIEWS,
  '/lectures': LEARNER_VIEWS,
  '/videos': LEARNER_VIEWS,
  // Staff edits reach every list (a school renamed in lookups, a lecture published to students): all of it.
  '/admin': ['/'],
  '/account': ['/my', '/user'],
  '/user': ['/my', '/account'],
};

/** The resource prefixes whose cached GETs a write to `path` makes stale ('/' means every one). */
export function affectedResources(path: string): string[] {
  const own = resourcePrefix(path);
  const also = ALSO_CHANGES[own] ?? [];
  return also.includes('/') ? ['/'] : [own, ...also];
}

/** Whether a GET of `path` reads something under one of `prefixes` (as affectedResources gives them). */
export function readsUnder(path: string, prefixes: readonly string[]): boolean {
  const clean = path.split('#')[0] ?? '';
  return prefixes.some(
    (prefix) =>
      prefix === '/' || clean === prefix || clean.startsWith(`${prefix}/`) || clean.startsWith(`${prefix}?`),
  );
}
