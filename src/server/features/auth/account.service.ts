import type { Device } from '../../../shared/contracts/account.ts';
import type { User } from '../../../shared/contracts/auth.ts';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { SchoolRequestsService } from '../schools/school-requests.service.ts';
import type { SchoolsService } from '../schools/schools.service.ts';
import type { UsersRepository, UserRow } from '../users/users.service.ts';
import { roleOf, toUser } from '../users/users.service.ts';
import type { AuthRepository } from './auth.repository.ts';
import { deviceLabel } from './devices.ts';

const TAKEN = 'The email has already been taken.';

/**
 * The Account screen (spec 2.2 /accounts): profile details, a change of e-mail address that waits for the
 * new address to be confirmed, and the signed-in devices. Part of the auth feature: it shares its sessions
 * and its verification links.
 */
export function createAccountService(
  ctx: AppContext,
  deps: {
    repo: AuthRepository;
    users: UsersRepository;
    schools: SchoolsService;
    schoolRequests: SchoolRequestsService;
    sendVerificationMail: (user: Pick<UserRow, 'id' | 'email' | 'full_name'>) => void;
  },
) {
  const { repo, users } = deps;
  const iso = () => ctx.now().toISOString();

  /** The old address hears of the change, so a stolen session cannot quietly take the account over. */
  function notifyOldAddress(user: UserRow, newEmail: string): void {
    ctx.tasks.run('e-mail change notice', () =>
      ctx.mailer.send({
        to: user.email,
        subject: 'Your Pathbuilder e-mail address is about to change',
        text: `Hello ${user.full_name},\n\nSomeone signed in to your account asked to change its e-mail address to ${newEmail}. The change happens only when the link sent to that address is opened; until then you keep signing in with this one.\n\nIf this was not you, change your password now: that signs out every other device.`,
      }),
    );
  }

  /** Staff asked for the change: the owner hears who, and how to stop it. */
  function notifyOldAddressOfStaffChange(
    user: UserRow,
    newEmail: string,
    staffName: string,
    applied: boolean,
  ) {
    const what = applied
      ? `${staffName} has replaced the e-mail address of your Pathbuilder account, which had not been used yet, with ${newEmail}. The invitation sent to this address no longer works.`
      : `${staffName} asked to change the e-mail address of your Pathbuilder account to ${newEmail}. The change happens only when the link sent to that address is opened; until then you keep signing in with this one.\n\nIf you did not expect this, sign in and withdraw the change on your Account page, and tell your school.`;
    ctx.tasks.run('e-mail change notice', () =>
      ctx.mailer.send({
        to: user.email,
        subject: 'Your Pathbuilder e-mail address is about to change',
        text: `Hello ${user.full_name},\n\n${what}`,
      }),
    );
  }

  return {
    /**
     * A change of address asked by staff (Manage Users): the same wait for the new address's link as the
     * user's own change, so it applies only once confirmed, and the current address hears who asked.
     */
    async requestEmailChange(user: UserRow, newEmail: string, staffName: string): Promise<void> {
      await repo.setPendingEmail(user.id, newEmail, iso());
      deps.sendVerificationMail({ id: user.id, email: newEmail, full_name: user.full_name });
      notifyOldAddressOfStaffChange(user, newEmail, staffName, false);
    },

    noticeEmailReplaced: (user: UserRow, newEmail: string, staffName: string) =>
      notifyOldAddressOfStaffChange(user, newEmail, staffName, true),

    async updateAccount(
      actor: UserRow,
      targetId: number,
      body: { full_name: string; email: string; location_id: number | null; school_id: number | null },
    ): Promise<User> {
      if (actor.id !== targetId) throw forbidden('You can only edit your own account.');
      const errors: Record<string, string[]> = {};
      const emailChanged = body.email !== actor.email;
      if (emailChanged && (await users.emailTaken(body.email, actor.id))) errors.email = [TAKEN];
      if (body.school_id !== null || body.location_id !== null) {
        Object.assign(errors, await deps.schools.checkPlacement(body.location_id, body.school_id));
      }
      // Staff set their own school; a student asks for a new one, and stays where they are until approved.
      const asks = roleOf(actor) === 'student' && body.school_id !== actor.school_id;
      if (asks && body.school_id === null) {
        errors.school_id = ['Only your school can remove you from it. Please ask one of its teachers.'];
      }
      if (Object.keys(errors).length) throw unprocessable(errors);
      // The school they are in already is no request: an open one stays open while they edit their name.
      if (asks && body.school_id !== null) {
        await deps.schoolRequests.ask({ ...actor, full_name: body.full_name }, body.school_id, 'account');
      }
      await users.update(actor.id, {
        full_name: body.full_name,
        // A move waits for approval, and the location goes with the school (approval sets both).
        location_id: asks ? actor.location_id : body.location_id,
        school_id: asks ? actor.school_id : body.school_id,
        updated_at: iso(),
      });
      // A new address waits for its link; the old one stays the account's until then.
      if (emailChanged) {
        await repo.setPendingEmail(actor.id, body.email, iso());
        deps.sendVerificationMail({ id: actor.id, email: body.email, full_name: body.full_name });
        notifyOldAddress(actor, body.email);
      }
      const row = await users.findById(actor.id);
      if (!row) throw notFound('Your account no longer exists.');
      return toUser(row);
    },

    pendingEmail: (userId: number) => repo.pendingEmail(userId),

    /** Withdraws a change not confirmed yet: its link stops working. */
    cancelEmailChange: (userId: number) => repo.clearPendingEmail(userId),

    /**
     * A verification link signed for the pending address: it becomes the account's, verified. Null when the
     * link is not for a pending change (the caller then refuses it as invalid).
     */
    async confirmEmailChange(
      user: UserRow,
      matches: (email: string) => boolean,
    ): Promise<'confirmed' | null> {
      const pending = await repo.pendingEmail(user.id);
      if (pending === null || !matches(pending)) return null;
      // Someone may have registered the address while the link waited.
      if (await users.emailTaken(pending, user.id)) {
        await repo.clearPendingEmail(user.id);
        throw unprocessable({ email: [TAKEN] });
      }
      await users.update(user.id, { email: pending, email_verified_at: iso(), updated_at: iso() });
      await repo.clearPendingEmail(user.id);
      return 'confirmed';
    },

    async devices(userId: number, tokenHash: string): Promise<Device[]> {
      const rows = await repo.sessionsOfUser(userId, iso());
      return rows.map((r) => ({
        id: r.id,
        device: deviceLabel(r.user_agent),
        ip_label: r.ip_label,
        created_at: r.created_at,
        last_used_at: r.last_used_at,
        current: r.token_hash === tokenHash,
      }));
    },

    /** Signs one of the user's own devices out; its next request is refused (the session cache hears it). */
    async signOutDevice(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteSessionOfUser(userId, id))) throw notFound('That device is not signed in.');
    },

    signOutOthers: (userId: number, tokenHash: string) => repo.deleteSessionsOfUser(userId, tokenHash),
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
