import { sql, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import type { Db, Dialect } from '../../db/database.ts';
import type { AttemptAnswersTable, AttemptsTable } from '../../db/tables/attempts.ts';

/** What grading writes once it has marked an attempt (see `recordGrade`). */
export interface GradeWrites {
  attemptId: string;
  userId: number;
  marks: Pick<
    AttemptsTable,
    | 'status'
    | 'submitted_at'
    | 'auto_submitted'
    | 'used_offline_grace'
    | 'score'
    | 'max_score'
    | 'percent'
    | 'passed'
  >;
  /** Each answered question's verdict: 1 right, 0 wrong. */
  verdicts: Array<[questionId: number, correct: number]>;
  tallies: Array<{ microTopicId: number; correct: number; total: number }>;
  now: string;
  diagnostic: boolean;
}

/**
 * PostgreSQL: grading's writes to the attempt, its answers and the proficiency as one statement. Every part
 * but the marks waits on `m`, the marking of the attempt while it is in progress, so when that finds nothing,
 * nothing is written. (The diagnostic's flag on the user stays a statement of its own: session caches learn
 * of a change to a user from the write observer, which does not read raw SQL; it happens once per student.)
 */
function gradeStatement(g: GradeWrites) {
  const m = g.marks;
  const right = g.verdicts.filter(([, c]) => c === 1).map(([q]) => q);
  const parts = [
    sql`m as (update attempts set status = ${m.status}, submitted_at = ${m.submitted_at},
      auto_submitted = ${m.auto_submitted}, used_offline_grace = ${m.used_offline_grace}, score = ${m.score},
      max_score = ${m.max_score}, percent = ${m.percent}, passed = ${m.passed}
      where id = ${g.attemptId} and status = 'in_progress' returning id)`,
  ];
  if (g.verdicts.length)
    parts.push(sql`v as (update attempt_answers
      set correct = case when question_id in (${sql.join(right.length ? right : [-1])}) then 1 else 0 end
      where attempt_id = ${g.attemptId} and question_id in (${sql.join(g.verdicts.map(([q]) => q))})
        and exists (select 1 from m))`);
  if (g.tallies.length)
    parts.push(sql`p as (insert into proficiency (user_id, micro_topic_id, correct, total, updated_at)
      select ${g.userId}::integer, t.micro_topic_id, t.correct, t.total, ${g.now}::varchar
      from (values ${sql.join(
        g.tallies.map((t) => sql`(${t.microTopicId}::integer, ${t.correct}::integer, ${t.total}::integer)`),
      )}) as t (micro_topic_id, correct, total)
      where exists (select 1 from m)
      on conflict (user_id, micro_topic_id) do update set correct = proficiency.correct + excluded.correct,
        total = proficiency.total + excluded.total, updated_at = excluded.updated_at)`);
  return sql<{ won: number }>`with ${sql.join(parts)} select count(*)::integer as won from m`;
}

/**
 * PostgreSQL: grading's transaction in two round trips instead of five (BEGIN, the lock, the answers, the
 * writes, COMMIT, each waiting for the last). The first sends BEGIN, the attempt's lock and the read of its
 * answers as one simple query: the statements still run one after another, and under READ COMMITTED the
 * answers' read takes its snapshot once the lock is held, so it sees every save that committed before (a save
 * takes the same row lock, answers.repository.ts) and none can come after. The second sends the writes of
 * `gradeStatement` and the COMMIT: the caller still hears nothing before the commit is durable. `mark` grades
 * what the first read (undefined: nothing to grade, and the transaction is rolled back). The simple protocol
 * takes no parameters, so values go in as literals escaped by the driver. Not for the diagnostic, whose flag on
 * the user goes through Kysely (the write observer; see `gradeStatement`).
 */
export async function gradeInTwoTrips(
  db: Db,
  pool: pg.Pool,
  attemptId: string,
  mark: (row: AttemptsTable | undefined, answers: AttemptAnswersTable[]) => GradeWrites | undefined,
): Promise<boolean> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const id = client.escapeLiteral(attemptId);
    const [, locked, answers] = (await client.query(
      `begin; select * from attempts where id = ${id} for update; ` +
        `select * from attempt_answers where attempt_id = ${id}`,
    )) as unknown as [pg.QueryResult, pg.QueryResult<AttemptsTable>, pg.QueryResult<AttemptAnswersTable>];
    const writes = mark(locked.rows[0], answers.rows);
    if (!writes) {
      await client.query('rollback');
      return false;
    }
    const [graded] = (await client.query(
      `${inlined(gradeStatement(writes).compile(db), (text) => client.escapeLiteral(text))}; commit`,
    )) as unknown as [pg.QueryResult<{ won: number }>];
    return graded.rows[0]?.won === 1;
  } catch (err) {
    // A failed statement leaves the transaction aborted (the COMMIT after it is never run).
    await client.query('rollback').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * A compiled query with its parameters written in as literals, for the simple query protocol: numbers as
 * they are, strings through `escape` (the driver's `escapeLiteral`), null as null; anything else is refused.
 */
export function inlined(query: CompiledQuery, escape: (text: string) => string): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const v = query.parameters[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    // In brackets when negative: `x - $1` must not become `x --1`, a comment.
    if (typeof v === 'number' && Number.isFinite(v)) return v < 0 ? `(${v})` : String(v);
    if (typeof v === 'string') return escape(v);
    throw new Error(`no literal for a parameter of type ${typeof v}`);
  });
}

/** Grading's writes: the marks, the verdicts, the proficiency. */
export function gradeQueries(db: Db, dialect: Dialect) {
  /** SQLite: the writes of `gradeStatement`, one statement after another (in-process: no round trips). */
  async function markAndRecordEach(g: GradeWrites): Promise<boolean> {
    const won =
      Number(
        (
          await db
            .updateTable('attempts')
            .set(g.marks)
            .where('id', '=', g.attemptId)
            .where('status', '=', 'in_progress')
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1;
    if (!won) return false;
    if (g.verdicts.length) {
      const right = g.verdicts.filter(([, c]) => c === 1).map(([q]) => q);
      await db
        .updateTable('attempt_answers')
        .set((eb) => ({
          correct: eb
            .case()
            .when('question_id', 'in', right.length ? right : [-1])
            .then(1)
            .else(0)
            .end(),
        }))
        .where('attempt_id', '=', g.attemptId)
        .where(
          'question_id',
          'in',
          g.verdicts.map(([q]) => q),
        )
        .execute();
    }
    if (g.tallies.length) {
      await db
        .insertInto('proficiency')
        .values(
          g.tallies.map((t) => ({
            user_id: g.userId,
            micro_topic_id: t.microTopicId,
            correct: t.correct,
            total: t.total,
            updated_at: g.now,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['user_id', 'micro_topic_id']).doUpdateSet((eb) => ({
            correct: eb('proficiency.correct', '+', eb.ref('excluded.correct')),
            total: eb('proficiency.total', '+', eb.ref('excluded.total')),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
    return true;
  }

  return {
    /**
     * Grading's writes, under the attempt's lock: the marks (only while it is still in progress), each answer's
     * verdict, the student's proficiency per topic, and for a diagnostic the flag that it was taken. False when
     * the attempt was no longer in progress, and then nothing is written. On PostgreSQL one statement (one round
     * trip instead of three); on SQLite the statements run in-process, one after another.
     */
    recordGrade: async (g: GradeWrites): Promise<boolean> => {
      const won =
        dialect === 'postgres'
          ? (await gradeStatement(g).execute(db)).rows[0]?.won === 1
          : await markAndRecordEach(g);
      if (won && g.diagnostic)
        await db.updateTable('users').set({ taken_diagnostics: 1 }).where('id', '=', g.userId).execute();
      return won;
    },
  };
}
