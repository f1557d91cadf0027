import type { Db } from '../../db/database.ts';

/** A student who may take the assessment, as the live view lists them. */
export interface StudentRow {
  id: number;
  full_name: string;
  school_id: number | null;
  school_name: string | null;
}

/** An attempt at the assessment, with what the live view shows of its answers. */
export interface LiveAttemptRow {
  id: string;
  user_id: number;
  status: string;
  question_ids: string;
  started_at: string;
  submitted_at: string | null;
  deadline_at: string | null;
  grace_until: string | null;
  last_seen_at: string | null;
  auto_submitted: number;
  used_offline_grace: number;
  outbox_size: number | null;
  outbox_reported_at: string | null;
  answered: number | string | null;
  last_saved_at: string | null;
}

/**
 * The live view's reads: a fixed number of queries however many students (no query per student). `userIds`
 * narrows them to the students whose rows changed (the stream); null reads every one.
 */
export function createExamLiveRepository(db: Db) {
  return {
    /** Active students of these schools (null: of every school). */
    students: (schoolIds: number[] | null, userIds: number[] | null): Promise<StudentRow[]> => {
      let q = db
        .selectFrom('users')
        .leftJoin('schools', 'schools.id', 'users.school_id')
        .select(['users.id', 'users.full_name', 'users.school_id', 'schools.name as school_name'])
        .where('users.is_admin', '=', 0)
        .where('users.is_teacher', '=', 0)
        .where('users.is_active', '=', 1);
      q = schoolIds
        ? q.where('users.school_id', 'in', schoolIds.length ? schoolIds : [-1])
        : q.where('users.school_id', 'is not', null);
      if (userIds) q = q.where('users.id', 'in', userIds.length ? userIds : [-1]);
      return q.orderBy('users.full_name').orderBy('users.id').execute();
    },

    /** Every attempt at the assessment (of these users), oldest first, with its answered count and last save. */
    attempts: (assessmentId: number, userIds: number[] | null): Promise<LiveAttemptRow[]> => {
      let q = db
        .selectFrom('attempts')
        .select((eb) => [
          'attempts.id',
          'attempts.user_id',
          'attempts.status',
          'attempts.question_ids',
          'attempts.started_at',
          'attempts.submitted_at',
          'attempts.deadline_at',
          'attempts.grace_until',
          'attempts.last_seen_at',
          'attempts.auto_submitted',
          'attempts.used_offline_grace',
          'attempts.outbox_size',
          'attempts.outbox_reported_at',
          eb
            .selectFrom('attempt_answers')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('attempt_answers.attempt_id', '=', 'attempts.id')
            .where('attempt_answers.answer', 'is not', null)
            .as('answered'),
          eb
            .selectFrom('attempt_answers')
            .select((e) => e.fn.max('attempt_answers.saved_at').as('m'))
            .whereRef('attempt_answers.attempt_id', '=', 'attempts.id')
            .as('last_saved_at'),
        ])
        .where('attempts.assessment_id', '=', assessmentId);
      if (userIds) q = q.where('attempts.user_id', 'in', userIds.length ? userIds : [-1]);
      return q.orderBy('attempts.started_at').execute() as Promise<LiveAttemptRow[]>;
    },

    /** Students' own overrides of the assessment (of these users): a school's is not a student's own. */
    overrides: (assessmentId: number, userIds: number[] | null) => {
      let q = db
        .selectFrom('assessment_overrides')
        .select(['user_id', 'extra_minutes', 'time_multiplier', 'closes_at', 'attempts_allowed'])
        .where('assessment_id', '=', assessmentId)
        .where('user_id', 'is not', null);
      if (userIds) q = q.where('user_id', 'in', userIds.length ? userIds : [-1]);
      return q.execute();
    },

    /** Is any attempt at the assessment in progress? */
    anyOpen: async (assessmentId: number) =>
      (await db
        .selectFrom('attempts')
        .select('id')
        .where('assessment_id', '=', assessmentId)
        .where('status', '=', 'in_progress')
        .limit(1)
        .executeTakeFirst()) !== undefined,
  };
}
export type ExamLiveRepository = ReturnType<typeof createExamLiveRepository>;
