import {
  LIVE_LIMITS,
  type LiveDetail,
  type LiveList,
  type LiveMessage,
  type LiveMessageBody,
  type LiveSession,
  type LiveState,
} from '../../../shared/contracts/live.ts';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../db/transaction.ts';
import { MAX_PAYLOAD_BYTES, type EventBus } from '../../plugins/event-bus.ts';
import { forbidden, HttpError, notFound } from '../../plugins/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { createLiveStreams, type LiveBusEvent } from './live-streams.ts';
import type { StreamSink } from './stream-kit.ts';
import {
  createLiveRepository,
  type LiveScope,
  type MessageRow,
  type SessionHead,
  type SessionRow,
} from './live.repository.ts';

/** A lively class asks fast, but more than one message every two seconds for a minute is a flood. */
const MESSAGES_PER_MINUTE = 30;
const OPEN_BEFORE_MS = LIVE_LIMITS.openBeforeMinutes * 60_000;

/** How the caller stands to a session they may see. */
interface Access<Row extends SessionHead = SessionHead> {
  row: Row;
  schoolIds: number[];
  staff: boolean;
  canModerate: boolean;
}

/**
 * Live discussions for the people in them. A student sees the published sessions for their school or for
 * every school. Staff see the sessions they manage, published or not: an admin every one, a teacher those for
 * one of their schools or for every school. Moderators (who may remove messages) are the admins and those
 * teachers: a session for every school is every teacher's to moderate, as its audience includes their
 * students. A session the caller may not see is a 404, as if it did not exist.
 */
export function createLiveService(
  ctx: AppContext,
  deps: {
    bus: EventBus;
    limiter: RateLimiter;
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    /** The signed-in user behind a token hash now (null: signed out, expired, deactivated). */
    authenticateHash: (tokenHash: string) => Promise<Authed | null>;
    /** The session cache's invalidations (auth.service.ts): a stream ends at once, not a heartbeat later. */
    onSessionsChanged: (listener: (userId: number | null) => void) => void;
  },
) {
  const repo = createLiveRepository(ctx.db);
  const streams = createLiveStreams({
    ...ctx.config.live,
    bus: deps.bus,
    readMessage: async (id) => {
      const row = await repo.message(id);
      return row ? toMessage(row) : null;
    },
    readAfter: async (sessionId, afterId) =>
      (await repo.after(sessionId, afterId, LIVE_LIMITS.page)).map(toMessage),
    warn: (err, msg) => ctx.log.warn({ err }, msg),
  });
  deps.onSessionsChanged((userId) => streams.recheckOwners(userId));

  async function scopeOf(actor: Authed): Promise<LiveScope> {
    const role = roleOf(actor.user);
    if (role === 'admin') return { all: true };
    if (role === 'teacher') return { schoolIds: await deps.teacherSchoolIds(actor.user.id) };
    return { schoolIds: actor.user.school_id === null ? [] : [actor.user.school_id] };
  }

  /** The session `id` if `actor` may see it, else a 404; without its message count (only showing it needs that). */
  async function access(actor: Authed, id: number): Promise<Access> {
    return judge(actor, id, await repo.find(id));
  }

  /** How `actor` stands to session `id`, read as `row` (undefined: there is none): a 404 if they may not see it. */
  async function judge<Row extends SessionHead>(
    actor: Authed,
    id: number,
    row: Row | undefined,
  ): Promise<Access<Row>> {
    if (row) {
      const schoolIds = await repo.schoolIdsOf(id);
      const role = roleOf(actor.user);
      const forEveryone = schoolIds.length === 0;
      if (role === 'admin') return { row, schoolIds, staff: true, canModerate: true };
      if (role === 'teacher') {
        const mine = await deps.teacherSchoolIds(actor.user.id);
        if (forEveryone || schoolIds.some((s) => mine.includes(s)))
          return { row, schoolIds, staff: true, canModerate: true };
      } else if (
        row.published === 1 &&
        (forEveryone || (actor.user.school_id !== null && schoolIds.includes(actor.user.school_id)))
      ) {
        return { row, schoolIds, staff: false, canModerate: false };
      }
    }
    throw notFound('That live discussion does not exist.');
  }

  const opensAt = (row: SessionHead) => Date.parse(row.starts_at!) - OPEN_BEFORE_MS;
  const endsAt = (row: SessionHead) => Date.parse(row.ends_at!);

  function stateOf(row: SessionHead, now: number): LiveState {
    if (now >= endsAt(row)) return 'past';
    return now >= Date.parse(row.starts_at!) ? 'live' : 'upcoming';
  }

  function toSession(row: SessionRow, schoolIds: number[], staff: boolean, now: number): LiveSession {
    const open = now >= opensAt(row) && now < endsAt(row);
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      body_html: row.body_html,
      starts_at: row.starts_at!,
      ends_at: row.ends_at!,
      state: stateOf(row, now),
      open_for_posting: open,
      // A link shown days ahead gets shared and joined early; staff need it to check it.
      meeting_url: row.meeting_url && (open || staff) ? row.meeting_url : null,
      has_meeting_url: Boolean(row.meeting_url),
      published: row.published === 1,
      school_ids: schoolIds,
      message_count: Number(row.message_count ?? 0),
    };
  }

  function toMessage(row: MessageRow): LiveMessage {
    const deleted = row.deleted_at !== null;
    return {
      id: row.id,
      client_id: row.client_id,
      author_id: row.user_id,
      author_name: row.author_name,
      author_is_staff: row.is_admin === 1 || row.is_teacher === 1,
      // Removed means removed: the text stays in the database for the record, never in an answer.
      body: deleted ? null : row.body,
      deleted,
      created_at: row.created_at,
    };
  }

  async function publish(sessionId: number, event: LiveBusEvent): Promise<void> {
    // Long texts in several-byte characters can pass NOTIFY's limit: send the id, listeners read the row.
    const small = event.t !== 'message' || Buffer.byteLength(JSON.stringify(event)) < MAX_PAYLOAD_BYTES - 400;
    const sent: LiveBusEvent =
      small || event.t !== 'message' ? event : { t: 'message-ref', id: event.message.id };
    try {
      await deps.bus.publish(streams.channelOf(sessionId), sent);
    } catch (err) {
      // The message is saved: streams that missed it get it on their next resume.
      ctx.log.warn({ err }, 'live: publishing an event failed');
    }
  }

  return {
    async list(actor: Authed): Promise<LiveList> {
      const now = ctx.now();
      const rows = await repo.listPublished(await scopeOf(actor), now.toISOString(), LIVE_LIMITS.past);
      const schools = await repo.schoolIdsOfMany(rows.map((r) => r.id));
      const staff = roleOf(actor.user) !== 'student';
      return {
        data: rows.map((r) => toSession(r, schools.get(r.id) ?? [], staff, now.getTime())),
        now: now.toISOString(),
      };
    },

    async get(actor: Authed, id: number): Promise<LiveDetail> {
      const { row, schoolIds, staff, canModerate } = await judge(actor, id, await repo.findCounted(id));
      const { rows, hasEarlier } = await repo.latest(id, LIVE_LIMITS.page);
      const now = ctx.now();
      return {
        session: toSession(row, schoolIds, staff, now.getTime()),
        messages: rows.map(toMessage),
        has_earlier: hasEarlier,
        can_moderate: canModerate,
        now: now.toISOString(),
      };
    },

    async after(actor: Authed, id: number, afterId: number): Promise<LiveMessage[]> {
      await access(actor, id);
      return (await repo.after(id, afterId, LIVE_LIMITS.page)).map(toMessage);
    },

    async post(actor: Authed, id: number, body: LiveMessageBody): Promise<LiveMessage> {
      const { row } = await access(actor, id);
      const clientId = body.client_id.trim();
      // A resend after a dropped connection: the same answer, nothing posted twice.
      const existing = await repo.byClientId(id, clientId);
      if (existing) {
        if (existing.user_id !== actor.user.id) throw new HttpError(409, 'That message id is already taken.');
        return toMessage(existing);
      }
      const now = ctx.now();
      if (now.getTime() < opensAt(row))
        throw new HttpError(
          409,
          `This discussion opens for questions ${LIVE_LIMITS.openBeforeMinutes} minutes before it starts.`,
        );
      if (now.getTime() >= endsAt(row)) throw new HttpError(409, 'This discussion has ended.');
      // The count and the message in one commit (on SQLite, shared with others' and synced off the event
      // loop, so the streams' writes go on meanwhile): one wait for the disk per message, not two.
      const written: MessageRow = {
        id: 0,
        content_id: id,
        client_id: clientId,
        user_id: actor.user.id,
        body: body.body.trim(),
        created_at: now.toISOString(),
        deleted_at: null,
        author_name: actor.user.full_name,
        is_admin: actor.user.is_admin,
        is_teacher: actor.user.is_teacher,
      };
      const inserted = await withTransaction(ctx.db, async (trx) => {
        await deps.limiter.consume(`live-message:${actor.user.id}`, MESSAGES_PER_MINUTE, 60_000, trx);
        return createLiveRepository(trx).insert({
          content_id: id,
          user_id: actor.user.id,
          client_id: clientId,
          body: written.body,
          now: written.created_at,
        });
      });
      // Committed (and on disk): the row is what was written, with its new id; the streams get it before
      // anything else is done. Only a resend racing the first send (the client id taken meanwhile) reads it.
      const saved = inserted !== null ? { ...written, id: inserted } : (await repo.byClientId(id, clientId))!;
      if (saved.user_id !== actor.user.id) throw new HttpError(409, 'That message id is already taken.');
      const message = toMessage(saved);
      await publish(id, { t: 'message', message });
      return message;
    },

    async remove(actor: Authed, id: number, messageId: number): Promise<void> {
      const { canModerate } = await access(actor, id);
      if (!canModerate) throw forbidden('Only the session’s moderators may remove messages.');
      const row = await repo.message(messageId);
      if (!row || row.content_id !== id) throw notFound('That message does not exist.');
      if (await repo.remove(id, messageId, actor.user.id, ctx.now().toISOString()))
        await publish(id, { t: 'deleted', id: messageId });
    },

    /**
     * Checks access and counts the stream against the caps (a 404, 429 or 503 before any byte of the
     * stream), then returns how to attach one. While it is open, each heartbeat asks again whether the token
     * is still signed in and its user may still see the session.
     */
    async openStream(actor: Authed, id: number) {
      await access(actor, id);
      const release = streams.admit(actor.user.id);
      const stillAllowed = async () => {
        const now = await deps.authenticateHash(actor.tokenHash);
        if (!now || now.user.id !== actor.user.id) return false;
        try {
          await access(now, id);
          return true;
        } catch (err) {
          if (err instanceof HttpError && err.status === 404) return false;
          throw err;
        }
      };
      return (sink: StreamSink, afterId: number) =>
        streams.attach(id, { userId: actor.user.id, stillAllowed }, release, sink, async () => {
          const messages = (await repo.after(id, afterId, LIVE_LIMITS.page)).map(toMessage);
          const removed = afterId > 0 ? await repo.removedUpTo(id, afterId) : [];
          // Read again: the session may have been moved since the stream was asked for. A stream is held
          // open only while the thread is: before, the client comes back when it opens; after, all is said.
          const row = await repo.find(id);
          const now = ctx.now().getTime();
          const closed = !row ? 'past' : now < opensAt(row) ? 'upcoming' : now >= endsAt(row) ? 'past' : null;
          return { messages, removed, closed, endsInMs: row ? endsAt(row) - now : 0 };
        });
    },

    closeStreams: () => streams.closeAll(),
    openStreams: () => streams.count(),
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
