import {
  practiceLink,
  type AssignPractice,
  type AssignPracticeResult,
} from '../../../shared/contracts/practice-assignments.ts';
import type { AuditAction } from '../../../shared/contracts/user-roles.ts';
import type { Db } from '../../db/database.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { roleOf } from '../users/users.service.ts';
import { createPracticeAssignmentRepository } from './practice-assignment.repository.ts';

/**
 * Staff send a student practice on chosen topics: a notification that opens Test Yourself with them ticked.
 * A teacher only to the students of their own schools (another's: 403, as their learning profile), only
 * existing topics (422), and each assignment goes to the audit log like every other staff action on a user.
 */
export function createPracticeAssignments(
  db: Db,
  deps: {
    teacherSchoolIds: (userId: number) => Promise<number[]>;
    notify: (userIds: number[], n: { title: string; body: string; link?: string }) => Promise<unknown>;
    audit: (entry: {
      actor_id: number;
      actor_name: string;
      target_user_id: number;
      target_name: string;
      action: AuditAction;
      before: string;
      after: string;
      created_at: string;
    }) => Promise<unknown>;
    now: () => Date;
  },
) {
  const repo = createPracticeAssignmentRepository(db);
  return async function assign(
    auth: Authed,
    studentId: number,
    body: AssignPractice,
  ): Promise<AssignPracticeResult> {
    const student = await repo.user(studentId);
    if (!student) throw notFound('That user does not exist.');
    const isStudent = student.is_admin !== 1 && student.is_teacher !== 1;
    if (roleOf(auth.user) !== 'admin') {
      const own = await deps.teacherSchoolIds(auth.user.id);
      if (!isStudent || student.school_id === null || !own.includes(student.school_id))
        throw forbidden('You can only assign practice to the students of your own schools.');
    }
    if (!isStudent) throw unprocessable({ user: ['Practice can be assigned to students only.'] });
    if (student.is_active !== 1)
      throw unprocessable({ user: ['This account is deactivated: it would never see the practice.'] });

    const ids = [...new Set(body.micro_topic_ids)];
    const found = await repo.topics(ids);
    const missing = ids.filter((id) => !found.some((t) => t.id === id));
    if (missing.length)
      throw unprocessable({
        micro_topic_ids: [
          `${missing.length === 1 ? 'This topic does not' : 'These topics do not'} exist: ${missing.join(', ')}.`,
        ],
      });
    // In the order the teacher chose them.
    const topics = ids.map((id) => found.find((t) => t.id === id)!);
    const names = topics.map((t) => t.name).join(', ');
    const link = practiceLink(ids);

    // The log line first: a notification the log does not know of would be a staff action left unrecorded.
    await deps.audit({
      actor_id: auth.user.id,
      actor_name: auth.user.full_name,
      target_user_id: student.id,
      target_name: student.full_name,
      action: 'assign_practice',
      before: '',
      after: names,
      created_at: deps.now().toISOString(),
    });
    await deps.notify([student.id], {
      title: 'Practice for you',
      body: `${auth.user.full_name} asks you to practise ${names}.${body.message ? ` “${body.message}”` : ''}`,
      link,
    });
    return { student: { id: student.id, full_name: student.full_name }, topics, link };
  };
}
export type AssignPracticeFn = ReturnType<typeof createPracticeAssignments>;
