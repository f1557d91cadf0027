import type { Db } from '../../db/database.ts';
import { sharedCommit } from '../../db/transaction.ts';

export function createAuthRepository(db: Db) {
  return {
    insertSession: (values: {
      user_id: number;
      token_hash: string;
      remember: number;
      expires_at: string;
      now: string;
      user_agent: string | null;
      ip_label: string | null;
    }) =>
      db
        .insertInto('sessions')
        .values({
          user_id: values.user_id,
          token_hash: values.token_hash,
          remember: values.remember,
          expires_at: values.expires_at,
          created_at: values.now,
          last_used_at: values.now,
          user_agent: values.user_agent,
          ip_label: values.ip_label,
        })
        .execute(),
    /** A user's live sessions, the most recently used first. */
    sessionsOfUser: (userId: number, now: string) =>
      db
        .selectFrom('sessions')
        .select(['id', 'token_hash', 'user_agent', 'ip_label', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('last_used_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),
    /** Deletes one session of this user; false when it is not theirs (or gone). */
    deleteSessionOfUser: async (userId: number, id: number) =>
      Number(
        (
          await db
            .deleteFrom('sessions')
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst()
        ).numDeletedRows,
      ) > 0,
    // Once a minute per session: shared with other writes' commit rather than a sync of its own.
    touchSession: (id: number, now: string) =>
      sharedCommit(db, (w) =>
        w.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute(),
      ),
    tokenHashOfSession: async (id: number) =>
      (await db.selectFrom('sessions').select('token_hash').where('id', '=', id).executeTakeFirst())
        ?.token_hash,
    deleteSessionByHash: (tokenHash: string) =>
      db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute(),
    deleteSessionsOfUser: async (userId: number, exceptHash?: string) => {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptHash) q = q.where('token_hash', '!=', exceptHash);
      return Number((await q.executeTakeFirst()).numDeletedRows);
    },

    pendingEmail: async (userId: number) =>
      (
        await db
          .selectFrom('email_changes')
          .select('new_email')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.new_email ?? null,
    /** One pending change per user: asking again replaces the address waiting. */
    setPendingEmail: async (userId: number, email: string, now: string) => {
      await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
      await db
        .insertInto('email_changes')
        .values({ user_id: userId, new_email: email, created_at: now })
        .execute();
    },
    clearPendingEmail: (userId: number) =>
      db.deleteFrom('email_changes').where('user_id', '=', userId).execute(),
    deleteExpiredSessions: (now: string) =>
      db.deleteFrom('sessions').where('expires_at', '<=', now).execute(),

    insertReset: (values: { user_id: number; token_hash: string; expires_at: string; now: string }) =>
      db
        .insertInto('password_resets')
        .values({
          user_id: values.user_id,
          token_hash: values.token_hash,
          expires_at: values.expires_at,
          used_at: null,
          created_at: values.now,
        })
        .execute(),
    findReset: (tokenHash: string) =>
      db
        .selectFrom('password_resets')
        .select(['id', 'user_id', 'expires_at', 'used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),
    /** Marks the token used only if it still was unused: the update count tells who won a race. */
    consumeReset: async (id: number, now: string) => {
      const r = await db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    invalidateResetsOfUser: (userId: number, now: string) =>
      db
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute(),

    /** Has this account signed in from this address since `since`? */
    knownAddress: async (userId: number, addressHash: string, since: string) =>
      (await db
        .selectFrom('login_addresses')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('address_hash', '=', addressHash)
        .where('last_success_at', '>', since)
        .executeTakeFirst()) !== undefined,
    rememberAddress: (userId: number, addressHash: string, now: string) =>
      db
        .insertInto('login_addresses')
        .values({ user_id: userId, address_hash: addressHash, last_success_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'address_hash']).doUpdateSet({ last_success_at: now }))
        .execute(),
    forgetAddressesBefore: (before: string) =>
      db.deleteFrom('login_addresses').where('last_success_at', '<=', before).execute(),
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
