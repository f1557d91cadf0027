import { sql } from 'kysely';
import { NEEDS_ATTENTION_SHOWN, type NeedsAttention } from '../../../shared/contracts/needs-attention.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { MASTERED } from '../learning/mastery-model.ts';
import { n, reportSql, type Scope } from './report-sql.ts';

/** The weak topics of "Needs attention", from the students' mastery estimates (one row per student and topic). */
export function createNeedsAttentionRepository(db: Db, dialect: Dialect) {
  const { studentOf } = reportSql(dialect);
  return {
    /** The topics the students in scope find hardest: answered on, not yet mastered by some, lowest mean first. */
    async weakTopics(scope: Scope): Promise<NeedsAttention['weak_topics']> {
      const { rows } = await sql<Record<string, unknown>>`
        select tm.micro_topic_id as id, mt.name, st.name as sub_topic, count(*) as students,
          sum(case when tm.p < ${MASTERED} then 1 else 0 end) as not_mastered,
          avg(cast(tm.p as double precision)) as mean
        from topic_mastery tm
        join users u on u.id = tm.user_id and ${studentOf('u', scope)}
        join micro_topics mt on mt.id = tm.micro_topic_id
        join sub_topics st on st.id = mt.sub_topic_id
        where tm.evidence > 0
        group by tm.micro_topic_id, mt.name, st.name
        having sum(case when tm.p < ${MASTERED} then 1 else 0 end) > 0
        order by avg(cast(tm.p as double precision)) asc, count(*) desc, tm.micro_topic_id
        limit ${NEEDS_ATTENTION_SHOWN}`.execute(db);
      return rows.map((r) => ({
        micro_topic_id: n(r.id),
        name: String(r.name),
        sub_topic: String(r.sub_topic),
        students: n(r.students),
        not_mastered: n(r.not_mastered),
        average_mastery: Math.round(100 * n(r.mean)),
      }));
    },
  };
}
