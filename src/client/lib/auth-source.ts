// What the HTTP client (lib/http.ts) and the offline content (lib/offline-content.ts) know of the session:
// the session store (shell/session.ts) registers itself here, as lib sits below it and imports nothing above.

export interface AuthSource {
  token(): string | null;
  userId(): number | null;
}

let authSource: AuthSource = { token: () => null, userId: () => null };
export function setAuthSource(source: AuthSource): void {
  authSource = source;
}

/** The signed-in user's id, or null. */
export function currentUserId(): number | null {
  return authSource.userId();
}

/** The session's bearer token, for the few requests wretch cannot make (an upload with progress: lib/files.ts). */
export function currentToken(): string | null {
  return authSource.token();
}

let navigate: (path: string) => void = (path) => window.location.assign(path);
/** The shell registers React Router's navigate so a 401 does not reload the whole app. */
export function setNavigate(fn: (path: string) => void): void {
  navigate = fn;
}

let unauthorizedHandler: () => void = () => {};
/** Runs on every 401 before the redirect; the session store (shell/session.ts) uses it to drop the dead session. */
export function setUnauthorizedHandler(fn: () => void): void {
  unauthorizedHandler = fn;
}

const authListeners = new Set<() => void>();
/** Runs `listener` after every change of the session (sign-in, sign-out, a refreshed user). */
export function onAuthChange(listener: () => void): () => void {
  authListeners.add(listener);
  return () => authListeners.delete(listener);
}
/** The session store calls this whenever the session changed. */
export function authChanged(): void {
  authListeners.forEach((listener) => listener());
}

/** Runs a 401's consequences: the session store drops the dead session, then the app shows /login. */
export function unauthorized(): void {
  unauthorizedHandler();
  if (window.location.pathname !== '/login') navigate('/login');
}
