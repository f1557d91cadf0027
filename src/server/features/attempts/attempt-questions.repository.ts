import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { pgPoolOf, type Db } from '../../db/database.ts';
import { latestOverrideClose } from '../../db/override-close.ts';
import { prepared } from '../../db/prepared.ts';
import { questionsWithTopicPath } from '../../db/topic-path.ts';

type ReleaseFactsRow = {
  id: number;
  kind: string;
  review_policy: string;
  closes_at: string | null;
  offline_grace_minutes: number;
  attempts_allowed: number | null;
  override_closes_at: string | null;
};

type QueryRow<Q> = Q extends RawBuilder<infer R> ? R : never;
const textOf = (q: CompiledQuery) => ({ text: q.sql, values: [...q.parameters] });

/** Questions with their topic and subject, as grading and the review need them. */
function selectQuestions(db: Db) {
  return questionsWithTopicPath(db).select([
    'questions.id',
    'questions.type',
    'questions.stem',
    'questions.image_url',
    'questions.micro_topic_id',
    'questions.content',
    'questions.explanation',
    'micro_topics.name as micro_topic_name',
    'subjects.id as subject_id',
    'subjects.name as subject_name',
    'subjects.position as subject_position',
  ]);
}
/** What checking an answer needs: the type and the content, without the joins. */
const questionToCheck = prepared((db: Db, p: { id: number }) =>
  db.selectFrom('questions').select(['id', 'type', 'content']).where('id', '=', p.id),
);

/** The questions attempts hold, the pools they are drawn from, and which keys are still held back. */
export function attemptQuestionQueries(db: Db) {
  return {
    /** Release facts of every assessment, to work out which still hold their questions' keys back. */
    releaseFacts: () =>
      db
        .selectFrom('assessments')
        .select(['id', 'kind', 'review_policy', 'closes_at', 'offline_grace_minutes', 'attempts_allowed'])
        .select((eb) => latestOverrideClose(eb))
        .execute(),
    /**
     * PostgreSQL: `releaseFacts`, `attemptsMadeAt` and `questionsUsedBy` in one statement (one round trip, one
     * snapshot). The last two are read for the assessments that may still hold keys at `now` by a looser test
     * than `holdsKeys` (a day more than the grace; release.ts decides): those closed well before are skipped.
     */
    releaseState: async (userId: number, questionIds: number[], now: string) => {
      // Plain SQL with one array parameter: a statement built from the queries above took 2 ms to plan. Its
      // text never changes, so it is prepared once per connection (a named statement): parsed and planned once,
      // not on every submit (about 0.5 ms of the backend's CPU each time, measured with EXPLAIN ANALYZE).
      const query = sql<{
        facts: ReleaseFactsRow[];
        made: Array<{ assessment_id: number; made: number; open: number | null }> | null;
        used: Array<{ id: number; assessment_id: number }> | null;
      }>`with f as (
          select a.id, a.kind, a.review_policy, a.closes_at, a.offline_grace_minutes, a.attempts_allowed,
            (select max(o.closes_at) from assessment_overrides o where o.assessment_id = a.id) as override_closes_at
          from assessments a),
        h as (select id, kind from f where coalesce(greatest(closes_at, override_closes_at)::timestamptz
          + (offline_grace_minutes + 1440) * interval '1 minute' > ${now}::timestamptz, true))
        select (select json_agg(f) from f) as facts,
          (select json_agg(m) from (select assessment_id, count(*) as made,
              sum(case when status = 'in_progress' then 1 else 0 end) as open
            from attempts where user_id = ${userId}
              and assessment_id in (select id from h where kind = 'diagnostic')
            group by assessment_id) m) as made,
          (select json_agg(u) from (
            select question_id as id, assessment_id from assessment_questions
              where assessment_id in (select id from h) and question_id = any(${questionIds}::integer[])
            union all
            select q.id, d.assessment_id from assessment_draws d join questions q on q.micro_topic_id = d.micro_topic_id
              where d.assessment_id in (select id from h) and q.practice_only = 0
                and q.id = any(${questionIds}::integer[])) u) as used`;
      const pool = pgPoolOf(db);
      const row = pool
        ? (await pool.query<QueryRow<typeof query>>({ name: 'release-state', ...textOf(query.compile(db)) }))
            .rows[0]!
        : (await query.execute(db)).rows[0]!;
      return {
        facts: row.facts ?? [],
        made: (row.made ?? []).map((r) => ({
          assessment_id: Number(r.assessment_id),
          made: Number(r.made),
          open: Number(r.open ?? 0),
        })),
        used: row.used ?? [],
      };
    },
    /** How many attempts a student has made at each of these assessments, and how many are still open. */
    attemptsMadeAt: async (userId: number, assessmentIds: number[]) => {
      if (!assessmentIds.length) return [];
      const rows = await db
        .selectFrom('attempts')
        .select((eb) => [
          'assessment_id',
          eb.fn.countAll<number>().as('made'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'in_progress').then(1).else(0).end()).as('open'),
        ])
        .where('user_id', '=', userId)
        .where('assessment_id', 'in', assessmentIds)
        .groupBy('assessment_id')
        .execute();
      return rows.map((r) => ({
        assessment_id: Number(r.assessment_id),
        made: Number(r.made),
        open: Number(r.open ?? 0),
      }));
    },
    /** Which of these questions the given assessments use, by fixed list or by drawing from the topic. */
    questionsUsedBy: async (assessmentIds: number[], questionIds: number[]) => {
      if (!assessmentIds.length || !questionIds.length) return [];
      const fixed = db
        .selectFrom('assessment_questions')
        .select(['assessment_questions.question_id as id', 'assessment_questions.assessment_id'])
        .where('assessment_questions.assessment_id', 'in', assessmentIds)
        .where('assessment_questions.question_id', 'in', questionIds);
      const drawn = db
        .selectFrom('assessment_draws')
        .innerJoin('questions', 'questions.micro_topic_id', 'assessment_draws.micro_topic_id')
        .select(['questions.id as id', 'assessment_draws.assessment_id'])
        .where('assessment_draws.assessment_id', 'in', assessmentIds)
        .where('questions.practice_only', '=', 0)
        .where('questions.id', 'in', questionIds);
      return fixed.unionAll(drawn).execute();
    },
    /**
     * On PostgreSQL one array parameter and a named statement, parsed once per connection: with an `in` list
     * of a quiz's 50 ids the text differed with the count and was planned on every submit (0.73 against 0.15
     * ms of the backend's planning, measured with EXPLAIN ANALYZE). In a transaction (no pool): the list.
     */
    questionsByIds: async (ids: number[]) => {
      if (!ids.length) return [];
      const pool = pgPoolOf(db);
      if (!pool) return selectQuestions(db).where('questions.id', 'in', ids).execute();
      const query = selectQuestions(db).where(sql<boolean>`questions.id = any(${ids}::integer[])`);
      type Row = Awaited<ReturnType<typeof query.execute>>[number];
      return (await pool.query<Row>({ name: 'questions-by-ids', ...textOf(query.compile()) })).rows;
    },
    questionToCheck: async (id: number) => (await questionToCheck(db, { id })).rows[0],
    /** Every prerequisite edge of the knowledge graph: what the adaptive diagnostic infers along. */
    prerequisiteEdges: () =>
      db.selectFrom('micro_topic_prerequisites').select(['micro_topic_id', 'prerequisite_id']).execute(),
    /** The pools an assessment draws from: never the Test Yourself questions. */
    questionIdsOfMicroTopics: (microTopicIds: number[]) =>
      db
        .selectFrom('questions')
        .select(['id', 'micro_topic_id'])
        .where('micro_topic_id', 'in', microTopicIds.length ? microTopicIds : [-1])
        .where('practice_only', '=', 0)
        .execute(),
    /** Every question of these topics, with whether it is a Test Yourself question. */
    practiceCandidates: (microTopicIds: number[]) =>
      db
        .selectFrom('questions')
        .select(['id', 'micro_topic_id', 'practice_only'])
        .where('micro_topic_id', 'in', microTopicIds.length ? microTopicIds : [-1])
        .execute(),
  };
}
