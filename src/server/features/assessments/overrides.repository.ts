import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { OverrideFields } from './override-rules.ts';

/** Whom an override is for: one student, or every student of one school. */
export type OverrideTarget = { userId: number } | { schoolId: number };

const fields = ['extra_minutes', 'time_multiplier', 'closes_at', 'attempts_allowed'] as const;

export function createOverridesRepository(db: Db) {
  /** The column and value that name the target. */
  const by = (target: OverrideTarget) =>
    'userId' in target ? (['user_id', target.userId] as const) : (['school_id', target.schoolId] as const);
  return {
    /** The overrides of these assessments that reach this student: their own and their school's. */
    reaching: async (assessmentIds: number[], user: { id: number; school_id: number | null }) =>
      assessmentIds.length
        ? db
            .selectFrom('assessment_overrides')
            .select(['assessment_id', 'user_id', 'school_id', ...fields])
            .where('assessment_id', 'in', assessmentIds)
            .where((eb) =>
              eb.or([
                eb('user_id', '=', user.id),
                ...(user.school_id !== null ? [eb('school_id', '=', user.school_id)] : []),
              ]),
            )
            .execute()
        : [],
    /** The student's standing time multiplier (their record), read fresh: a session's copy may be older. */
    standingMultiplier: async (userId: number) =>
      (await db.selectFrom('users').select('time_multiplier').where('id', '=', userId).executeTakeFirst())
        ?.time_multiplier ?? null,
    /** An assessment's overrides with the names staff read. */
    list: (assessmentId: number) =>
      db
        .selectFrom('assessment_overrides as o')
        .leftJoin('users as u', 'u.id', 'o.user_id')
        .leftJoin('schools as s', (j) =>
          j.on((eb) =>
            eb.or([eb('s.id', '=', eb.ref('o.school_id')), eb('s.id', '=', eb.ref('u.school_id'))]),
          ),
        )
        .select([
          'o.id',
          'o.assessment_id',
          'o.user_id',
          'o.school_id',
          'o.extra_minutes',
          'o.time_multiplier',
          'o.closes_at',
          'o.attempts_allowed',
          'o.updated_at',
          'u.full_name as student_name',
          'u.school_id as student_school_id',
          'u.time_multiplier as standing_multiplier',
          's.name as school_name',
        ])
        .where('o.assessment_id', '=', assessmentId)
        .orderBy('s.name')
        .orderBy('u.full_name')
        .orderBy('o.id')
        .execute(),
    find: (assessmentId: number, target: OverrideTarget) =>
      db
        .selectFrom('assessment_overrides')
        .selectAll()
        .where('assessment_id', '=', assessmentId)
        .where(by(target)[0], '=', by(target)[1])
        .executeTakeFirst(),
    /** Replaces the target's override of this assessment (one row per target: unique indexes). */
    put: (
      assessmentId: number,
      target: OverrideTarget,
      values: OverrideFields & { updated_by: number; updated_at: string },
    ) =>
      withTransaction(db, async (trx) => {
        await trx
          .deleteFrom('assessment_overrides')
          .where('assessment_id', '=', assessmentId)
          .where(by(target)[0], '=', by(target)[1])
          .execute();
        await trx
          .insertInto('assessment_overrides')
          .values({
            assessment_id: assessmentId,
            user_id: 'userId' in target ? target.userId : null,
            school_id: 'schoolId' in target ? target.schoolId : null,
            ...values,
          })
          .execute();
      }),
    remove: async (assessmentId: number, target: OverrideTarget) =>
      Number(
        (
          await db
            .deleteFrom('assessment_overrides')
            .where('assessment_id', '=', assessmentId)
            .where(by(target)[0], '=', by(target)[1])
            .executeTakeFirst()
        ).numDeletedRows,
      ) > 0,
    user: (id: number) =>
      db
        .selectFrom('users')
        .leftJoin('schools', 'schools.id', 'users.school_id')
        .select([
          'users.id',
          'users.full_name',
          'users.is_admin',
          'users.is_teacher',
          'users.school_id',
          'schools.name as school_name',
        ])
        .where('users.id', '=', id)
        .executeTakeFirst(),
    school: (id: number) =>
      db.selectFrom('schools').select(['id', 'name']).where('id', '=', id).executeTakeFirst(),
  };
}
export type OverridesRepository = ReturnType<typeof createOverridesRepository>;
