import type { Db } from '../../db/database.ts';

/** What results, reviews and staff lists read. */
export function attemptResultQueries(db: Db) {
  return {
    summariesOf: (userId: number) =>
      db
        .selectFrom('attempts')
        .select([
          'id',
          'assessment_id',
          'status',
          'percent',
          'passed',
          'deadline_at',
          'started_at',
          'submitted_at',
        ])
        .where('user_id', '=', userId)
        .where('assessment_id', 'is not', null)
        .execute(),
    /** An assessment's attempts with their students, for staff (a teacher: only students of these schools). */
    staffList: (assessmentId: number, schoolIds: number[] | null) => {
      let q = db
        .selectFrom('attempts')
        .innerJoin('users', 'users.id', 'attempts.user_id')
        .leftJoin('schools', 'schools.id', 'users.school_id')
        .leftJoin('user_sync', 'user_sync.user_id', 'users.id')
        .select((eb) => [
          'user_sync.last_synced_at as student_last_synced_at',
          'attempts.id',
          'attempts.status',
          'attempts.started_at',
          'attempts.submitted_at',
          'attempts.last_seen_at',
          'attempts.score',
          'attempts.max_score',
          'attempts.percent',
          'attempts.passed',
          'attempts.auto_submitted',
          'attempts.used_offline_grace',
          'users.id as student_id',
          'users.full_name as student_name',
          'schools.name as school_name',
          eb
            .selectFrom('attempt_answers')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('attempt_answers.attempt_id', '=', 'attempts.id')
            .where('attempt_answers.via_grace', '=', 1)
            .as('late_answers'),
        ])
        .where('attempts.assessment_id', '=', assessmentId);
      if (schoolIds) q = q.where('users.school_id', 'in', schoolIds.length ? schoolIds : [-1]);
      return q.orderBy('attempts.started_at', 'desc').limit(1000).execute();
    },
    /** Share of submitted attempts at an assessment that got each question right. */
    classCorrectness: (assessmentId: number) =>
      db
        .selectFrom('attempt_answers')
        .innerJoin('attempts', 'attempts.id', 'attempt_answers.attempt_id')
        .select([
          'attempt_answers.question_id',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('attempt_answers.correct').as('right'),
        ])
        .where('attempts.assessment_id', '=', assessmentId)
        .where('attempts.status', '=', 'submitted')
        .groupBy('attempt_answers.question_id')
        .execute(),
    latestSubmittedOfKind: (userId: number, kind: string) =>
      db
        .selectFrom('attempts')
        .selectAll()
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('status', '=', 'submitted')
        .orderBy('submitted_at', 'desc')
        .executeTakeFirst(),
  };
}
