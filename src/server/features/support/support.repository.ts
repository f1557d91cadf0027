import type { Db } from '../../db/database.ts';
import type { RowOf } from '../../db/schema.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { SupportTicketStatus } from '../../db/tables/support.ts';
import { containsPattern, countedPage } from '../../plugins/paging.ts';

function selectTickets(db: Db) {
  return db
    .selectFrom('support_tickets')
    .innerJoin('users', 'users.id', 'support_tickets.user_id')
    .leftJoin('schools', 'schools.id', 'support_tickets.school_id')
    .select((eb) => [
      'support_tickets.id',
      'support_tickets.user_id',
      'support_tickets.school_id',
      'support_tickets.subject',
      'support_tickets.category',
      'support_tickets.status',
      'support_tickets.created_at',
      'support_tickets.updated_at',
      'users.full_name as user_name',
      'users.email as user_email',
      'schools.name as school_name',
      eb
        .selectFrom('support_messages')
        .select((m) => m.fn.countAll<number | string>().as('n'))
        .whereRef('support_messages.ticket_id', '=', 'support_tickets.id')
        .as('message_count'),
    ]);
}
export type TicketRow = RowOf<ReturnType<typeof selectTickets>>;

/** Whose tickets a list holds: one user's, or (staff) some schools' plus the caller's own, or all. */
export type TicketScope = { all: true } | { userId: number; schoolIds?: number[] };

export function createSupportRepository(db: Db) {
  return {
    find: (id: number) => selectTickets(db).where('support_tickets.id', '=', id).executeTakeFirst(),

    /** The ticket and its first message, together or not at all. */
    create: (t: {
      user_id: number;
      school_id: number | null;
      subject: string;
      category: string;
      body: string;
      now: string;
    }) =>
      withTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto('support_tickets')
          .values({
            user_id: t.user_id,
            school_id: t.school_id,
            subject: t.subject,
            category: t.category,
            status: 'open',
            created_at: t.now,
            updated_at: t.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('support_messages')
          .values({ ticket_id: id, author_id: t.user_id, from_staff: 0, body: t.body, created_at: t.now })
          .execute();
        return id;
      }),

    /** Adds a message and moves the ticket to `status` in one transaction. */
    addMessage: (m: {
      ticket_id: number;
      author_id: number;
      from_staff: boolean;
      body: string;
      status: SupportTicketStatus;
      now: string;
    }) =>
      withTransaction(db, async (trx) => {
        await trx
          .insertInto('support_messages')
          .values({
            ticket_id: m.ticket_id,
            author_id: m.author_id,
            from_staff: m.from_staff ? 1 : 0,
            body: m.body,
            created_at: m.now,
          })
          .execute();
        await trx
          .updateTable('support_tickets')
          .set({ status: m.status, updated_at: m.now, closed_at: null })
          .where('id', '=', m.ticket_id)
          .execute();
      }),

    setStatus: (id: number, status: SupportTicketStatus, now: string) =>
      db
        .updateTable('support_tickets')
        .set({ status, updated_at: now, closed_at: status === 'closed' ? now : null })
        .where('id', '=', id)
        .execute(),

    messages: (ticketId: number) =>
      db
        .selectFrom('support_messages')
        .leftJoin('users', 'users.id', 'support_messages.author_id')
        .select([
          'support_messages.id',
          'support_messages.author_id',
          'support_messages.from_staff',
          'support_messages.body',
          'support_messages.created_at',
          'users.full_name as author_name',
        ])
        .where('support_messages.ticket_id', '=', ticketId)
        .orderBy('support_messages.id', 'asc')
        .execute(),

    /** One page of tickets, most recently active first. */
    list: async (
      scope: TicketScope,
      filter: { page: number; perPage: number; status?: SupportTicketStatus; search?: string },
    ) => {
      let q = selectTickets(db);
      if (!('all' in scope)) {
        const { userId, schoolIds } = scope;
        q = schoolIds?.length
          ? q.where((eb) =>
              eb.or([
                eb('support_tickets.user_id', '=', userId),
                eb('support_tickets.school_id', 'in', schoolIds),
              ]),
            )
          : q.where('support_tickets.user_id', '=', userId);
      }
      if (filter.status) q = q.where('support_tickets.status', '=', filter.status);
      if (filter.search) {
        const like = containsPattern(filter.search);
        q = q.where((eb) =>
          eb.or([
            eb('support_tickets.subject', 'like', like),
            eb('users.full_name', 'like', like),
            eb('users.email', 'like', like),
          ]),
        );
      }
      return countedPage(
        q,
        (q) => q.orderBy('support_tickets.updated_at', 'desc').orderBy('support_tickets.id', 'desc'),
        filter,
      );
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
