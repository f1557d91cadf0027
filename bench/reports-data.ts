// The reports bench's data: 10,000 students and 1,000,000 answers, generated once per database (bulk
// inserts, outside the timed part) and kept for the next run.
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db, Dialect } from '../src/server/db/database.ts';
import { bulkInsert, rng, type Row } from './reports-bulk.ts';

const ROOT = join(import.meta.dirname, '..');

/** BENCH_REPORTS_STUDENTS makes a smaller set for a quick look; the figure is at 10,000. */
export const STUDENTS = Number(process.env.BENCH_REPORTS_STUDENTS ?? 10_000);
const ASSESSMENTS = 40;
const PER_ASSESSMENT = 25;
/** Every student takes the first assessment (the worst case for item analysis) and three others. */
const ATTEMPTS_PER_STUDENT = 4;
const POOL = 400;
/** Bump when the generated data changes, so a kept database is made again. */
export const SEED_VERSION = `reports-v1:${STUDENTS}`;
export const SQLITE_DIR = join(ROOT, '.tmp', 'bench-reports', `sqlite-${STUDENTS}`);

/** 10,000 students over the demo schools, 40 quizzes of 25 questions, 40,000 attempts, 1,000,000 answers. */
export async function generate(db: Db, dialect: Dialect): Promise<void> {
  const random = rng(42);
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const schools = await db.selectFrom('schools').select(['id', 'location_id']).orderBy('id').execute();
  const topic = await db.selectFrom('micro_topics').select('id').orderBy('id').executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@pathbuilder.test')
    .executeTakeFirstOrThrow();
  const stamp = iso(now - 90 * 86_400_000);

  await db.transaction().execute(async (trx) => {
    // Questions: single choice with four options (key o1) and true/false, of graded difficulty.
    const qRows: Row[] = [];
    for (let i = 0; i < POOL; i++) {
      const tf = i % 5 === 4;
      qRows.push({
        micro_topic_id: topic.id,
        type: tf ? 'true_false' : 'single_choice',
        difficulty: 1 + (i % 3),
        stem: `<p>Bench question ${i}</p>`,
        explanation: '',
        image_url: null,
        content: JSON.stringify(
          tf
            ? { type: 'true_false', correct: true }
            : {
                type: 'single_choice',
                options: ['o1', 'o2', 'o3', 'o4'].map((id) => ({ id, text: `Option ${id}` })),
                correct: ['o1'],
              },
        ),
        practice_only: 0,
        created_by: admin.id,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    await trx
      .insertInto('questions')
      .values(qRows as never)
      .execute();
    const qIds = (
      await trx
        .selectFrom('questions')
        .select('id')
        .where('stem', 'like', '<p>Bench question %')
        .orderBy('id')
        .execute()
    ).map((q) => q.id);
    const difficulty = new Map(qIds.map((id, i) => [id, ((i * 7919) % 100) / 25 - 2]));
    const isTf = new Map(qIds.map((id, i) => [id, i % 5 === 4]));

    const aIds: number[] = [];
    const questionsOf: number[][] = [];
    for (let a = 0; a < ASSESSMENTS; a++) {
      const row = await trx
        .insertInto('assessments')
        .values({
          kind: a % 8 === 7 ? 'exam' : 'quiz',
          title: `Bench quiz ${a + 1}`,
          description: '',
          selection: 'fixed',
          shuffle_questions: 0,
          shuffle_options: 0,
          time_limit_minutes: null,
          opens_at: null,
          closes_at: null,
          attempts_allowed: null,
          pass_mark: 60,
          review_policy: 'after_submit',
          offline_grace_minutes: 10,
          published: 1,
          created_by: admin.id,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      aIds.push(row.id);
      const qs = Array.from({ length: PER_ASSESSMENT }, (_, k) => qIds[(a * 10 + k * 16) % POOL]!);
      questionsOf.push([...new Set(qs)]);
      await trx
        .insertInto('assessment_questions')
        .values(
          questionsOf[a]!.map((question_id, position) => ({ assessment_id: row.id, question_id, position })),
        )
        .execute();
    }

    const users: Row[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const school = schools[i % schools.length]!;
      users.push({
        email: `bench.student${i}@reports.test`,
        full_name: `Bench Student ${i}`,
        password_hash: '!bench',
        is_admin: 0,
        is_teacher: 0,
        taken_diagnostics: 1,
        school_id: school.id,
        location_id: school.location_id,
        email_verified_at: stamp,
        is_active: 1,
        created_at: stamp,
        updated_at: stamp,
      });
    }
    await bulkInsert(trx, dialect, 'users', users, {
      email: 'varchar',
      full_name: 'varchar',
      password_hash: 'varchar',
      is_admin: 'int',
      is_teacher: 'int',
      taken_diagnostics: 'int',
      school_id: 'int',
      location_id: 'int',
      email_verified_at: 'varchar',
      is_active: 'int',
      created_at: 'varchar',
      updated_at: 'varchar',
    });
    const studentIds = (
      await trx
        .selectFrom('users')
        .select('id')
        .where('email', 'like', 'bench.student%')
        .orderBy('id')
        .execute()
    ).map((u) => u.id);

    const attempts: Row[] = [];
    const answers: Row[] = [];
    const progress: Row[] = [];
    const daily = new Map<string, Row>();
    for (const [s, userId] of studentIds.entries()) {
      const ability = (random() - 0.5) * 4;
      const taken = new Set<number>([0]);
      while (taken.size < ATTEMPTS_PER_STUDENT) taken.add(1 + Math.floor(random() * (ASSESSMENTS - 1)));
      for (const a of taken) {
        const submitted = now - Math.floor(random() * 60 * 86_400_000);
        const id = `b${String(s).padStart(5, '0')}-${String(a).padStart(2, '0')}-0000-0000-000000000000`;
        const qs = questionsOf[a]!;
        let score = 0;
        for (const q of qs) {
          const p = 1 / (1 + Math.exp(-(ability - difficulty.get(q)!)));
          const right = random() < p;
          if (right) score++;
          const wrongPick = ['o2', 'o3', 'o4'][Math.floor(random() * random() * 3)]!;
          const answer = isTf.get(q)
            ? { type: 'true_false', value: right }
            : { type: 'single_choice', choice: right ? 'o1' : wrongPick };
          answers.push({
            attempt_id: id,
            question_id: q,
            answer: JSON.stringify(answer),
            flagged: 0,
            answered_at: iso(submitted - 60_000),
            saved_at: iso(submitted - 60_000),
            correct: right ? 1 : 0,
            via_grace: 0,
          });
        }
        const percent = Math.round((score / qs.length) * 100);
        attempts.push({
          id,
          user_id: userId,
          assessment_id: aIds[a]!,
          kind: a % 8 === 7 ? 'exam' : 'quiz',
          title: `Bench quiz ${a + 1}`,
          status: 'submitted',
          question_ids: JSON.stringify(qs),
          position: 0,
          started_at: iso(submitted - 600_000),
          submitted_at: iso(submitted),
          auto_submitted: 0,
          score,
          max_score: qs.length,
          percent,
          passed: percent >= 60 ? 1 : 0,
          used_offline_grace: 0,
        });
        const day = iso(submitted).slice(0, 10);
        const d = daily.get(`${userId}|${day}`) ?? {
          user_id: userId,
          day,
          questions_answered: 0,
          questions_marked: 0,
          correct: 0,
          minutes_active: 0,
        };
        d.questions_answered = Number(d.questions_answered) + qs.length;
        d.questions_marked = Number(d.questions_marked) + qs.length;
        d.correct = Number(d.correct) + score;
        d.minutes_active = Number(d.minutes_active) + 10;
        daily.set(`${userId}|${day}`, d);
      }
      const mastered = Math.max(0, Math.min(60, Math.round(30 + ability * 12)));
      progress.push({
        user_id: userId,
        subject_id: 0,
        topics_mastered: mastered,
        topics_total: 60,
        assessments_done: ATTEMPTS_PER_STUDENT,
        seconds_spent: ATTEMPTS_PER_STUDENT * 600,
      });
    }
    await bulkInsert(trx, dialect, 'attempts', attempts, {
      id: 'varchar',
      user_id: 'int',
      assessment_id: 'int',
      kind: 'varchar',
      title: 'varchar',
      status: 'varchar',
      question_ids: 'text',
      position: 'int',
      started_at: 'varchar',
      submitted_at: 'varchar',
      auto_submitted: 'int',
      score: 'int',
      max_score: 'int',
      percent: 'int',
      passed: 'int',
      used_offline_grace: 'int',
    });
    await bulkInsert(trx, dialect, 'attempt_answers', answers, {
      attempt_id: 'varchar',
      question_id: 'int',
      answer: 'text',
      flagged: 'int',
      answered_at: 'varchar',
      saved_at: 'varchar',
      correct: 'int',
      via_grace: 'int',
    });
    await bulkInsert(trx, dialect, 'user_progress', progress, {
      user_id: 'int',
      subject_id: 'int',
      topics_mastered: 'int',
      topics_total: 'int',
      assessments_done: 'int',
      seconds_spent: 'int',
    });
    await bulkInsert(trx, dialect, 'daily_performance', [...daily.values()], {
      user_id: 'int',
      day: 'varchar',
      questions_answered: 'int',
      questions_marked: 'int',
      correct: 'int',
      minutes_active: 'int',
    });
    await trx
      .insertInto('app_meta')
      .values({ key: 'bench_reports_seed', value: SEED_VERSION })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: SEED_VERSION }))
      .execute();
  });
  // What autovacuum (PostgreSQL: statistics, and the visibility map index-only scans need) and
  // `PRAGMA optimize` (SQLite) do soon after a bulk load.
  await sql.raw(dialect === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
}
