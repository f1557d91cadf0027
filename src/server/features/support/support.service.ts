import type {
  CreateTicketBody,
  SupportTicket,
  SupportTicketDetail,
  TicketMessageBody,
  TicketStatusBody,
  TicketsQuery,
} from '../../../shared/contracts/support.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { Authed } from '../../plugins/routes.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { roleOf } from '../users/users.service.ts';
import { createSupportRepository, type TicketRow, type TicketScope } from './support.repository.ts';

/** Each ticket notifies staff; ten a day is more than anyone with a real question needs. */
const TICKETS_PER_DAY = 10;
/** Each message notifies someone too: a conversation, not a flood. */
const MESSAGES_PER_HOUR = 60;

/** How the caller stands to a ticket: the one who opened it, staff who answer it, or a stranger to it. */
type Standing = 'owner' | 'staff';

/** The in-app link that opens a ticket on the Support screen. */
export const ticketLink = (id: number) => `/support?ticket=${id}`;

/**
 * Support requests. Anyone signed in opens one; it is answered by the admins and, for a student, by the
 * teachers of the school the student was in when they opened it. Another user's ticket is a 404 to everyone
 * else, as if it did not exist. A staff reply reaches the owner as a notification and an e-mail.
 */
export function createSupportService(
  ctx: AppContext,
  deps: {
    notifications: NotificationsService;
    limiter: RateLimiter;
    /** Admins, and the teachers of `schoolId` when there is one: who answers a ticket. */
    staffOf: (schoolId: number | null) => Promise<number[]>;
    teacherSchoolIds: (userId: number) => Promise<number[]>;
  },
) {
  const repo = createSupportRepository(ctx.db);
  const iso = () => ctx.now().toISOString();

  async function standing(actor: Authed, row: TicketRow): Promise<Standing | null> {
    if (row.user_id === actor.user.id) return 'owner';
    const role = roleOf(actor.user);
    if (role === 'admin') return 'staff';
    if (role === 'teacher' && row.school_id !== null) {
      if ((await deps.teacherSchoolIds(actor.user.id)).includes(row.school_id)) return 'staff';
    }
    return null;
  }

  /** The ticket, if the caller may see it; otherwise it does not exist as far as they can tell. */
  async function visible(actor: Authed, id: number): Promise<{ row: TicketRow; as: Standing }> {
    const row = await repo.find(id);
    const as = row ? await standing(actor, row) : null;
    if (!row || !as) throw notFound('That support request does not exist.');
    return { row, as };
  }

  function toTicket(row: TicketRow): SupportTicket {
    return {
      id: row.id,
      subject: row.subject,
      category: row.category as SupportTicket['category'],
      status: row.status,
      user_id: row.user_id,
      user_name: row.user_name,
      user_email: row.user_email,
      school_id: row.school_id,
      school_name: row.school_name,
      created_at: row.created_at,
      updated_at: row.updated_at,
      message_count: Number(row.message_count ?? 0),
    };
  }

  async function detail(actor: Authed, id: number): Promise<SupportTicketDetail> {
    const row = (await repo.find(id))!;
    const messages = await repo.messages(id);
    return {
      ...toTicket(row),
      messages: messages.map((m) => ({
        id: m.id,
        body: m.body,
        author_name: m.author_name,
        from_staff: m.from_staff === 1,
        mine: m.author_id === actor.user.id,
        created_at: m.created_at,
      })),
      can_manage: roleOf(actor.user) !== 'student',
    };
  }

  const others = (ids: number[], actor: Authed) => [...new Set(ids)].filter((id) => id !== actor.user.id);

  /** Queued after the response: an SMTP round trip is not the replying teacher's to wait for. */
  function mailReply(row: TicketRow, from: string, message: string): void {
    const link = `${ctx.config.appUrl}${ticketLink(row.id)}`;
    const subject = `Reply to your support request: ${row.subject}`;
    ctx.tasks.run('support reply mail', () =>
      ctx.mailer.send({
        to: row.user_email,
        subject,
        text: `Hello ${row.user_name},\n\n${from} replied to your support request "${row.subject}":\n\n${message}\n\nRead the conversation and answer in Pathbuilder:\n${link}\n`,
        link,
      }),
    );
  }

  return {
    async list(actor: Authed, query: TicketsQuery) {
      const role = roleOf(actor.user);
      const scope: TicketScope =
        role === 'admin'
          ? { all: true }
          : role === 'teacher'
            ? { userId: actor.user.id, schoolIds: await deps.teacherSchoolIds(actor.user.id) }
            : { userId: actor.user.id };
      const { rows, total } = await repo.list(scope, {
        page: query.page,
        perPage: query.per_page,
        status: query.status,
        search: query.search,
      });
      return { data: rows.map(toTicket), meta: { total, page: query.page, per_page: query.per_page } };
    },

    async get(actor: Authed, id: number): Promise<SupportTicketDetail> {
      await visible(actor, id);
      return detail(actor, id);
    },

    async create(actor: Authed, body: CreateTicketBody): Promise<SupportTicketDetail> {
      await deps.limiter.consume(`support-ticket:${actor.user.id}`, TICKETS_PER_DAY, 24 * 3600_000);
      // One line: the subject also heads an e-mail.
      const subject = body.subject.replace(/\s+/g, ' ').trim();
      const schoolId = roleOf(actor.user) === 'student' ? actor.user.school_id : null;
      const id = await repo.create({
        user_id: actor.user.id,
        school_id: schoolId,
        subject,
        category: body.category,
        body: body.message,
        now: iso(),
      });
      await deps.notifications.notify(others(await deps.staffOf(schoolId), actor), {
        title: 'New support request',
        body: `${actor.user.full_name} asks: "${subject}"`,
        link: ticketLink(id),
      });
      return detail(actor, id);
    },

    /** The owner writes again (the ticket is open again), or staff answer (it is answered). */
    async reply(actor: Authed, id: number, body: TicketMessageBody): Promise<SupportTicketDetail> {
      const { row, as } = await visible(actor, id);
      await deps.limiter.consume(`support-message:${actor.user.id}`, MESSAGES_PER_HOUR, 3600_000);
      await repo.addMessage({
        ticket_id: id,
        author_id: actor.user.id,
        from_staff: as === 'staff',
        body: body.message,
        status: as === 'staff' ? 'answered' : 'open',
        now: iso(),
      });
      if (as === 'staff') {
        await deps.notifications.notify([row.user_id], {
          title: 'Reply to your support request',
          body: `${actor.user.full_name} replied to "${row.subject}".`,
          link: ticketLink(id),
        });
        mailReply(row, actor.user.full_name, body.message);
      } else {
        await deps.notifications.notify(others(await deps.staffOf(row.school_id), actor), {
          title: 'Support request updated',
          body: `${row.user_name} wrote again about "${row.subject}".`,
          link: ticketLink(id),
        });
      }
      return detail(actor, id);
    },

    /** Staff close a ticket (the owner is told) or reopen it. */
    async setStatus(actor: Authed, id: number, body: TicketStatusBody): Promise<SupportTicketDetail> {
      const { row } = await visible(actor, id);
      if (row.status !== body.status) {
        await repo.setStatus(id, body.status, iso());
        if (body.status === 'closed' && row.user_id !== actor.user.id) {
          await deps.notifications.notify([row.user_id], {
            title: 'Support request closed',
            body: `"${row.subject}" was closed. Write on it again if you still need help.`,
            link: ticketLink(id),
          });
        }
      }
      return detail(actor, id);
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
