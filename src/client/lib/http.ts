import wretch from 'wretch';
import type { ConfiguredMiddleware, WretchResponse } from 'wretch';
import abortAddon from 'wretch/addons/abort';
import queryStringAddon from 'wretch/addons/queryString';
import type { z } from 'zod';
import { API_BASE, API_TIMEOUT_MS, TEXTS } from '../../shared/constants.ts';
import { takePrefetched } from '../start-prefetch.ts';
import { NETWORK_FIRST_MODE, SAVED_COPY_HEADER } from '../../shared/fresh-reads.ts';
import { ApiError, toApiError } from './api-error.ts';
import { currentToken, currentUserId } from './auth-source.ts';
import { markSavedCopy, markUpdatedAt } from './data-age.ts';
import { invalidateResource, readCachedEntry, writeCached } from './get-cache.ts';
import { bumpGenerations, generationOf, holdReads, writesSettled } from './read-after-write.ts';

export { ApiError, isAbortError } from './api-error.ts';
export { errorMessage, userMessage } from './user-message.ts';
export { currentToken, setAuthSource, type AuthSource } from './auth-source.ts';
export { isSavedCopy, markSavedCopy, markUpdatedAt, updatedAtOf, updatedAtOfSignal } from './data-age.ts';

/**
 * Until the router is mounted a 401 (the session refresh at start, the start-up prefetch) only notes where
 * to go: a page load of /login then would race the router's own first navigation (its login guard, once the
 * session is dropped), and the one that lost left the login screen showing under the address `/`.
 */
let pendingPath: string | null = null;
let navigate: (path: string) => void = (path) => {
  pendingPath = path;
};
/** The shell registers React Router's navigate so a 401 does not reload the whole app. */
export function setNavigate(fn: (path: string) => void): void {
  navigate = fn;
  const path = pendingPath;
  pendingPath = null;
  if (path !== null && window.location.pathname !== path) fn(path);
}

let unauthorizedHandler: () => void = () => {};
/** Runs on every 401 before the redirect; the session store (shell/session.ts) uses it to drop the dead session. */
export function setUnauthorizedHandler(fn: () => void): void {
  unauthorizedHandler = fn;
}

function handleUnauthorized(error: unknown): never {
  console.error(TEXTS.unauthorizedLog);
  unauthorizedHandler();
  if (window.location.pathname !== '/login') navigate('/login');
  throw error;
}

function logServerError(error: unknown): never {
  if (error instanceof ApiError && error.status >= 500) {
    console.error(error.serverMessage ?? TEXTS.serverErrorFallback);
  }
  throw error;
}

/**
 * A GET the page asked for at start (start-prefetch.ts) is answered by that request instead of a second
 * one, as long as it was made for the same session; everything after (status, 401, parsing) is as usual.
 */
const takeStartPrefetch: ConfiguredMiddleware = (next) => (url, opts) => {
  const method = (opts.method ?? 'GET').toUpperCase();
  const prefetched =
    method === 'GET' ? takePrefetched(url, new Headers(opts.headers).get('Authorization')) : undefined;
  return prefetched ? (prefetched as Promise<WretchResponse>) : next(url, opts);
};

const base = wretch(API_BASE)
  .middlewares([takeStartPrefetch])
  .addon(abortAddon())
  .addon(queryStringAddon)
  .accept('application/json')
  .customError(toApiError)
  // Every request gets the spec's 30 s limit; `.controller()` on a call still returns the same controller.
  .resolve((chain) => chain.setTimeout(API_TIMEOUT_MS));

/** For calls that must not carry a session (e-mail verification links open in any browser). */
export const publicApi = base.catcherFallback(logServerError);

/** The authenticated client: bearer token on every call and the error catalogue of spec section 8. */
export const api = base
  .defer((w) => {
    const token = currentToken();
    return token ? w.auth(`Bearer ${token}`) : w;
  })
  .catcher(401, handleUnauthorized)
  .catcherFallback(logServerError);

type Client = typeof api | typeof publicApi;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

interface CallOptions {
  signal?: AbortSignal;
  schema?: z.ZodType;
}

export interface GetOptions extends CallOptions {
  query?: QueryParams;
  /** false skips the 5-minute cache both ways (spec section 7: refresh and notifications). */
  cache?: boolean;
  /**
   * With `cache: false`, for a screen that must be current online yet still open offline (a list the student
   * opened before): the read still goes to the network first, and the service worker keeps its answer, to
   * give it back, marked as saved earlier (LoadState.saved), only when the network fails. Without it, a
   * `cache: false` read goes past the worker, and nothing of it is kept on the device.
   */
  offlineCopy?: boolean;
}

export function withQuery(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

// Empty bodies (204) are valid answers to writes; wretch's .json() would throw on them.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

interface Answer {
  body: unknown;
  /** When the server produced the body: its Date header (a service-worker cache keeps the original). */
  producedAt: number;
  /** The service worker answered from its copy (the network failed): old data, never to cache as fresh. */
  saved: boolean;
}

function producedAtOf(response: Response): number {
  const date = Date.parse(response.headers.get('Date') ?? '');
  const received = Date.now();
  // A server clock slightly ahead of ours must not make data look newer than it can be.
  return Number.isNaN(date) ? received : Math.min(date, received);
}

async function readAnswer(response: Response): Promise<Answer> {
  return {
    body: await readBody(response),
    producedAt: producedAtOf(response),
    saved: response.headers.has(SAVED_COPY_HEADER),
  };
}

async function send(
  client: Client,
  method: Method,
  path: string,
  body: object | undefined,
  signal: AbortSignal | undefined,
  mode: RequestCache = 'default',
): Promise<Answer> {
  // Our service worker reads the mode (sw/runtime-caching.ts): `no-store` goes past it to the network,
  // `no-cache` goes to the network first and gets the worker's copy only when the network fails.
  const target = mode === 'default' ? client.url(path) : client.url(path).options({ cache: mode });
  const request =
    body === undefined ? target : body instanceof FormData ? target.body(body) : target.json(body);
  const [controller, chain] = request.fetch(method).controller();
  if (!signal) return chain.res(readAnswer);
  const cancel = () => controller.abort(signal.reason);
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  try {
    return await chain.res(readAnswer);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

function check(data: unknown, schema: z.ZodType | undefined): unknown {
  return schema ? schema.parse(data) : data;
}

/**
 * How a read past the 5-minute cache asks (sw/runtime-caching.ts reads it): network first, the worker's copy
 * only when the network fails; or, for `cache: false` without `offlineCopy`, past the worker altogether.
 */
export function readMode(opts: Pick<GetOptions, 'cache' | 'offlineCopy'>): RequestCache {
  return opts.cache !== false || opts.offlineCopy === true ? NETWORK_FIRST_MODE : 'no-store';
}

export function getJson<S extends z.ZodType>(
  path: string,
  opts: GetOptions & { schema: S },
): Promise<z.output<S>>;
export function getJson<T = unknown>(path: string, opts?: GetOptions): Promise<T>;
export async function getJson(path: string, opts: GetOptions = {}): Promise<unknown> {
  const target = withQuery(path, opts.query);
  const useCache = opts.cache !== false;
  const url = `${API_BASE}${target}`;
  const userId = currentUserId();
  // The person's own write still on its way changes what this read should show: wait for it.
  await writesSettled(target);
  if (useCache) {
    const cached = await readCachedEntry(url, userId);
    if (cached !== undefined) {
      const parsed = opts.schema ? opts.schema.safeParse(cached.data) : { success: true, data: cached.data };
      if (parsed.success) return markUpdatedAt(parsed.data, cached.producedAt, opts.signal);
    }
  }
  const generation = generationOf(target);
  // Nothing fresh here: past the 5 minutes the read reaches the server, not the worker's week-old copy.
  const answer = await send(api, 'GET', target, undefined, opts.signal, readMode(opts));
  const data = check(answer.body, opts.schema);
  // A copy the worker kept is shown as saved earlier, and never stored here as fresh for 5 more minutes.
  if (answer.saved) return markUpdatedAt(markSavedCopy(data, opts.signal), answer.producedAt, opts.signal);
  // An answer that was in flight while a write changed its resource may be the old one: not cached.
  if (useCache && generationOf(target) === generation)
    await writeCached(url, userId, data, answer.producedAt);
  return markUpdatedAt(data, answer.producedAt, opts.signal);
}

async function write(
  client: Client,
  method: Exclude<Method, 'GET'>,
  path: string,
  body: object | undefined,
  opts: CallOptions,
): Promise<unknown> {
  const sent = (async () => {
    try {
      return check((await send(client, method, path, body, opts.signal)).body, opts.schema);
    } finally {
      // Also after a failure: a timed-out write may still have landed on the server.
      bumpGenerations(path);
      await invalidateResource(path, API_BASE);
    }
  })();
  return holdReads(path, sent);
}

export function postJson<S extends z.ZodType>(
  path: string,
  body: object | undefined,
  opts: CallOptions & { schema: S },
): Promise<z.output<S>>;
export function postJson<T = unknown>(path: string, body?: object, opts?: CallOptions): Promise<T>;
export function postJson(path: string, body?: object, opts: CallOptions = {}): Promise<unknown> {
  return write(api, 'POST', path, body ?? {}, opts);
}

/** A multipart POST (a file and its fields), with the same cache bookkeeping as postJson. */
export function postForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  opts: CallOptions & { schema: S },
): Promise<z.output<S>> {
  return write(api, 'POST', path, form, opts) as Promise<z.output<S>>;
}

export function putJson<S extends z.ZodType>(
  path: string,
  body: object | undefined,
  opts: CallOptions & { schema: S },
): Promise<z.output<S>>;
export function putJson<T = unknown>(path: string, body?: object, opts?: CallOptions): Promise<T>;
export function putJson(path: string, body?: object, opts: CallOptions = {}): Promise<unknown> {
  return write(api, 'PUT', path, body ?? {}, opts);
}

export function delJson<S extends z.ZodType>(
  path: string,
  opts: CallOptions & { schema: S },
): Promise<z.output<S>>;
export function delJson<T = unknown>(path: string, opts?: CallOptions): Promise<T>;
export function delJson(path: string, opts: CallOptions = {}): Promise<unknown> {
  return write(api, 'DELETE', path, undefined, opts);
}

/** POST without the session or the 401 redirect (the e-mail verification link). */
export function publicPostJson<S extends z.ZodType>(
  path: string,
  body: object | undefined,
  opts: CallOptions & { schema: S },
): Promise<z.output<S>>;
export function publicPostJson<T = unknown>(path: string, body?: object, opts?: CallOptions): Promise<T>;
export function publicPostJson(path: string, body?: object, opts: CallOptions = {}): Promise<unknown> {
  return write(publicApi, 'POST', path, body ?? {}, opts);
}
