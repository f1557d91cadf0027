import { TEXTS } from '../../../shared/constants.ts';
import type { LoginResponse } from '../../../shared/contracts/auth.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, unprocessable } from '../../plugins/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { SchoolRequestsService } from '../schools/school-requests.service.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createUserStore, toUser, type UserRow } from '../users/users.service.ts';
import { createAccountService } from './account.service.ts';
import { createAuthMail } from './auth-mail.ts';
import { createAuthSessions } from './auth-sessions.ts';
import { createAuthRepository } from './auth.repository.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { newPasswordProblem } from './password-policy.ts';
import { newOpaqueToken, safeEqualHex, sha256, signVerification } from './tokens.ts';

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const BAD_RESET = 'This password reset token is invalid or has expired.';
// A hash of a password nobody has, verified when the e-mail is unknown so both paths cost the same.
let dummyHash: Promise<string> | null = null;

export function createAuthService(
  ctx: AppContext,
  deps: { limiter: RateLimiter; schools: SchoolsService; schoolRequests: SchoolRequestsService },
) {
  const repo = createAuthRepository(ctx.db);
  const users = createUserStore(ctx.db);
  const throttle = createLoginThrottle(ctx, deps.limiter, repo);
  const iso = (offsetMs = 0) => new Date(ctx.now().getTime() + offsetMs).toISOString();

  const { sessions, changes, issueToken, authenticateHash, authenticateSession } = createAuthSessions(
    ctx,
    repo,
    users,
  );

  async function mustGetUser(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw new Error(`user ${id} vanished`);
    return row;
  }

  const mail = createAuthMail(ctx, { repo, users, limiter: deps.limiter });
  const { sendVerificationMail } = mail;

  const account = createAccountService(ctx, {
    repo,
    users,
    schools: deps.schools,
    schoolRequests: deps.schoolRequests,
    sendVerificationMail,
  });

  /**
   * A new password must be neither a common one nor easy to guess for someone who knows the person's name and
   * address (the contract already checked its length).
   */
  async function checkNewPassword(
    password: string,
    person: { full_name: string; email: string },
  ): Promise<Record<string, string[]>> {
    const problem = await newPasswordProblem(password, person);
    return problem ? { password: [problem] } : {};
  }

  return {
    async login(
      body: { email: string; password: string; remember: boolean },
      ip: string,
      userAgent?: string,
    ): Promise<LoginResponse> {
      const row = await users.findByEmail(body.email);
      const ok = await throttle.attempt(body.email, ip, row?.id, async () => {
        dummyHash ??= ctx.hasher.hash('not-a-real-password-' + newOpaqueToken(), 'login');
        const matches = await ctx.hasher.verify(body.password, row?.password_hash ?? (await dummyHash));
        return row !== undefined && matches;
      });
      if (!row || !ok) throw unprocessable({ email: [BAD_CREDENTIALS] });
      if (row.is_active !== 1)
        throw unprocessable({ email: ['This account has been deactivated. Please contact your school.'] });
      return { access_token: await issueToken(row.id, body.remember, { ip, userAgent }), user: toUser(row) };
    },

    /**
     * Resolves a bearer token to its user; null when missing, expired, revoked or deactivated. Most requests
     * are answered from the session cache, which every change to sessions and users empties (see
     * session-cache.ts), in this process and the others.
     */
    authenticate(token: string): Authed | Promise<Authed | null> {
      return authenticateHash(sha256(token));
    },

    /** The session a signed file link names, if it is still alive (auth-sessions.ts). */
    authenticateSession,

    /**
     * Hears what makes cached sessions stale (a user id, or null for anyone), in this process and, through
     * the database, the others: an open event stream checks its owner again at once.
     */
    onSessionsChanged: (listener: (userId: number | null) => void) => sessions.onInvalidate(listener),

    /** The same as authenticate for a token known only by its hash: an open event stream checking it is still signed in. */
    authenticateHash: (tokenHash: string): Promise<Authed | null> =>
      Promise.resolve(authenticateHash(tokenHash)),

    logout: (tokenHash: string) => repo.deleteSessionByHash(tokenHash),

    /**
     * A new student starts in no school: the chosen one receives a request to approve (DESIGN.md section 4).
     * Every attempt counts against the address's hourly allowance, so neither account creation nor asking
     * "is this e-mail taken?" can be done at speed.
     */
    async register(
      body: {
        full_name: string;
        email: string;
        password: string;
        location_id: number;
        school_id: number;
      },
      ip: string,
      userAgent?: string,
    ): Promise<LoginResponse> {
      const key = `register:address:${ip}`;
      await deps.limiter.consume(key, ctx.config.registrationsPerHour, 3600_000);
      const errors: Record<string, string[]> = {};
      // Registration signs the new account in, so a free address and a taken one cannot answer alike (the
      // README, "Registration"): the hourly allowance slows the asking, and the owner is told of it.
      if (await users.emailTaken(body.email)) {
        errors.email = ['The email has already been taken.'];
        mail.noticeRegistrationAttempt(body.email);
      }
      Object.assign(errors, await checkNewPassword(body.password, body));
      Object.assign(errors, await deps.schools.checkPlacement(body.location_id, body.school_id));
      if (Object.keys(errors).length) throw unprocessable(errors);
      const now = iso();
      const id = await users.insert({
        email: body.email,
        full_name: body.full_name,
        password_hash: await ctx.hasher.hash(body.password),
        is_admin: 0,
        is_teacher: 0,
        taken_diagnostics: 0,
        school_id: null,
        location_id: body.location_id,
        email_verified_at: null,
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
      await deps.schoolRequests.ask(await mustGetUser(id), body.school_id, 'registration');
      const row = await mustGetUser(id);
      sendVerificationMail(row);
      return { access_token: await issueToken(id, false, { ip, userAgent }), user: toUser(row) };
    },

    sendVerificationEmail: mail.sendVerificationEmail,
    sendResetPasswordEmail: mail.sendResetPasswordEmail,
    sendInvitation: mail.sendInvitation,

    async verifyEmail(id: number, signature: string, expires: number): Promise<void> {
      const row = await users.findById(id);
      const signedFor = (email: string) =>
        row !== undefined && safeEqualHex(signature, signVerification(ctx.appKey, row.id, email, expires));
      // The link of the account's own address, or of the new address it asked to change to.
      const current = row !== undefined && signedFor(row.email);
      const pending = row && !current ? await account.pendingEmail(row.id) : null;
      if (!row || (!current && !(pending !== null && signedFor(pending)))) {
        throw unprocessable({ signature: ['This verification link is invalid.'] });
      }
      if (expires * 1000 < ctx.now().getTime()) {
        throw unprocessable({ expires: ['This verification link has expired. Please request a new one.'] });
      }
      if (!current) {
        await account.confirmEmailChange(row, signedFor);
        return;
      }
      if (row.email_verified_at === null)
        await users.update(id, { email_verified_at: iso(), updated_at: iso() });
    },

    async resetPassword(body: { token: string; email: string; password: string }): Promise<void> {
      const reset = await repo.findReset(sha256(body.token));
      const row = reset ? await users.findById(reset.user_id) : undefined;
      if (!reset || !row || row.email !== body.email || reset.used_at !== null || reset.expires_at <= iso()) {
        throw unprocessable({ token: [BAD_RESET] });
      }
      const weak = await checkNewPassword(body.password, row);
      if (Object.keys(weak).length) throw unprocessable(weak);
      const hash = await ctx.hasher.hash(body.password);
      if (!(await repo.consumeReset(reset.id, iso()))) throw unprocessable({ token: [BAD_RESET] });
      // The mail reached its owner, so the address is verified too.
      await users.update(row.id, {
        password_hash: hash,
        email_verified_at: row.email_verified_at ?? iso(),
        updated_at: iso(),
      });
      await repo.invalidateResetsOfUser(row.id, iso());
      await repo.deleteSessionsOfUser(row.id);
    },

    async changePassword(
      actor: UserRow,
      targetId: number,
      tokenHash: string,
      body: { current_password: string; password: string },
    ): Promise<string> {
      if (actor.id !== targetId) throw forbidden('You can only change your own password.');
      if (!(await ctx.hasher.verify(body.current_password, actor.password_hash))) {
        throw unprocessable({ current_password: ['The current password is incorrect.'] });
      }
      const weak = await checkNewPassword(body.password, actor);
      if (Object.keys(weak).length) throw unprocessable(weak);
      await users.update(actor.id, {
        password_hash: await ctx.hasher.hash(body.password),
        updated_at: iso(),
      });
      await repo.deleteSessionsOfUser(actor.id, tokenHash);
      return TEXTS.passwordSaved;
    },

    updateAccount: account.updateAccount,
    account,

    deleteExpiredSessions: async () => {
      await repo.deleteExpiredSessions(iso());
      await throttle.forgetStale();
    },
    revokeAllSessions: (userId: number) => repo.deleteSessionsOfUser(userId),

    /** Starts hearing changes to sessions and users; the session cache is off until then. */
    start: () => changes.start(),
    stop: () => changes.stop(),
    /** Around each request (plugins/auth.ts): a request that changed what the cache holds waits until it has been heard. */
    writeMark: () => changes.mark(),
    settleWritesSince: (mark: number) => changes.settleSince(mark),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
