import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/** What the assessment-integrity*.test.ts files share: the demo app, its admin and student, their school. */
export async function startIntegrityApp(
  dialect: DialectName,
): Promise<{ t: TestApp; admin: string; student: string; school: number }> {
  const t = await startTestApp(dialect, { seed: 'demo' });
  const admin = await t.login('admin@pathbuilder.test');
  const student = await t.login('student@pathbuilder.test');
  const school = (await t.ctx.db
    .selectFrom('schools')
    .select('id')
    .where('name', 'like', 'Little Acorns%')
    .executeTakeFirstOrThrow())!.id;
  return { t, admin, student, school };
}
