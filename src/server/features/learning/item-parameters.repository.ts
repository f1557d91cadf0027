import { sql } from 'kysely';
import { DONT_KNOW } from '../../../shared/contracts/attempts.ts';
import type { Db } from '../../db/database.ts';
import type { ItemParametersTable, TopicParametersTable } from '../../db/tables/item-parameters.ts';
import { withTransaction } from '../../db/transaction.ts';
import { noneEmpty } from '../../plugins/paging.ts';

/** How an "I don't know" is stored (the saved answer's JSON). */
const DONT_KNOW_JSON = JSON.stringify(DONT_KNOW);
/** Rows per page of the answer scan: bounded memory whatever the number of answers. */
const PAGE = 50_000;
/** SQLite allows 32,766 bound values per statement; rows of 7 columns stay well below in chunks of 500. */
const CHUNK = 500;

/** The outcome codes of item-fit.ts: 0 right, 1 wrong, 2 "I don't know" or left unanswered. */
export interface AnswerColumns {
  user: Int32Array;
  question: Int32Array;
  outcome: Uint8Array;
  length: number;
}

/** A typed array twice the size holding the same first `n` values. */
function grown<A extends Int32Array | Uint8Array>(a: A, n: number): A {
  const b = new (a.constructor as new (size: number) => A)(Math.max(1024, a.length * 2));
  b.set(a.subarray(0, n));
  return b;
}

export function createItemParametersRepository(db: Db) {
  /** Every graded answer of a submitted attempt (every kind: assessments, diagnostics, Test Yourself). */
  const graded = () =>
    db
      .selectFrom('attempt_answers as aa')
      .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
      .where('a.status', '=', 'submitted')
      .where('aa.correct', 'is not', null);

  return {
    /** How many graded answers there are now: the sweep's cheap question before a refit. */
    async gradedCount(): Promise<number> {
      const row = await graded()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many answers the last refit rested on (0 before the first). */
    async fittedCount(): Promise<number> {
      const row = await db
        .selectFrom('item_parameters')
        .select((eb) => eb.fn.sum<number | string | null>('answers').as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Every graded answer as three columns (student, question, outcome), read a page at a time in key order,
     * so memory holds the columns and one page of rows, never every answer as an object at once. On
     * 10,000 students × 1,000,000 answers (SQLite) the whole refit takes about 7 s on a busy 2-core machine.
     */
    async answerColumns(page = PAGE): Promise<AnswerColumns> {
      let user = new Int32Array(page);
      let question = new Int32Array(page);
      let outcome = new Uint8Array(page);
      let n = 0;
      let after: { attempt: string; question: number } | null = null;
      for (;;) {
        // CROSS JOIN: SQLite then walks attempt_answers in its key order (an inner join let it start from
        // the attempts and sort every page afresh); PostgreSQL plans it as the inner join it is.
        let q = db
          .selectFrom('attempt_answers as aa')
          .crossJoin('attempts as a')
          .whereRef('a.id', '=', 'aa.attempt_id')
          .where('a.status', '=', 'submitted')
          .where('aa.correct', 'is not', null)
          .select((eb) => [
            'aa.attempt_id as t',
            'aa.question_id as q',
            'a.user_id as u',
            eb
              .case()
              .when(eb.or([eb('aa.answer', 'is', null), eb('aa.answer', '=', DONT_KNOW_JSON)]))
              .then(sql<number>`2`)
              .when('aa.correct', '=', 1)
              .then(sql<number>`0`)
              .else(sql<number>`1`)
              .end()
              .as('o'),
          ]);
        if (after) {
          // A row-value comparison: both databases walk the primary key from there (an OR would scan).
          const { attempt, question: last } = after;
          q = q.where(sql<boolean>`(aa.attempt_id, aa.question_id) > (${attempt}, ${last})`);
        }
        const rows = await q.orderBy('aa.attempt_id').orderBy('aa.question_id').limit(page).execute();
        if (n + rows.length > user.length) {
          user = grown(user, n);
          question = grown(question, n);
          outcome = grown(outcome, n);
        }
        for (const r of rows) {
          user[n] = r.u;
          question[n] = r.q;
          outcome[n] = Number(r.o);
          n += 1;
        }
        if (rows.length < page) break;
        const last = rows[rows.length - 1]!;
        after = { attempt: last.t, question: last.q };
      }
      return { user, question, outcome, length: n };
    },

    /** The questions these ids name, with their content (the type's defaults are the fit's prior). */
    async questions(ids: number[]) {
      const out: { id: number; micro_topic_id: number; content: string }[] = [];
      for (let i = 0; i < ids.length; i += CHUNK)
        out.push(
          ...(await db
            .selectFrom('questions')
            .select(['id', 'micro_topic_id', 'content'])
            .where('id', 'in', ids.slice(i, i + CHUNK))
            .execute()),
        );
      return out;
    },

    /** Every micro topic with its subject, and the prerequisite edges. */
    async topics() {
      const [topics, edges] = await Promise.all([
        db
          .selectFrom('micro_topics as m')
          .innerJoin('sub_topics as s', 's.id', 'm.sub_topic_id')
          .select(['m.id', 's.subject_id'])
          .orderBy('m.id')
          .execute(),
        db.selectFrom('micro_topic_prerequisites').select(['micro_topic_id', 'prerequisite_id']).execute(),
      ]);
      return { topics, edges };
    },

    /** Replaces both tables in one transaction: readers see the last fit or this one, never a mix. */
    async replace(items: ItemParametersTable[], topics: TopicParametersTable[]) {
      await withTransaction(db, async (trx) => {
        await trx.deleteFrom('item_parameters').execute();
        await trx.deleteFrom('topic_parameters').execute();
        for (let i = 0; i < items.length; i += CHUNK)
          await trx
            .insertInto('item_parameters')
            .values(items.slice(i, i + CHUNK))
            .execute();
        for (let i = 0; i < topics.length; i += CHUNK)
          await trx
            .insertInto('topic_parameters')
            .values(topics.slice(i, i + CHUNK))
            .execute();
      });
    },

    /** The fitted rates of these questions (those without a row have none yet). */
    async itemRows(ids: number[]): Promise<ItemParametersTable[]> {
      if (ids.length === 0) return [];
      const out: ItemParametersTable[] = [];
      for (let i = 0; i < ids.length; i += CHUNK)
        out.push(
          ...(await db
            .selectFrom('item_parameters')
            .selectAll()
            .where('question_id', 'in', noneEmpty(ids.slice(i, i + CHUNK)))
            .execute()),
        );
      return out;
    },

    /** Every topic's fitted prior offset and leak. */
    async topicRows(): Promise<TopicParametersTable[]> {
      return db.selectFrom('topic_parameters').selectAll().orderBy('micro_topic_id').execute();
    },
  };
}
export type ItemParametersRepository = ReturnType<typeof createItemParametersRepository>;
