import {
  TOKEN_TTL_REMEMBER_MS,
  TOKEN_TTL_SESSION_MS,
  VERIFY_LINK_TTL_MS,
  RESET_TOKEN_TTL_MS,
  TEXTS,
} from '../../../shared/constants.ts';
import type { LoginResponse, User } from '../../../shared/contracts/auth.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, unprocessable } from '../../plugins/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import { createUsersRepository, type UserRow } from '../users/users.repository.ts';
import { toUser } from '../users/users.service.ts';
import { createAuthRepository } from './auth.repository.ts';
import { newOpaqueToken, safeEqualHex, sha256, signVerification } from './tokens.ts';

const BAD_CREDENTIALS = 'These credentials do not match our records.';
const BAD_RESET = 'This password reset token is invalid or has expired.';
// A hash of a password nobody has, verified when the e-mail is unknown so both paths cost the same.
let dummyHash: Promise<string> | null = null;

export function createAuthService(
  ctx: AppContext,
  deps: { limiter: RateLimiter; schools: SchoolsService; notifications: NotificationsService },
) {
  const repo = createAuthRepository(ctx.db);
  const users = createUsersRepository(ctx.db);
  const iso = (offsetMs = 0) => new Date(ctx.now().getTime() + offsetMs).toISOString();

  async function issueToken(userId: number, remember: boolean): Promise<string> {
    const token = newOpaqueToken();
    await repo.insertSession({
      user_id: userId,
      token_hash: sha256(token),
      remember: remember ? 1 : 0,
      expires_at: iso(remember ? TOKEN_TTL_REMEMBER_MS : TOKEN_TTL_SESSION_MS),
      now: iso(),
    });
    return token;
  }

  async function mustGetUser(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw new Error(`user ${id} vanished`);
    return row;
  }

  function verificationLink(user: Pick<UserRow, 'id' | 'email'>): string {
    const expires = Math.floor((ctx.now().getTime() + VERIFY_LINK_TTL_MS) / 1000);
    const signature = signVerification(ctx.appKey, user.id, user.email, expires);
    return `${ctx.config.appUrl}/verify_email?id=${user.id}&signature=${signature}&expires=${expires}`;
  }

  async function sendVerificationMail(user: Pick<UserRow, 'id' | 'email' | 'full_name'>): Promise<void> {
    const link = verificationLink(user);
    await ctx.mailer.send({
      to: user.email,
      subject: 'Verify your Pathbuilder e-mail address',
      text: `Hello ${user.full_name},\n\nPlease confirm your e-mail address by opening this link within 60 minutes:\n${link}\n\nIf you did not create a Pathbuilder account, ignore this message.`,
      link,
    });
  }

  return {
    async login(
      body: { email: string; password: string; remember: boolean },
      ip: string,
    ): Promise<LoginResponse> {
      const { loginMaxFailures: max, loginWindowMs: windowMs } = ctx.config;
      const accountKey = `login:account:${body.email}`;
      const addressKey = `login:address:${ip}`;
      await deps.limiter.check([
        { key: accountKey, max },
        { key: addressKey, max: max * 10 },
      ]);
      const row = await users.findByEmail(body.email);
      dummyHash ??= ctx.hasher.hash('not-a-real-password-' + newOpaqueToken());
      const ok = await ctx.hasher.verify(body.password, row?.password_hash ?? (await dummyHash));
      if (!row || !ok) {
        await deps.limiter.hit(accountKey, windowMs);
        await deps.limiter.hit(addressKey, windowMs);
        throw unprocessable({ email: [BAD_CREDENTIALS] });
      }
      if (row.is_active !== 1)
        throw unprocessable({ email: ['This account has been deactivated. Please contact your school.'] });
      await deps.limiter.clear(accountKey);
      return { access_token: await issueToken(row.id, body.remember), user: toUser(row) };
    },

    /** Resolves a bearer token to its user; null when missing, expired, revoked or deactivated. */
    async authenticate(token: string): Promise<{ user: UserRow; tokenHash: string } | null> {
      const tokenHash = sha256(token);
      const now = iso();
      const found = await users.findByLiveSession(tokenHash, now);
      if (!found || found.is_active !== 1) return null;
      const { session_id, session_last_used_at, ...user } = found;
      // Recording use once a minute is enough for an audit trail and keeps reads free of writes.
      if (Date.parse(now) - Date.parse(session_last_used_at) > 60_000)
        await repo.touchSession(session_id, now);
      return { user, tokenHash };
    },

    logout: (tokenHash: string) => repo.deleteSessionByHash(tokenHash),

    async register(body: {
      full_name: string;
      email: string;
      password: string;
      location_id: number;
      school_id: number;
    }): Promise<LoginResponse> {
      const errors: Record<string, string[]> = {};
      if (await users.emailTaken(body.email)) errors.email = ['The email has already been taken.'];
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
        school_id: body.school_id,
        location_id: body.location_id,
        email_verified_at: null,
        is_active: 1,
        created_at: now,
        updated_at: now,
      });
      const row = await mustGetUser(id);
      await sendVerificationMail(row);
      const staff = [...(await users.idsOfAdmins()), ...(await users.idsOfTeachersOfSchool(body.school_id))];
      await deps.notifications.notify([...new Set(staff)], {
        title: 'New student registered',
        body: `${row.full_name} (${row.email}) joined ${row.school_name ?? 'Pathbuilder'}.`,
        link: '/admin/users',
      });
      return { access_token: await issueToken(id, false), user: toUser(row) };
    },

    async sendVerificationEmail(email: string): Promise<void> {
      const row = await users.findByEmail(email);
      if (!row || row.email_verified_at !== null || row.is_active !== 1) return;
      // At most five mails an hour per address, silently: the answer must not reveal who is registered.
      const key = `mail:verify:${email}`;
      try {
        await deps.limiter.check([{ key, max: 5 }]);
      } catch {
        return;
      }
      await deps.limiter.hit(key, 3600_000);
      await sendVerificationMail(row);
    },

    async verifyEmail(id: number, signature: string, expires: number): Promise<void> {
      const row = await users.findById(id);
      const expected = row ? signVerification(ctx.appKey, row.id, row.email, expires) : '';
      if (!row || !safeEqualHex(signature, expected)) {
        throw unprocessable({ signature: ['This verification link is invalid.'] });
      }
      if (expires * 1000 < ctx.now().getTime()) {
        throw unprocessable({ expires: ['This verification link has expired. Please request a new one.'] });
      }
      if (row.email_verified_at === null)
        await users.update(id, { email_verified_at: iso(), updated_at: iso() });
    },

    async sendResetPasswordEmail(email: string): Promise<void> {
      const row = await users.findByEmail(email);
      if (!row || row.is_active !== 1) return;
      const key = `mail:reset:${email}`;
      try {
        await deps.limiter.check([{ key, max: 5 }]);
      } catch {
        return;
      }
      await deps.limiter.hit(key, 3600_000);
      const token = newOpaqueToken();
      await repo.insertReset({
        user_id: row.id,
        token_hash: sha256(token),
        expires_at: iso(RESET_TOKEN_TTL_MS),
        now: iso(),
      });
      const link = `${ctx.config.appUrl}/reset-password?token=${token}&email=${encodeURIComponent(row.email)}`;
      await ctx.mailer.send({
        to: row.email,
        subject: 'Reset your Pathbuilder password',
        text: `Hello ${row.full_name},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.`,
        link,
      });
    },

    async resetPassword(body: { token: string; email: string; password: string }): Promise<void> {
      const reset = await repo.findReset(sha256(body.token));
      const row = reset ? await users.findById(reset.user_id) : undefined;
      if (!reset || !row || row.email !== body.email || reset.used_at !== null || reset.expires_at <= iso()) {
        throw unprocessable({ token: [BAD_RESET] });
      }
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
      await users.update(actor.id, {
        password_hash: await ctx.hasher.hash(body.password),
        updated_at: iso(),
      });
      await repo.deleteSessionsOfUser(actor.id, tokenHash);
      return TEXTS.passwordSaved;
    },

    async updateAccount(
      actor: UserRow,
      targetId: number,
      body: { full_name: string; email: string; location_id: number | null; school_id: number | null },
    ): Promise<User> {
      if (actor.id !== targetId) throw forbidden('You can only edit your own account.');
      const errors: Record<string, string[]> = {};
      if (await users.emailTaken(body.email, actor.id)) errors.email = ['The email has already been taken.'];
      if (body.school_id !== null || body.location_id !== null) {
        Object.assign(errors, await deps.schools.checkPlacement(body.location_id, body.school_id));
      }
      if (Object.keys(errors).length) throw unprocessable(errors);
      const emailChanged = body.email !== actor.email;
      await users.update(actor.id, {
        full_name: body.full_name,
        email: body.email,
        location_id: body.location_id,
        school_id: body.school_id,
        email_verified_at: emailChanged ? null : actor.email_verified_at,
        updated_at: iso(),
      });
      const row = await mustGetUser(actor.id);
      if (emailChanged) await sendVerificationMail(row);
      return toUser(row);
    },

    deleteExpiredSessions: () => repo.deleteExpiredSessions(iso()),
    revokeAllSessions: (userId: number) => repo.deleteSessionsOfUser(userId),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
