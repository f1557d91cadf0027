import type { Db } from '../../db/database.ts';

/** Sets a teacher's schools to exactly these: the old links go, the new ones are written. */
export async function setTeacherSchools(db: Db, userId: number, schoolIds: number[]): Promise<void> {
  await db.deleteFrom('teacher_schools').where('user_id', '=', userId).execute();
  if (schoolIds.length) {
    await db
      .insertInto('teacher_schools')
      .values(schoolIds.map((school_id) => ({ user_id: userId, school_id })))
      .execute();
  }
}
