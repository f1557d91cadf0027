// The signed-in dashboard's reads, asked for the moment the page starts instead of one round trip after
// each piece of code that needs them. The build writes this module, bundled on its own, inline into
// index.html (scripts/vite-start-prefetch.ts): it runs as the HTML is parsed, before the app's much larger
// entry has even been asked for, with no request of its own. The app imports it too (lib/http.ts) and runs
// it only when the page did not (the dev server's index.html): the two copies share one record on
// globalThis. It imports nothing but plain constants and one date formatter: it must stay small.
//
// Each answer waits here until the API client asks for the same URL with the same session (lib/http.ts,
// takePrefetched): the screen's hooks then take it instead of asking again. Nothing else is changed: the
// client still checks the status (a 401 logs out, spec 4), parses and validates the body as usual.
import {
  ANNOUNCEMENT_PATHS,
  ASSESSMENT_PATHS,
  AUTH_PATHS,
  BATCH_PATHS,
  LEARNING_PATHS,
  NOTIFICATION_PATHS,
} from '../shared/api-paths.ts';
import { API_BASE } from '../shared/constants.ts';
import { dateTimeFormat } from './lib/format.ts';

// shell/session.ts keeps the session under these keys (tests/client/lib/start-prefetch.test.ts).
export const STORED_TOKEN_KEY = 'auth_token';
export const STORED_USER_KEY = 'auth_user';

/** A prefetched answer is only taken this soon after start: later, the screen asks afresh. */
export const PREFETCH_FRESH_MS = 15_000;

interface Prefetched {
  authorization: string;
  response: Promise<Response>;
  at: number;
}

/** What the page's inline copy and the app's share: whether it ran, and the answers not taken yet. */
interface StartState {
  started: boolean;
  waiting: Map<string, Prefetched>;
}

const STATE_KEY = '__pathbuilderStartPrefetch';
const state = ((globalThis as Record<string, unknown>)[STATE_KEY] ??= {
  started: false,
  waiting: new Map<string, Prefetched>(),
}) as StartState;
const waiting = state.waiting;

function storedSession(): { token: string; user: unknown } | null {
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    try {
      const storage = globalThis[name];
      const token = storage.getItem(STORED_TOKEN_KEY);
      if (!token) continue;
      let user: unknown = null;
      try {
        user = JSON.parse(storage.getItem(STORED_USER_KEY) ?? 'null');
      } catch {
        user = null;
      }
      return { token, user };
    } catch {
      // Storage refused (private mode): nothing to prefetch with.
    }
  }
  return null;
}

/** The GETs the dashboard makes for this user, as the API client spells them (path and query). */
export function dashboardReads(user: unknown): string[] {
  const u = (typeof user === 'object' && user !== null ? user : {}) as Record<string, unknown>;
  if (typeof u.id !== 'number') return [];
  const student = !u.is_admin && !u.is_teacher;
  if (student && u.taken_diagnostics !== 1) return [];
  const announcements = ANNOUNCEMENT_PATHS.current;
  if (!student) return [announcements];
  const mine = ASSESSMENT_PATHS.mine;
  return [
    // The learning summary first: the first card names the pathway's first step from it, so the dashboard's
    // largest text waits for it, and it is the server's longest read of these. Asked first, it is not queued
    // behind the others (a browser opens six connections to the server, and the code takes some of them).
    LEARNING_PATHS.mySummary,
    `${mine}?kind=quiz`,
    `${mine}?kind=exam`,
    `${mine}?kind=diagnostic`,
    announcements,
    `${NOTIFICATION_PATHS.unseenCount}?user_id=${u.id}`,
    // The newest unseen notification (the line over the dashboard): the dashboard waits for it too, and
    // asked for by the screen it would leave only once the screen had rendered, a round trip later.
    `${NOTIFICATION_PATHS.list}?seen=0&limit=1&user_id=${u.id}`,
  ];
}

function prefetch(target: string, token: string): void {
  const authorization = `Bearer ${token}`;
  const response = fetch(`${API_BASE}${target}`, {
    // As the API client sends them: every one of these reads is fresh (past every cache).
    headers: { Accept: 'application/json', Authorization: authorization },
    cache: 'no-store',
  });
  // Unclaimed or failed: the client's own request takes over.
  response.catch(() => undefined);
  waiting.set(`${API_BASE}${target}`, { authorization, response, at: Date.now() });
}

/**
 * The dashboard's reads in one request (POST /api/batch): on HTTP/1.1 a browser opens six connections to the
 * server, and seven reads beside the page's code queued behind one another. The server answers each part
 * through its own route with this same Authorization header; each part becomes the Response that route would
 * have given, so the client checks it as usual (a 401 in a part logs out). The whole batch refused with 401
 * answers every part with that 401; any other failure of the batch leaves each read to the client's own GET.
 */
function prefetchBatch(targets: readonly string[], token: string): void {
  const authorization = `Bearer ${token}`;
  const batch = fetch(`${API_BASE}${BATCH_PATHS.reads}`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ get: targets }),
    cache: 'no-store',
  }).then(async (res): Promise<Response[] | Response | null> => {
    if (res.status === 401) return res;
    if (!res.ok) return null;
    const { parts } = (await res.json()) as {
      parts: Array<{ status: number; headers: Record<string, string>; body: string }>;
    };
    // A 204's Response has no body.
    return parts.map(
      (p) => new Response(p.status === 204 ? null : p.body, { status: p.status, headers: p.headers }),
    );
  });
  batch.catch(() => undefined);
  const at = Date.now();
  targets.forEach((target, i) => {
    const url = `${API_BASE}${target}`;
    const response = batch.then((answer) => {
      if (Array.isArray(answer)) return answer[i]!;
      if (answer) return answer.clone();
      // The batch failed: this read as the client would have made it.
      return fetch(url, {
        headers: { Accept: 'application/json', Authorization: authorization },
        cache: 'no-store',
      });
    });
    response.catch(() => undefined);
    waiting.set(url, { authorization, response, at });
  });
}

/**
 * The prefetched answer to a GET of `url` made with `authorization`, once: undefined when there is none,
 * it is stale, or it was made for another session.
 */
export function takePrefetched(url: string, authorization: string | null): Promise<Response> | undefined {
  const entry = waiting.get(url);
  if (!entry) return undefined;
  waiting.delete(url);
  if (entry.authorization !== authorization || Date.now() - entry.at > PREFETCH_FRESH_MS) return undefined;
  return entry.response;
}

/** Forgets every answer not taken yet (tests; a logout). */
export function dropPrefetched(): void {
  waiting.clear();
}

/**
 * A screen's code and styles as the build listed them on this script's <script> tag: the dashboard's with
 * the signed-in layout's, or the login screen's (vite-start-prefetch.ts).
 */
function preloadCode(screen: 'dashboard' | 'signedOut'): void {
  const script = document.querySelector<HTMLScriptElement>('script[data-dashboard-js]');
  if (!script) return;
  const add = (rel: string, href: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    link.crossOrigin = '';
    if (rel === 'preload') link.as = 'style';
    document.head.appendChild(link);
  };
  const listed = (name: string) => (script.dataset[name] ?? '').split(' ').filter(Boolean);
  for (const href of listed(`${screen}Js`)) add('modulepreload', href);
  for (const href of listed(`${screen}Css`)) add('preload', href);
}

/**
 * At start: the session refresh (spec 4) for any stored session; on '/', the dashboard's reads and code.
 * Without a session, the login screen's code (where the app sends such a visitor). The requests leave in
 * this task; the rest waits for tasks of its own: a request starts no sooner than the task that makes it
 * ends, and the code preloads and the formatter take tens of milliseconds on a phone.
 */
export function startPrefetch(pathname: string): void {
  state.started = true;
  const session = storedSession();
  if (!session) {
    preloadCode('signedOut');
    return;
  }
  const reads = pathname === '/' ? dashboardReads(session.user) : [];
  // A student's dashboard: the session refresh and its seven reads in one request. In Lighthouse's model of
  // a phone on slow 4G, every request in flight takes its share of the bandwidth the app's entry needs.
  if (reads.length > 1) prefetchBatch([AUTH_PATHS.refresh, ...reads], session.token);
  else for (const target of [AUTH_PATHS.refresh, ...reads]) prefetch(target, session.token);
  if (pathname !== '/') return;
  setTimeout(() => {
    preloadCode('dashboard');
    // The dashboard's dates (announcements, results): the formatter's slow first construction happens now,
    // while the page waits for the network, instead of inside the dashboard's first render.
    setTimeout(() => dateTimeFormat().format(0), 0);
  }, 0);
}

/**
 * The page's own start: at once, or, in a dashboard the service worker painted into the page (its script tag
 * marked `data-after-paint`, sw/painted-html.ts), once that has painted. Its reads only refresh what is
 * already on screen, and begun sooner they would share the network with the painted page's stylesheets.
 */
function startPage(script: Element | null): void {
  state.started = true;
  const start = () => startPrefetch(window.location.pathname);
  if (!script?.hasAttribute('data-after-paint') || document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}

// Unit tests stub fetch per test and call startPrefetch themselves. In the app, only when the page's inline
// copy has not run already.
if (import.meta.env.MODE !== 'test' && typeof window !== 'undefined' && !state.started)
  startPage(document.currentScript);
