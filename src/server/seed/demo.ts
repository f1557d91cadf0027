import type { AppContext } from '../context.ts';
import { seedDemoLectures } from './demo-content.ts';
import { seedDemoResources } from './demo-resources.ts';
import { seedDemoVideos } from './demo-videos.ts';
import { seedLearning } from './learning.ts';
import { seedDemoLive } from './demo-live.ts';
import { seedDemoAnnouncements } from './demo-announcements.ts';
import { refitItemParameters } from '../features/learning/item-parameters.ts';

export const DEMO_PASSWORD = 'pathbuilder-demo';

// Early-childhood-education settings a school district would recognise.
const LOCATIONS = ['Springfield', 'Riverside', 'Lakeview', 'Maple Grove'];
const SCHOOLS: Array<[string, string]> = [
  ['Little Acorns Early Learning Centre', 'Springfield'],
  ['Sunbeam Community College — ECE Programme', 'Springfield'],
  ['Riverside Institute of Early Childhood Education', 'Riverside'],
  ['Bright Beginnings Teacher Training School', 'Lakeview'],
  ['Maple Grove Technical College — Child Care Studies', 'Maple Grove'],
];

const ACCOUNTS = [
  { email: 'admin@pathbuilder.test', full_name: 'Alex Morgan', is_admin: 1, is_teacher: 0, taken: 0 },
  { email: 'teacher@pathbuilder.test', full_name: 'Taylor Brooks', is_admin: 0, is_teacher: 1, taken: 0 },
  { email: 'student@pathbuilder.test', full_name: 'Sam Rivera', is_admin: 0, is_teacher: 0, taken: 1 },
  { email: 'new.student@pathbuilder.test', full_name: 'Jordan Lee', is_admin: 0, is_teacher: 0, taken: 0 },
] as const;

/** Seeds an empty database with the demo catalogue and the accounts of DESIGN.md section 6. */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const { db } = ctx;
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const now = ctx.now().toISOString();
  const locationIds = new Map<string, number>();
  for (const name of LOCATIONS) {
    const row = await db.insertInto('locations').values({ name }).returning('id').executeTakeFirstOrThrow();
    locationIds.set(name, row.id);
  }
  const schoolIds: number[] = [];
  for (const [name, location] of SCHOOLS) {
    const row = await db
      .insertInto('schools')
      .values({ name, location_id: locationIds.get(location)!, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    schoolIds.push(row.id);
  }
  const demoSchool = schoolIds[0]!;
  const demoLocation = locationIds.get('Springfield')!;
  const passwordHash = await ctx.hasher.hash(DEMO_PASSWORD);
  const ids: Record<string, number> = {};
  for (const a of ACCOUNTS) {
    const row = await db
      .insertInto('users')
      .values({
        email: a.email,
        full_name: a.full_name,
        password_hash: passwordHash,
        is_admin: a.is_admin,
        is_teacher: a.is_teacher,
        taken_diagnostics: a.taken,
        school_id: a.is_admin ? null : demoSchool,
        location_id: a.is_admin ? null : demoLocation,
        email_verified_at: now,
        is_active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[a.email] = row.id;
  }
  await db
    .insertInto('teacher_schools')
    .values({ user_id: ids['teacher@pathbuilder.test']!, school_id: demoSchool })
    .execute();

  const at = (minutesAgo: number) => new Date(ctx.now().getTime() - minutesAgo * 60_000).toISOString();
  const student = ids['student@pathbuilder.test']!;
  const admin = ids['admin@pathbuilder.test']!;
  const teacher = ids['teacher@pathbuilder.test']!;
  const schoolName = SCHOOLS[0]![0];
  await db
    .insertInto('notifications')
    .values([
      {
        user_id: student,
        title: 'Welcome to Pathbuilder',
        body: `You have joined ${schoolName}. Your learning pathway starts from your diagnostic results.`,
        link: '/',
        seen: 1,
        created_at: at(60 * 24 * 7),
      },
      {
        user_id: student,
        title: 'Diagnostic completed',
        body: 'Thank you for completing the diagnostic. Quizzes, lectures and videos are now unlocked in your menu.',
        link: '/',
        seen: 0,
        created_at: at(60 * 24 * 6),
      },
      {
        user_id: student,
        title: 'Keep your account up to date',
        body: 'Check that your name, school and e-mail address are correct on the Account page.',
        link: '/accounts',
        seen: 0,
        created_at: at(60 * 3),
      },
      ...['Sam Rivera (student@pathbuilder.test)', 'Jordan Lee (new.student@pathbuilder.test)'].flatMap(
        (who, i) => [
          {
            user_id: admin,
            title: 'New student registered',
            body: `${who} joined ${schoolName}.`,
            link: '/admin/users',
            seen: 0,
            created_at: at(60 * 24 * (8 - i)),
          },
          {
            user_id: teacher,
            title: 'New student registered',
            body: `${who} joined ${schoolName}.`,
            link: '/admin/users',
            seen: 0,
            created_at: at(60 * 24 * (8 - i)),
          },
        ],
      ),
    ])
    .execute();
  await seedLearning(ctx);
  await seedDemoLive(ctx, {
    school: demoSchool,
    admin,
    teacher,
    student,
    newStudent: ids['new.student@pathbuilder.test']!,
  });
  await seedDemoAnnouncements(ctx, { admin, teacher, school: demoSchool });
  await seedDemoVideos(ctx, ids['admin@pathbuilder.test']!);
  await seedDemoResources(ctx, ids['admin@pathbuilder.test']!);
  await seedDemoLectures(ctx, ids['admin@pathbuilder.test']!);
  // The demo's questions show rates learned from its seeded answers, as a school's would after a while.
  await refitItemParameters(ctx.db, ctx.now());
  return true;
}
