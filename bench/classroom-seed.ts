// The classroom bench's data, made through the product itself before its server starts: the demo seed, a
// school, the quiz's questions (keys and all) and the timed quiz through the admin API, and the students
// (inserted in one go, then signed in through the login route so each has a session of their own).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import { quizQuestions, type QuizQuestion } from './classroom-quiz.ts';

export const STUDENT_PASSWORD = 'classroom-bench-password';

export interface Classroom {
  schoolId: number;
  quizId: number;
  quizTitle: string;
  /** The micro topic of every question: a submission adds the quiz's questions to its proficiency once. */
  topicId: number;
  questions: QuizQuestion[];
  /** The protocol-level students, signed in. */
  students: Array<{ email: string; token: string }>;
  /** The students who take the quiz in Chromium (they sign in through the app). */
  browserEmails: string[];
}

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
): Promise<T> {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode >= 300) throw new Error(`seed ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function seedClassroom(options: {
  dataDir: string;
  databaseUrl?: string;
  students: number;
  browsers: number;
  questions: number;
  timeLimitMinutes: number;
}): Promise<Classroom> {
  const config = configFromEnv({
    DATA_DIR: options.dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'silent',
    WORKERS: '1',
  });
  const { app, ctx } = await buildApp({
    ...config,
    databaseUrl: options.databaseUrl,
    staticDir: undefined,
    sweeps: false,
    // Cheap hashes: a few hundred sign-ins are set-up here, not what is measured (a hash records its own cost,
    // so the server started afterwards checks them as they are).
    passwordHashing: { memoryKiB: 1024, passes: 1, parallelism: 1, maxConcurrent: 2 },
  });
  try {
    const { db } = ctx;
    const login = async (email: string, password: string) =>
      (await call<{ access_token: string }>(app, 'POST', '/api/auth/login', null, { email, password }))
        .access_token;
    const admin = await login('admin@pathbuilder.test', 'pathbuilder-demo');
    const { data: locations } = await call<{ data: Array<{ id: number }> }>(
      app,
      'GET',
      '/api/lookups/locations',
      null,
    );
    const locationId = locations[0]!.id;
    const { school } = await call<{ school: { id: number } }>(app, 'POST', '/api/admin/schools', admin, {
      name: 'Classroom Bench Primary',
      location_id: locationId,
    });
    const topic = await db.selectFrom('micro_topics').select('id').orderBy('id').executeTakeFirstOrThrow();
    const questions = quizQuestions(options.questions);
    for (const q of questions) {
      const made = await call<{ question: { id: number } }>(app, 'POST', '/api/admin/questions', admin, {
        micro_topic_id: topic.id,
        difficulty: 2,
        stem: `<p>${q.stem}</p>`,
        explanation: 'Because the bench wrote the key.',
        content: q.content,
      });
      q.id = made.question.id;
    }
    const quizTitle = 'Classroom on bad Wi-Fi';
    const { assessment } = await call<{ assessment: { id: number } }>(
      app,
      'POST',
      '/api/admin/assessments',
      admin,
      {
        kind: 'quiz',
        title: quizTitle,
        selection: 'fixed',
        question_ids: questions.map((q) => q.id),
        shuffle_questions: true,
        shuffle_options: true,
        time_limit_minutes: options.timeLimitMinutes,
        attempts_allowed: 1,
        school_ids: [school.id],
        published: true,
      },
    );

    const passwordHash = await ctx.hasher.hash(STUDENT_PASSWORD);
    const now = new Date().toISOString();
    const total = options.students + options.browsers;
    const emails = Array.from({ length: total }, (_, i) => `classroom.student.${i}@bench.test`);
    const rows = emails.map((email, i) => ({
      email,
      full_name: `Classroom Student ${i}`,
      password_hash: passwordHash,
      is_admin: 0,
      is_teacher: 0,
      // The diagnostic comes first in the product; these students have taken it.
      taken_diagnostics: 1,
      school_id: school.id,
      location_id: locationId,
      email_verified_at: now,
      is_active: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await db
        .insertInto('users')
        .values(rows.slice(i, i + 100))
        .execute();
    const students = [];
    for (const email of emails.slice(0, options.students))
      students.push({ email, token: await login(email, STUDENT_PASSWORD) });
    return {
      schoolId: school.id,
      quizId: assessment.id,
      quizTitle,
      topicId: topic.id,
      questions,
      students,
      browserEmails: emails.slice(options.students),
    };
  } finally {
    await app.close();
  }
}
