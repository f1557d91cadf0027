import type { Db } from '../../db/database.ts';
import { latestOverrideClose } from '../../db/override-close.ts';
import { prepared } from '../../db/prepared.ts';
import { questionsWithTopicPath } from '../../db/topic-path.ts';

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
    questionsByIds: (ids: number[]) =>
      ids.length ? selectQuestions(db).where('questions.id', 'in', ids).execute() : Promise.resolve([]),
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
