import type { Db } from '../../db/database.ts';

/** What assigning practice reads: the student it is for, and the topics named. */
export function createPracticeAssignmentRepository(db: Db) {
  return {
    user: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'full_name', 'school_id', 'is_admin', 'is_teacher', 'is_active'])
        .where('id', '=', id)
        .executeTakeFirst(),
    topics: (ids: number[]) =>
      db.selectFrom('micro_topics').select(['id', 'name']).where('id', 'in', ids).execute(),
  };
}
