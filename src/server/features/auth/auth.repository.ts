import type { Db } from '../../db/database.ts';

export function createAuthRepository(db: Db) {
  return {
    insertSession: (values: {
      user_id: number;
      token_hash: string;
      remember: number;
      expires_at: string;
      now: string;
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
        })
        .execute(),
    touchSession: (id: number, now: string) =>
      db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute(),
    deleteSessionByHash: (tokenHash: string) =>
      db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute(),
    deleteSessionsOfUser: (userId: number, exceptHash?: string) => {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptHash) q = q.where('token_hash', '!=', exceptHash);
      return q.execute();
    },
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
