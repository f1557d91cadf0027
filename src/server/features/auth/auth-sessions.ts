import { TOKEN_TTL_REMEMBER_MS, TOKEN_TTL_SESSION_MS } from '../../../shared/constants.ts';
import type { AppContext } from '../../context.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { UsersRepository } from '../users/users.service.ts';
import { createAuthChanges } from './auth-changes.repository.ts';
import type { AuthRepository } from './auth.repository.ts';
import { ipLabel, shortUserAgent } from './devices.ts';
import { createSessionCache } from './session-cache.ts';
import { newOpaqueToken, sha256 } from './tokens.ts';

/** Sessions: a token issued at sign-in, and a token (or its hash, or a session id) resolved to its user. */
export function createAuthSessions(ctx: AppContext, repo: AuthRepository, users: UsersRepository) {
  const sessions = createSessionCache();
  const changes = createAuthChanges(ctx.config, ctx.writes, sessions, ctx.log);
  const iso = (offsetMs = 0) => new Date(ctx.now().getTime() + offsetMs).toISOString();

  /** The database's answer for a token the cache could not vouch for; the cache keeps it for the next ones. */
  async function lookUpSession(tokenHash: string, nowMs: number): Promise<Authed | null> {
    const since = sessions.generation();
    const now = new Date(nowMs).toISOString();
    const found = await users.findByLiveSession(tokenHash, now);
    if (!found || found.is_active !== 1) return null;
    const { session_id, session_last_used_at, session_expires_at, ...user } = found;
    // Recording use once a minute is enough for an audit trail and keeps reads free of writes.
    if (nowMs - Date.parse(session_last_used_at) > 60_000) await repo.touchSession(session_id, now);
    // Frozen: one cached object serves many requests, so none may change it for the others.
    const auth = Object.freeze({ user: Object.freeze(user), tokenHash, sessionId: session_id });
    sessions.set(
      tokenHash,
      { auth, sessionId: session_id, expiresAt: Date.parse(session_expires_at), cachedAt: nowMs },
      since,
    );
    return auth;
  }

  /** `from`: what signed in, named on the Account screen's device list. */
  async function issueToken(
    userId: number,
    remember: boolean,
    from: { ip?: string; userAgent?: string },
  ): Promise<string> {
    const token = newOpaqueToken();
    await repo.insertSession({
      user_id: userId,
      token_hash: sha256(token),
      remember: remember ? 1 : 0,
      expires_at: iso(remember ? TOKEN_TTL_REMEMBER_MS : TOKEN_TTL_SESSION_MS),
      now: iso(),
      user_agent: shortUserAgent(from.userAgent),
      ip_label: ipLabel(from.ip),
    });
    return token;
  }

  /** The signed-in user of a token hash; from the session cache when it can vouch, else the database. */
  function authenticateHash(tokenHash: string): Authed | Promise<Authed | null> {
    const nowMs = ctx.now().getTime();
    if (changes.fresh()) {
      const hit = sessions.get(tokenHash, nowMs);
      // Not wrapped in a promise: the auth hook then answers most requests without waiting a turn.
      if (hit) return hit.auth;
    }
    return lookUpSession(tokenHash, nowMs);
  }

  // A session's row id → its token hash, which never changes (signed file links name the id).
  const sessionHashes = new Map<number, string>();

  /**
   * The session a signed file link names, if it is still alive (not logged out, not expired, its user
   * active): the link ends when the session does. A session's token hash never changes, so it is kept.
   */
  async function authenticateSession(sessionId: number): Promise<Authed | null> {
    let tokenHash = sessionHashes.get(sessionId);
    if (tokenHash === undefined) {
      const found = await repo.tokenHashOfSession(sessionId);
      if (!found) return null;
      tokenHash = found;
      if (sessionHashes.size >= 10_000) sessionHashes.delete(sessionHashes.keys().next().value!);
      sessionHashes.set(sessionId, tokenHash);
    }
    return authenticateHash(tokenHash);
  }

  return { sessions, changes, issueToken, authenticateHash, authenticateSession };
}
