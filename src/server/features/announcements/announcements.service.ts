import type {
  Announcement,
  AnnouncementInput,
  AnnouncementStatus,
  AnnouncementsQuery,
  CurrentAnnouncement,
} from '../../../shared/contracts/announcements.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import { richTextToPlain, sanitizeRichText } from '../../../shared/rich-text.ts';
import type { AppContext } from '../../context.ts';
import { fileIdsIn } from '../files/files.service.ts';
import { forbidden, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import {
  createAnnouncementsRepository,
  type AnnouncementRow,
  type AnnouncementValues,
} from './announcements.repository.ts';

/** A publish time this far in the past is the clock of a slow form, not a wish to back-date. */
const PAST_GRACE_MS = 60_000;
/** Where a notification of an announcement leads: the dashboard shows the current ones. */
const NOTIFICATION_LINK = '/';
const NOTIFICATION_BODY_CHARS = 280;
const HOUR_MS = 3600_000;

export function statusOf(
  row: Pick<AnnouncementRow, 'published_at' | 'expires_at'>,
  now: string,
): AnnouncementStatus {
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  return row.published_at !== null ? 'published' : 'scheduled';
}

/** One line of the body for the notification (the dashboard shows the whole of it). */
function excerpt(html: string): string {
  const text = richTextToPlain(html);
  return text.length > NOTIFICATION_BODY_CHARS ? `${text.slice(0, NOTIFICATION_BODY_CHARS - 1)}…` : text;
}

/**
 * Announcements. Admins write them for everyone, some schools or a role; a teacher only within their own
 * schools (their "everyone" is their schools' students) and manages only those they wrote. An announcement is
 * published once its publish_at has come: by the periodic sweep, or lazily by whoever lists announcements
 * first; publishing claims it and fans the notifications out in one transaction, so it happens exactly once.
 */
export function createAnnouncementsService(
  ctx: AppContext,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    /** Field errors for file ids the caller may not use (files feature). */
    limiter: RateLimiter;
    refusedFiles: (actor: Authed, fields: Record<string, number[]>) => Promise<FieldErrors>;
  },
) {
  const repo = createAnnouncementsRepository(ctx.db);
  const iso = () => ctx.now().toISOString();

  const canEdit = (actor: Authed, row: AnnouncementRow) =>
    roleOf(actor.user) === 'admin' || row.created_by === actor.user.id;

  /** Whom an announcement reaches, as the dashboard asks for the caller. */
  async function audienceOf(actor: Authed) {
    const role = roleOf(actor.user);
    const schoolIds =
      role === 'teacher'
        ? await deps.teacherSchoolIds(actor.user.id)
        : role === 'student' && actor.user.school_id !== null
          ? [actor.user.school_id]
          : [];
    return { id: actor.user.id, role, schoolIds };
  }

  async function toAnnouncements(actor: Authed, rows: AnnouncementRow[]): Promise<Announcement[]> {
    const schools = await repo.schoolsOf(rows.map((r) => r.id));
    const now = iso();
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body_html,
      audience: row.audience,
      role: row.role,
      schools: schools.filter((s) => s.announcement_id === row.id).map((s) => ({ id: s.id, name: s.name })),
      status: statusOf(row, now),
      publish_at: row.publish_at,
      expires_at: row.expires_at,
      published_at: row.published_at,
      author_id: row.created_by,
      author_name: row.author_name,
      created_at: row.created_at,
      updated_at: row.updated_at,
      can_edit: canEdit(actor, row),
    }));
  }

  async function detail(actor: Authed, id: number): Promise<Announcement> {
    const row = await repo.find(id);
    if (!row) throw notFound('That announcement does not exist.');
    return (await toAnnouncements(actor, [row]))[0]!;
  }

  /** The announcement, if the caller may manage it; otherwise it does not exist as far as they can tell. */
  async function manageable(actor: Authed, id: number): Promise<AnnouncementRow> {
    const row = await repo.find(id);
    if (!row || !canEdit(actor, row)) throw notFound('That announcement does not exist.');
    return row;
  }

  /** Checks what the contract cannot (the clock, the caller's schools) and turns the input into a row. */
  async function resolve(
    actor: Authed,
    input: AnnouncementInput,
    keep: { publish_at: string } | null,
  ): Promise<AnnouncementValues> {
    const errors: FieldErrors = {};
    const nowMs = ctx.now().getTime();
    const body_html = sanitizeRichText(input.body);
    if (richTextToPlain(body_html) === '' && !body_html.includes('<img'))
      errors.body = ['Write the announcement.'];
    // Its pictures must be the author's own uploads or ones they may already see.
    const refused = await deps.refusedFiles(actor, { body: fileIdsIn(body_html) });
    for (const [field, messages] of Object.entries(refused)) errors[field] ??= messages;

    const publishAt = keep ? keep.publish_at : new Date(input.publish_at ?? nowMs).toISOString();
    if (!keep && input.publish_at !== null && Date.parse(input.publish_at) < nowMs - PAST_GRACE_MS)
      errors.publish_at = ['The publish time is in the past: leave it empty to publish now.'];
    const expiresAt = input.expires_at === null ? null : new Date(input.expires_at).toISOString();
    if (expiresAt !== null && expiresAt <= publishAt)
      errors.expires_at = ['The announcement must expire after it is published.'];

    let role = input.audience === 'role' ? input.role : null;
    let schoolIds = input.audience === 'schools' ? [...new Set(input.school_ids)] : [];
    if (roleOf(actor.user) === 'teacher') {
      const mine = await deps.teacherSchoolIds(actor.user.id);
      if (mine.length === 0) errors.audience = ['You teach no school yet, so there is nobody to address.'];
      if (input.audience === 'everyone') {
        // A teacher's "everyone": the students of their schools.
        role = 'student';
        schoolIds = mine;
      } else if (input.audience === 'role') {
        if (role === 'admin')
          errors.role = ['Teachers can address the students or teachers of their schools.'];
        schoolIds = mine;
      } else if (schoolIds.some((id) => !mine.includes(id))) {
        // As with assessments: another school is not a typo to correct but a reach the teacher does not have.
        throw forbidden('Teachers can only address the schools they teach.');
      }
    } else if (schoolIds.length) {
      const known = await repo.existingSchoolIds(schoolIds);
      if (known.length !== schoolIds.length) errors.school_ids = ['One of the schools does not exist.'];
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
    return {
      title: input.title,
      body_html,
      audience: input.audience,
      role,
      school_ids: schoolIds,
      publish_at: publishAt,
      expires_at: expiresAt,
    };
  }

  /** Publishes every due announcement this process can claim; returns how many notifications it sent. */
  async function publishDue(): Promise<number> {
    const now = iso();
    let sent = 0;
    for (const id of await repo.dueIds(now)) {
      const row = await repo.find(id);
      if (!row) continue;
      const n = await repo.publish(id, now, { body: excerpt(row.body_html), link: NOTIFICATION_LINK });
      sent += n ?? 0;
    }
    return sent;
  }

  /**
   * Each announcement can notify a whole school, so an author gets a fixed number an hour (in the database, so
   * every process counts alike). Only a valid one counts: a form sent back with errors costs nothing. Edits
   * notify nobody again and are not counted.
   */
  async function countAnnouncement(actor: Authed): Promise<void> {
    const max = ctx.config.announcementsPerHour;
    try {
      await deps.limiter.consume(`announcements:author:${actor.user.id}`, max, HOUR_MS);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 429) throw err;
      const minutes = Math.max(1, Math.ceil(Number(err.headers?.['retry-after'] ?? 60) / 60));
      throw new HttpError(
        429,
        `You have written ${max} announcements in the last hour, the most one author may send. ` +
          `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        undefined,
        err.headers,
      );
    }
  }

  return {
    publishDue,

    async list(actor: Authed, query: AnnouncementsQuery) {
      await publishDue();
      const { rows, total } = await repo.list(
        roleOf(actor.user) === 'admin' ? { all: true } : { authorId: actor.user.id },
        { page: query.page, perPage: query.per_page, search: query.search, status: query.status, now: iso() },
      );
      return {
        data: await toAnnouncements(actor, rows),
        meta: { total, page: query.page, per_page: query.per_page },
      };
    },

    async get(actor: Authed, id: number): Promise<Announcement> {
      await manageable(actor, id);
      return detail(actor, id);
    },

    async create(actor: Authed, input: AnnouncementInput): Promise<Announcement> {
      const values = await resolve(actor, input, null);
      await countAnnouncement(actor);
      const id = await repo.create({ ...values, created_by: actor.user.id, now: iso() });
      await publishDue();
      return detail(actor, id);
    },

    /** Editing a published announcement changes what readers see; its notifications are not sent again. */
    async update(actor: Authed, id: number, input: AnnouncementInput): Promise<Announcement> {
      const row = await manageable(actor, id);
      const published = row.published_at !== null;
      const values = await resolve(actor, input, published ? { publish_at: row.publish_at } : null);
      await repo.update(id, { ...values, published, now: iso() });
      await publishDue();
      return detail(actor, id);
    },

    /** Notifications already sent stay with their readers. */
    async remove(actor: Authed, id: number): Promise<void> {
      await manageable(actor, id);
      await repo.remove(id);
    },

    /** May `actor` see an announcement showing this file: one they manage, or one on their dashboard now. */
    async seesFile(actor: Authed, fileId: number): Promise<boolean> {
      const using = (await repo.mentioningFile(fileId)).filter((r) =>
        fileIdsIn(r.body_html).includes(fileId),
      );
      if (!using.length) return false;
      if (using.some((r) => canEdit(actor, r))) return true;
      const current = new Set((await repo.current(await audienceOf(actor), iso())).map((r) => r.id));
      return using.some((r) => current.has(r.id));
    },

    async current(actor: Authed): Promise<CurrentAnnouncement[]> {
      await publishDue();
      const rows = await repo.current(await audienceOf(actor), iso());
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        body: r.body_html,
        published_at: r.published_at!,
        author_name: r.author_name,
      }));
    },
  };
}
export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;
