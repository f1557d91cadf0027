import { RESET_TOKEN_TTL_MS, VERIFY_LINK_TTL_MS } from '../../../shared/constants.ts';
import type { AppContext } from '../../context.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { UserRow, UsersRepository } from '../users/users.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import { newOpaqueToken, sha256, signVerification } from './tokens.ts';

// An invitation waits for someone who did not ask for it: a week, not a reset's half hour.
const INVITATION_TTL_MS = 7 * 24 * 3600_000;

/** The auth feature's mail: verification links, reset links and invitations. */
export function createAuthMail(
  ctx: AppContext,
  deps: { repo: AuthRepository; users: UsersRepository; limiter: RateLimiter },
) {
  const { repo, users } = deps;
  const iso = (offsetMs = 0) => new Date(ctx.now().getTime() + offsetMs).toISOString();

  function verificationLink(user: Pick<UserRow, 'id' | 'email'>): string {
    const expires = Math.floor((ctx.now().getTime() + VERIFY_LINK_TTL_MS) / 1000);
    const signature = signVerification(ctx.appKey, user.id, user.email, expires);
    return `${ctx.config.appUrl}/verify_email?id=${user.id}&signature=${signature}&expires=${expires}`;
  }

  /** Queued after the response: SMTP's round trips are not the requester's to wait for (or to time). */
  function sendVerificationMail(user: Pick<UserRow, 'id' | 'email' | 'full_name'>): void {
    const link = verificationLink(user);
    ctx.tasks.run('verification mail', () =>
      ctx.mailer.send({
        to: user.email,
        subject: 'Verify your Pathbuilder e-mail address',
        text: `Hello ${user.full_name},\n\nPlease confirm your e-mail address by opening this link within 60 minutes:\n${link}\n\nIf you did not create a Pathbuilder account, ignore this message.`,
        link,
      }),
    );
  }

  return {
    sendVerificationMail,

    /**
     * Everything, even the look-up, happens after the response: the answer and its timing are the same
     * whether or not the address is registered.
     */
    sendVerificationEmail(email: string): void {
      ctx.tasks.run('verification mail request', async () => {
        const row = await users.findByEmail(email);
        if (!row || row.email_verified_at !== null || row.is_active !== 1) return;
        // At most five mails an hour per address, silently: the answer must not reveal who is registered.
        const key = `mail:verify:${email}`;
        if (!(await deps.limiter.within(key, 5, 3600_000))) return;
        sendVerificationMail(row);
      });
    },

    /** Like sendVerificationEmail: all of it after the response, so no answer tells who is registered. */
    sendResetPasswordEmail(email: string): void {
      ctx.tasks.run('reset mail', async () => {
        const row = await users.findByEmail(email);
        if (!row || row.is_active !== 1) return;
        const key = `mail:reset:${email}`;
        if (!(await deps.limiter.within(key, 5, 3600_000))) return;
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
      });
    },

    /**
     * Someone tried to register with an address that has an account: its owner hears of it (at most once an
     * hour), so probing for who is registered does not go unnoticed, and a forgetful owner learns how back in.
     */
    noticeRegistrationAttempt(email: string): void {
      ctx.tasks.run('registration attempt notice', async () => {
        const row = await users.findByEmail(email);
        if (!row || row.is_active !== 1) return;
        const key = `mail:register-attempt:${email}`;
        if (!(await deps.limiter.within(key, 1, 3600_000))) return;
        await ctx.mailer.send({
          to: row.email,
          subject: 'Someone tried to register with your Pathbuilder address',
          text: `Hello ${row.full_name},\n\nSomeone just tried to create a new Pathbuilder account with this e-mail address, which already has one. If it was you, sign in at ${ctx.config.appUrl}/login, or choose a new password at ${ctx.config.appUrl}/reset-password if you have forgotten it.\n\nIf it was not you, nothing has changed: no account was created and your password stays as it is.`,
        });
      });
    },

    /**
     * A user made by staff has no password: the invitation is a reset link (the reset verifies the address,
     * so one mail does both), valid longer than a reset because nobody asked for it and may be away.
     */
    sendInvitation(user: Pick<UserRow, 'id' | 'email' | 'full_name'>, invitedBy: string): void {
      ctx.tasks.run('invitation mail', async () => {
        const token = newOpaqueToken();
        await repo.insertReset({
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: iso(INVITATION_TTL_MS),
          now: iso(),
        });
        const link = `${ctx.config.appUrl}/reset-password?token=${token}&email=${encodeURIComponent(user.email)}`;
        await ctx.mailer.send({
          to: user.email,
          subject: 'You are invited to Pathbuilder',
          text: `Hello ${user.full_name},\n\n${invitedBy} has created a Pathbuilder account for you. Open this link within 7 days to choose your password and sign in:\n${link}\n\nIf you did not expect this, ignore this message.`,
          link,
        });
      });
    },
  };
}
