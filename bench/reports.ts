// Reports at scale: 10,000 students and 1,000,000 answers, on SQLite and on PostgreSQL. The generator runs
// once per database (bulk inserts, outside the timed part) and the data is kept for the next run; then the
// rankings and item analysis are asked for one request at a time over HTTP, next to a bare Fastify route in
// the same process, and their p99 go to .tmp/bench/results.json.
// Run on its own: `node bench/reports.ts` (both databases when PostgreSQL is reachable).
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { saveRunFigures } from './results.ts';
import { MIN_P99_SAMPLES, requireP99Samples } from './failures.ts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import type { Db, Dialect } from '../src/server/db/database.ts';
import type { Figure } from './api.ts';
import { percentile } from './learning.ts';

const ROOT = join(import.meta.dirname, '..');

export const REPORTS_PG_URL =
  process.env.BENCH_REPORTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pathbuilder_bench_reports';

/** BENCH_REPORTS_STUDENTS makes a smaller set for a quick look; the issue's figure is at 10,000. */
export const STUDENTS = Number(process.env.BENCH_REPORTS_STUDENTS ?? 10_000);
const ASSESSMENTS = 40;
const PER_ASSESSMENT = 25;
/** Every student takes the first assessment (the worst case for item analysis) and three others. */
const ATTEMPTS_PER_STUDENT = 4;
const POOL = 400;
/** Bump when the generated data changes, so a kept database is made again. */
const SEED_VERSION = `reports-v1:${STUDENTS}`;
const SQLITE_DIR = join(ROOT, '.tmp', 'bench-reports', `sqlite-${STUDENTS}`);
/**
 * Requests per URL: 6 ranking URLs and 4 item-analysis URLs, so each p99 is over at least 200 (it was 160 for
 * item analysis). The bare route, one URL, is asked BARE_ROUNDS times.
 */
const ROUNDS = 50;
const BARE_ROUNDS = MIN_P99_SAMPLES;
const WARM_UP = 5;

/** A small deterministic generator: the same data on both databases and at every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = Record<string, string | number | null>;

/**
 * Many rows at once: PostgreSQL takes each column as one array (unnest), so 20,000 rows are one statement
 * with a handful of parameters; SQLite takes multi-row VALUES inside the caller's transaction.
 */
async function bulkInsert(
  db: Db,
  dialect: Dialect,
  table: string,
  rows: Row[],
  types: Record<string, string>,
) {
  const cols = Object.keys(types);
  if (dialect === 'postgres') {
    for (let from = 0; from < rows.length; from += 20_000) {
      const chunk = rows.slice(from, from + 20_000);
      const arrays = cols.map((c) => sql`${chunk.map((r) => r[c] ?? null)}::${sql.raw(types[c]!)}[]`);
      await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
        select * from unnest(${sql.join(arrays)})`.execute(db);
    }
    return;
  }
  const per = Math.floor(30_000 / cols.length);
  for (let from = 0; from < rows.length; from += per) {
    const chunk = rows.slice(from, from + per);
    const values = chunk.map((r) => sql`(${sql.join(cols.map((c) => r[c] ?? null))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values ${sql.join(values)}`.execute(
      db,
    );
  }
}

/** 10,000 students over the demo schools, 40 quizzes of 25 questions, 40,000 attempts, 1,000,000 answers. */
async function generate(db: Db, dialect: Dialect): Promise<void> {
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
          option_orders: '{}',
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
      option_orders: 'text',
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

/** Creates the PostgreSQL database if missing; false when the server is not there. */
async function ensurePostgres(url: string): Promise<boolean> {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
    return true;
  } finally {
    await client.end();
  }
}

export interface ReportsRun {
  ranking: number[];
  items: number[];
  bare: number[];
  seedSeconds: number | null;
  answers: number;
}

/** Seeds (when needed) and measures one database. */
async function measureOne(databaseUrl: string | undefined): Promise<ReportsRun> {
  mkdirSync(SQLITE_DIR, { recursive: true });
  const { app, ctx } = await buildApp({
    ...configFromEnv({ DATA_DIR: SQLITE_DIR, LOG_LEVEL: 'silent', SEED: 'demo' }),
    databaseUrl,
    staticDir: undefined,
    sweeps: false,
  });
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  try {
    const marker = await ctx.db
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', 'bench_reports_seed')
      .executeTakeFirst();
    let seedSeconds: number | null = null;
    if (marker?.value !== SEED_VERSION) {
      if (marker) throw new Error(`stale bench data (${marker.value}): drop the database or ${SQLITE_DIR}`);
      const t0 = Date.now();
      console.log(`generating ${STUDENTS} students × ${STUDENTS * 100} answers on ${ctx.dialect}...`);
      await generate(ctx.db, ctx.dialect);
      seedSeconds = (Date.now() - t0) / 1000;
      console.log(`  done in ${seedSeconds.toFixed(1)} s`);
    }
    const counted = await ctx.db
      .selectFrom('attempt_answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await app.listen({ port: 0, host: '127.0.0.1' });
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/bare`;
    const login = async (email: string) => {
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'pathbuilder-demo' }),
      });
      if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const admin = await login('admin@pathbuilder.test');
    const teacher = await login('teacher@pathbuilder.test');
    const first = await ctx.db
      .selectFrom('assessments')
      .select('id')
      .where('title', '=', 'Bench quiz 1')
      .executeTakeFirstOrThrow();
    const other = await ctx.db
      .selectFrom('assessments')
      .select('id')
      .where('title', '=', 'Bench quiz 17')
      .executeTakeFirstOrThrow();
    const school = await ctx.db.selectFrom('schools').select('id').orderBy('id').executeTakeFirstOrThrow();

    const time = async (url: string, token?: string, rounds = ROUNDS): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + rounds; i++) {
        const t0 = performance.now();
        const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {}).catch(
          (error: unknown) => {
            throw new Error(`${url}: ${String(error)}`, { cause: error });
          },
        );
        const body = await res.text();
        if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
        if (i >= WARM_UP) times.push(performance.now() - t0);
      }
      return times;
    };
    const R = `${base}/admin/reports`;
    const ranking = [
      ...(await time(`${R}/rankings/students?sort=score`, admin)),
      ...(await time(`${R}/rankings/students?sort=progress&page=150`, admin)),
      ...(await time(`${R}/rankings/students?sort=score&search=student%2012`, admin)),
      ...(await time(`${R}/rankings/students?sort=score&school_id=${school.id}&per_page=100`, admin)),
      ...(await time(`${R}/rankings/students?sort=progress`, teacher)),
      ...(await time(`${R}/rankings/schools?sort=score`, admin)),
    ];
    const items = [
      // Taken by all 10,000 students: 250,000 answers.
      ...(await time(`${R}/item-analysis/${first.id}`, admin)),
      ...(await time(`${R}/item-analysis/${first.id}`, teacher)),
      ...(await time(`${R}/item-analysis/${first.id}?school_id=${school.id}`, admin)),
      ...(await time(`${R}/item-analysis/${other.id}`, admin)),
    ];
    const bareTimes = await time(bareUrl, undefined, BARE_ROUNDS);
    requireP99Samples(`reports (${ctx.dialect}): rankings`, ranking.length);
    requireP99Samples(`reports (${ctx.dialect}): item analysis`, items.length);
    requireP99Samples(`reports (${ctx.dialect}): bare route`, bareTimes.length);
    return { ranking, items, bare: bareTimes, seedSeconds, answers: Number(counted.n) };
  } finally {
    await bare.close();
    await app.close();
  }
}

const f = (value: number): Figure => ({ value: Math.round(value * 100) / 100, unit: 'ms' });

function figuresOf(suffix: string, r: ReportsRun): Record<string, Figure> {
  return {
    [`reports.ranking.p99_ms${suffix}`]: f(percentile(r.ranking, 99)),
    [`reports.item_analysis.p99_ms${suffix}`]: f(percentile(r.items, 99)),
    [`bare.p99_ms${suffix}`]: f(percentile(r.bare, 99)),
    [`reports.ranking.p50_ms${suffix}`]: f(percentile(r.ranking, 50)),
    [`reports.item_analysis.p50_ms${suffix}`]: f(percentile(r.items, 50)),
  };
}

/**
 * Both databases (PostgreSQL when reachable). Names: `.sqlite` / `.postgres` suffixes, and the plain names
 * for SQLite. `bare.p99_ms` here is the bare route asked one request at a time, like the reports.
 */
export async function measureReports(): Promise<{ figures: Record<string, Figure>; report: string }> {
  const figures: Record<string, Figure> = {};
  const lines = ['database     ranking p50/p99 ms   item analysis p50/p99 ms   bare p99 ms   answers'];
  const line = (name: string, r: ReportsRun) =>
    `${name.padEnd(12)} ${`${percentile(r.ranking, 50).toFixed(1)} / ${percentile(r.ranking, 99).toFixed(1)}`.padStart(
      19,
    )}   ${`${percentile(r.items, 50).toFixed(1)} / ${percentile(r.items, 99).toFixed(1)}`.padStart(24)}   ${percentile(
      r.bare,
      99,
    )
      .toFixed(2)
      .padStart(11)}   ${r.answers.toLocaleString('en-US')}`;
  const sqlite = await measureOne(undefined);
  Object.assign(figures, figuresOf('', sqlite), figuresOf('.sqlite', sqlite));
  lines.push(line('SQLite', sqlite));
  if (process.env.BENCH_REPORTS_SQLITE_ONLY) lines.push('PostgreSQL: skipped (BENCH_REPORTS_SQLITE_ONLY)');
  else if (await ensurePostgres(REPORTS_PG_URL)) {
    const postgres = await measureOne(REPORTS_PG_URL);
    Object.assign(figures, figuresOf('.postgres', postgres));
    lines.push(line('PostgreSQL', postgres));
  } else lines.push(`PostgreSQL: not reachable at ${new URL(REPORTS_PG_URL).host}; skipped`);
  const report = `Reports with ${STUDENTS.toLocaleString('en-US')} students (one request at a time, after ${WARM_UP} untimed)\n${lines.join('\n')}`;
  return { figures, report };
}

if (import.meta.main) {
  const { figures, report } = await measureReports();
  console.log(report);
  saveRunFigures(figures);
}
