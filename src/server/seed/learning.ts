import type { AppContext } from '../context.ts';
import { createAssessmentsService } from '../features/assessments/assessments.service.ts';
import { createUsersRepository } from '../features/users/users.repository.ts';
import { seedAssessments } from './learning-assessments.ts';
import { seedAttempts } from './learning-attempts.ts';
import { seedCatalogue } from './learning-catalogue.ts';

/**
 * The teaching catalogue (knowledge graph and question bank), the diagnostic, ten quizzes and two
 * exams, and real attempts for the demo student and classmates, taken through the attempts service
 * so their scores are what the grader says.
 */
export async function seedLearning(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const questionsBySub = await seedCatalogue(ctx);

  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@pathbuilder.test')
    .executeTakeFirst();
  const school = await db
    .selectFrom('schools')
    .select('id')
    .where('name', '=', 'Little Acorns Early Learning Centre')
    .executeTakeFirst();
  // Seeded before any practice: nothing shown yet, nothing to audit.
  const assessments = createAssessmentsService(ctx, {
    teacherSchoolIds: async () => [],
    revealedByPractice: async () => [],
    audit: async () => {},
  });
  const adminAuth = admin
    ? { user: (await createUsersRepository(db).findById(admin.id))!, tokenHash: '', sessionId: 0 }
    : null;
  if (!adminAuth) return;

  const { diagnostic, quizzes } = await seedAssessments(ctx, adminAuth, school, questionsBySub, assessments);
  await seedAttempts(ctx, assessments, school, {
    diagnosticId: diagnostic.id,
    quizIds: quizzes.map((q) => q.id),
  });
}
