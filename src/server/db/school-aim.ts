import { expressionBuilder, sql, type Expression, type SqlBool } from 'kysely';
import type { Database } from './schema.ts';

/** The link tables that aim a row at schools, each with its column naming the row. */
const LINKS = {
  assessment_schools: 'assessment_id',
  content_schools: 'content_id',
  announcement_schools: 'announcement_id',
} as const;

/**
 * Assessments, content and announcements are aimed at schools through a link table, and one with no school
 * linked is aimed at every school. `owner` is the aimed row's id column as the outer query names it
 * (`assessments.id`, `c.id`).
 */
export function schoolAim(link: keyof typeof LINKS, owner: string) {
  const eb = expressionBuilder<Database, never>();
  const linked = () =>
    eb
      .selectFrom(link)
      .select('school_id')
      .where(sql.ref(`${link}.${LINKS[link]}`), '=', sql.ref(owner));
  return {
    /** No school linked: aimed at every school. */
    everySchool: (): Expression<SqlBool> => eb.not(eb.exists(linked())),
    /** Linked to one of these schools (never an empty list: `in ()` is not SQL). */
    oneOf: (schoolIds: number[]): Expression<SqlBool> =>
      eb.exists(linked().where('school_id', 'in', schoolIds)),
  };
}
