import {
  RECORD_KINDS,
  type ProfileRecord,
  type RecordAttempt,
  type RecordKind,
  type RecordQuery,
} from '../../../shared/contracts/profile-record.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { createProfileRecordRepository } from './profile-record.repository.ts';

const isKind = (kind: string): kind is RecordKind => (RECORD_KINDS as readonly string[]).includes(kind);

/**
 * The student's own record: who they are and every attempt they made. Only ever the caller's own (the
 * route takes no user id). Of a result it shows the score alone, which every review policy allows, so the
 * record never tells more than the result screen would.
 */
export function createProfileRecordService(db: Db) {
  const repo = createProfileRecordRepository(db);
  return {
    async mine(auth: Authed, query: RecordQuery): Promise<ProfileRecord> {
      const userId = auth.user.id;
      const student = await repo.student(userId);
      if (!student) throw notFound('That account no longer exists.');
      const [rows, counts] = await Promise.all([
        repo.attempts(userId, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
        repo.countsByKind(userId),
      ]);
      const totals = { quiz: 0, exam: 0, diagnostic: 0, practice: 0 };
      for (const { kind, n } of counts) if (isKind(kind)) totals[kind] += n;
      const data: RecordAttempt[] = rows.flatMap((r) => {
        if (!isKind(r.kind)) return [];
        const submitted = r.status === 'submitted';
        return [
          {
            id: r.id,
            kind: r.kind,
            assessment_id: r.assessment_id,
            title: r.title,
            status: submitted ? 'submitted' : 'in_progress',
            started_at: r.started_at,
            submitted_at: submitted ? r.submitted_at : null,
            // A grade exists only once submitted; an attempt in progress has no score yet.
            score: submitted ? (r.score ?? 0) : null,
            max_score: submitted ? (r.max_score ?? 0) : null,
            percent: submitted ? (r.percent ?? 0) : null,
            used_offline_grace: r.used_offline_grace === 1,
          },
        ];
      });
      return {
        student: {
          full_name: student.full_name,
          email: student.email,
          school_name: student.school_name,
          location_name: student.location_name,
          member_since: student.created_at,
          taken_diagnostic: student.taken_diagnostics === 1,
        },
        data,
        meta: {
          total: Object.values(totals).reduce((a, b) => a + b, 0),
          page: query.page,
          per_page: query.per_page,
        },
        totals,
      };
    },
  };
}
export type ProfileRecordService = ReturnType<typeof createProfileRecordService>;
