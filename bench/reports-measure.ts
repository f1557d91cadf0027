// The reports bench's measuring: one database seeded when needed, then the rankings and item analysis asked
// for one request at a time over HTTP, next to a bare Fastify route in the same process.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import { MIN_P99_SAMPLES, requireP99Samples } from './failures.ts';
import { generate, SEED_VERSION, SQLITE_DIR, STUDENTS } from './reports-data.ts';

/**
 * Requests per URL: 6 ranking URLs and 4 item-analysis URLs, so each p99 is over at least 200 (it was 160 for
 * item analysis). The bare route, one URL, is asked BARE_ROUNDS times.
 */
const ROUNDS = 50;
const BARE_ROUNDS = MIN_P99_SAMPLES;
export const WARM_UP = 5;

export interface ReportsRun {
  ranking: number[];
  items: number[];
  bare: number[];
  seedSeconds: number | null;
  answers: number;
}

/** Seeds (when needed) and measures one database. */
export async function measureOne(databaseUrl: string | undefined): Promise<ReportsRun> {
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
