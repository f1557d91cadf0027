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
