// The Users back office at scale: 100,000 users in a fresh SQLite data dir, then the list endpoint with the
// searches, filters, sorts and pages staff use, one request at a time over HTTP.
// Run on its own: `node bench/users.ts` (prints the figures as JSON).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import type { Figure } from './api.ts';
import { finishBench, MIN_P99_SAMPLES } from './failures.ts';
import { percentile } from './learning.ts';

export const USERS = 100_000;
/**
 * Requests per variant, after a few to warm up: each variant has a p99 of its own (the search is the issue's
 * figure), and of 40 it was the slowest one.
 */
const ROUNDS = MIN_P99_SAMPLES;
const WARM_UP = 5;

const FIRST = ['Sam', 'Alex', 'Jordan', 'Taylor', 'Casey', 'Riley', 'Morgan', 'Jamie', 'Avery', 'Quinn'];
const LAST = ['Rivera', 'Smith', 'Nguyen', 'Okafor', 'Kowalski', 'Haddad', 'Lindqvist', 'Tanaka', 'Murphy'];

/** The list requests measured: [label, query, who asks]. */
const VARIANTS: Array<[string, Record<string, string>, 'admin' | 'teacher']> = [
  ['first_page', {}, 'admin'],
  ['page_40', { page: '40' }, 'admin'],
  ['search', { search: 'okafor 12' }, 'admin'],
  ['search_rare', { search: 'nobody-has-this' }, 'admin'],
  ['role_diagnostic_newest', { role: 'student', diagnostic: '1', sort: '-created_at' }, 'admin'],
  ['school_by_email', { sort: 'email', school_id: '3' }, 'admin'],
  ['unverified_active_desc', { verified: 'false', active: 'true', sort: '-name' }, 'admin'],
  ['teachers', { role: 'teacher' }, 'admin'],
  ['teacher_view', { sort: 'name', page: '3' }, 'teacher'],
  ['teacher_search', { search: 'sam' }, 'teacher'],
];

/** Inserts `count` students spread over the demo schools, in one transaction of multi-row inserts. */
async function seedUsers(
  db: Awaited<ReturnType<typeof buildApp>>['ctx']['db'],
  count: number,
): Promise<void> {
  const schools = await db.selectFrom('schools').select(['id', 'location_id']).orderBy('id').execute();
  const start = Date.parse('2024-01-01T00:00:00Z');
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < count; from += 1000) {
      const rows = [];
      for (let n = from; n < Math.min(count, from + 1000); n++) {
        const school = schools[n % schools.length]!;
        const at = new Date(start + n * 60_000).toISOString();
        const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / 7) % LAST.length]} ${n}`;
        rows.push({
          email: `user${n}@bench.test`,
          full_name: name,
          password_hash: '!bench',
          is_admin: 0,
          is_teacher: n % 500 === 0 ? 1 : 0,
          taken_diagnostics: n % 3 === 0 ? 1 : 0,
          school_id: school.id,
          location_id: school.location_id,
          email_verified_at: n % 4 === 0 ? null : at,
          is_active: n % 50 === 0 ? 0 : 1,
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto('users').values(rows).execute();
    }
  });
}

/**
 * Seeds `count` users into a fresh SQLite data dir (or, given `databaseUrl`, an empty PostgreSQL database or
 * `pgSchema`), serves the API on a free port and measures the list endpoint: p50 and p99 over every variant
 * together, and the p99 of each.
 */
export async function measureUsersList(
  options: { count?: number; databaseUrl?: string; pgSchema?: string } = {},
): Promise<Record<string, Figure>> {
  const count = options.count ?? USERS;
  const dataDir = mkdtempSync(join(tmpdir(), 'pathbuilder-bench-users-'));
  const { app, ctx } = await buildApp({
    ...configFromEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'demo' }),
    databaseUrl: options.databaseUrl,
    pgSchema: options.pgSchema,
    staticDir: undefined,
    sweeps: false,
  });
  try {
    const seeded = Date.now();
    await seedUsers(ctx.db, count);
    // What autovacuum does soon after a bulk load (since PostgreSQL 13 inserts alone start it): statistics, and
    // the visibility map that lets an index-only scan skip the table. This machine's server runs with
    // autovacuum off, so the bench does it; without statistics PostgreSQL plans blind.
    if (ctx.dialect === 'postgres') await sql`vacuum analyze users`.execute(ctx.db);
    const seedMs = Date.now() - seeded;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
    const login = async (email: string) => {
      const res = await fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'pathbuilder-demo' }),
      });
      if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const tokens = {
      admin: await login('admin@pathbuilder.test'),
      teacher: await login('teacher@pathbuilder.test'),
    };

    const all: number[] = [];
    const figures: Record<string, Figure> = {};
    const f = (value: number, unit: string): Figure => ({ value: Math.round(value * 100) / 100, unit });
    for (const [label, query, who] of VARIANTS) {
      const url = `${base}/admin/users?${new URLSearchParams({ per_page: '25', ...query })}`;
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + ROUNDS; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${tokens[who]}` } }).catch(
          (error: unknown) => {
            throw new Error(`users list ${label}: ${String(error)}`, { cause: error });
          },
        );
        const body = (await res.json()) as { meta?: { total: number } };
        if (!res.ok || !body.meta) throw new Error(`${label}: ${res.status} ${JSON.stringify(body)}`);
        if (i >= WARM_UP) times.push(performance.now() - t0);
      }
      all.push(...times);
      figures[`api.users_list.${label}.p99_ms`] = f(percentile(times, 99), 'ms');
    }
    // The whole list as CSV, once: the export reads every user with their school and location.
    const exportStart = performance.now();
    const csv = await fetch(`${base}/admin/users/export`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    const rows = (await csv.text()).split('\n').length - 2;
    if (!csv.ok || rows < count) throw new Error(`export: ${csv.status}, ${rows} rows`);
    const exportMs = performance.now() - exportStart;
    return {
      // The headline figure: page 1 of the list with a search term.
      'users.list.p99_ms': figures['api.users_list.search.p99_ms']!,
      'api.users_list.p50_ms': f(percentile(all, 50), 'ms'),
      'api.users_export.ms': f(exportMs, 'ms'),
      'api.users_list.p99_ms': f(percentile(all, 99), 'ms'),
      'api.users_list.users': f(count, 'users'),
      'api.users_list.seed_s': f(seedMs / 1000, 's'),
      ...figures,
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bench/users.ts [postgres-url-of-an-empty-database]`
if (import.meta.main) {
  console.log(JSON.stringify(await measureUsersList({ databaseUrl: process.argv[2] }), null, 2));
  finishBench();
}
