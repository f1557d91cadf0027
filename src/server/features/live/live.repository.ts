import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/schema.ts';
import { schoolAim } from '../../db/school-aim.ts';

/** Who may see which sessions: every one (admins), or those for every school or one of `schoolIds`. */
export type LiveScope = { all: true } | { schoolIds: number[] };

const SESSION_COLUMNS = [
  'c.id',
  'c.title',
  'c.summary',
  'c.body_html',
  'c.published',
  'c.starts_at',
  'c.ends_at',
  'c.meeting_url',
] as const;

function sessionsOf(db: Db) {
  return db
    .selectFrom('content_items as c')
    .where('c.kind', '=', 'live-discussion')
    .where('c.starts_at', 'is not', null)
    .where('c.ends_at', 'is not', null);
}

/** A session's own columns: what deciding who may see it, post to it or stream it needs. */
function selectSessionHeads(db: Db) {
  return sessionsOf(db).select(SESSION_COLUMNS);
}
export type SessionHead = RowOf<ReturnType<typeof selectSessionHeads>>;

/** Sessions as shown: their columns and how many messages (not removed) each holds. */
function selectSessions(db: Db) {
  return sessionsOf(db).select((eb) => [
    ...SESSION_COLUMNS,
    eb
      .selectFrom('live_messages as m')
      .select((m) => m.fn.countAll<number | string>().as('n'))
      .whereRef('m.content_id', '=', 'c.id')
      .where('m.deleted_at', 'is', null)
      .as('message_count'),
  ]);
}
type SessionQuery = ReturnType<typeof selectSessions>;
export type SessionRow = RowOf<SessionQuery>;

const aim = schoolAim('content_schools', 'c.id');

function inScope(q: SessionQuery, scope: LiveScope): SessionQuery {
  if ('all' in scope) return q;
  return q.where((eb) =>
    eb.or([aim.everySchool(), ...(scope.schoolIds.length ? [aim.oneOf(scope.schoolIds)] : [])]),
  );
}

function selectMessages(db: Db) {
  return db
    .selectFrom('live_messages as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.content_id',
      'm.client_id',
      'm.user_id',
      'm.body',
      'm.created_at',
      'm.deleted_at',
      'u.full_name as author_name',
      'u.is_admin',
      'u.is_teacher',
    ]);
}
export type MessageRow = RowOf<ReturnType<typeof selectMessages>>;

export function createLiveRepository(db: Db) {
  return {
    /** Published sessions in scope: upcoming and live ones all, the latest `pastLimit` past ones. */
    async listPublished(scope: LiveScope, nowIso: string, pastLimit: number): Promise<SessionRow[]> {
      const base = inScope(selectSessions(db), scope).where('c.published', '=', 1);
      const current = await base
        .where('c.ends_at', '>', nowIso)
        .orderBy('c.starts_at')
        .orderBy('c.id')
        .execute();
      const past = await base
        .where('c.ends_at', '<=', nowIso)
        .orderBy('c.starts_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(pastLimit)
        .execute();
      return [...current, ...past];
    },

    /** A session without its message count (a count of every message, which posting and streaming skip). */
    find: (id: number) => selectSessionHeads(db).where('c.id', '=', id).executeTakeFirst(),

    /** A session as shown, with its message count. */
    findCounted: (id: number) => selectSessions(db).where('c.id', '=', id).executeTakeFirst(),

    schoolIdsOf: async (id: number): Promise<number[]> =>
      (await db.selectFrom('content_schools').select('school_id').where('content_id', '=', id).execute()).map(
        (r) => r.school_id,
      ),

    async schoolIdsOfMany(ids: number[]): Promise<Map<number, number[]>> {
      const map = new Map<number, number[]>();
      if (!ids.length) return map;
      const rows = await db
        .selectFrom('content_schools')
        .select(['content_id', 'school_id'])
        .where('content_id', 'in', ids)
        .execute();
      for (const r of rows) map.set(r.content_id, [...(map.get(r.content_id) ?? []), r.school_id]);
      return map;
    },

    /** The latest `limit` messages, oldest first, and whether there are earlier ones. */
    async latest(contentId: number, limit: number): Promise<{ rows: MessageRow[]; hasEarlier: boolean }> {
      const rows = await selectMessages(db)
        .where('m.content_id', '=', contentId)
        .orderBy('m.id', 'desc')
        .limit(limit + 1)
        .execute();
      return { rows: rows.slice(0, limit).reverse(), hasEarlier: rows.length > limit };
    },

    after: (contentId: number, afterId: number, limit: number) =>
      selectMessages(db)
        .where('m.content_id', '=', contentId)
        .where('m.id', '>', afterId)
        .orderBy('m.id')
        .limit(limit)
        .execute(),

    /** Ids of removed messages up to `uptoId`: a stream resuming there learns of removals it missed. */
    removedUpTo: async (contentId: number, uptoId: number): Promise<number[]> =>
      (
        await db
          .selectFrom('live_messages')
          .select('id')
          .where('content_id', '=', contentId)
          .where('id', '<=', uptoId)
          .where('deleted_at', 'is not', null)
          .execute()
      ).map((r) => r.id),

    message: (id: number) => selectMessages(db).where('m.id', '=', id).executeTakeFirst(),

    byClientId: (contentId: number, clientId: string) =>
      selectMessages(db)
        .where('m.content_id', '=', contentId)
        .where('m.client_id', '=', clientId)
        .executeTakeFirst(),

    /** Inserts unless the client id is taken in the thread (a resend); the new row's id, or null. */
    async insert(m: { content_id: number; user_id: number; client_id: string; body: string; now: string }) {
      const row = await db
        .insertInto('live_messages')
        .values({
          content_id: m.content_id,
          user_id: m.user_id,
          client_id: m.client_id,
          body: m.body,
          created_at: m.now,
        })
        .onConflict((oc) => oc.columns(['content_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Marks a message removed (once); whether this call removed it. */
    async remove(contentId: number, id: number, by: number, now: string): Promise<boolean> {
      const res = await db
        .updateTable('live_messages')
        .set({ deleted_at: now, deleted_by: by })
        .where('id', '=', id)
        .where('content_id', '=', contentId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
