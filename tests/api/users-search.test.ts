import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersMatching } from '../../src/server/features/users/admin-users.repository.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** Users the suite adds: enough that PostgreSQL's planner prefers an index to reading the table. */
const COUNT = 20_000;
const FIRST = ['Sam', 'Alex', 'Jordan', 'Taylor', 'Casey', 'Riley', 'Morgan', 'Jamie', 'Avery', 'Quinn'];
const LAST = ['Rivera', 'Smith', 'Nguyen', 'Okafor', 'Kowalski', 'Haddad', 'Lindqvist', 'Tanaka', 'Murphy'];

// Manage Users' search with many users: "contains", in any case, on the name or the address, whatever
// index answers it (on PostgreSQL a trigram index from migration 0025, where pg_trgm is available).
describe.each(dialects)('Manage Users search with many users (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let everyone: Array<{ id: number; full_name: string; email: string }>;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const at = new Date().toISOString();
    for (let from = 0; from < COUNT; from += 1000) {
      const rows = [];
      for (let n = from; n < from + 1000; n++)
        rows.push({
          email: `user${n}@search.test`,
          full_name: `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / 7) % LAST.length]} ${n}`,
          password_hash: '!test',
          is_admin: 0,
          is_teacher: 0,
          taken_diagnostics: 0,
          is_active: 1,
          created_at: at,
          updated_at: at,
        });
      await t.ctx.db.insertInto('users').values(rows).execute();
    }
    if (dialect === 'postgres') await sql`analyze users`.execute(t.ctx.db);
    everyone = await t.ctx.db.selectFrom('users').select(['id', 'full_name', 'email']).execute();
  }, 60_000);
  afterAll(() => t.close());

  /** Every user whose name or address contains `term`, in any case: what the list must find. */
  const expected = (term: string) => {
    const s = term.replace(/[%_\\]/g, '').toLowerCase();
    return everyone
      .filter((u) => u.full_name.toLowerCase().includes(s) || u.email.includes(s))
      .map((u) => u.id);
  };
  const search = async (term: string, page = 1) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/users?${new URLSearchParams({ search: term, per_page: '100', page: String(page) })}`,
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ id: number }>; meta: { total: number } };
    return { ids: body.data.map((u) => u.id), total: body.meta.total };
  };

  it.each([
    ['two words, across the name', 'okafor 12'],
    ['in capitals', 'OKAFOR 12'],
    ['a first name', 'Sam'],
    ['shorter than a trigram', 'ok'],
    ['one letter', 'q'],
    ['part of an address', 'user1234@'],
    ['the domain every one of them has', '@search.test'],
    ['the end of a name', 'haddad 19999'],
    ['wildcards, which are dropped', 'rive%ra_'],
    ['nothing', 'nobody-has-this'],
  ])('finds exactly the users containing %s', async (_what, term) => {
    const want = new Set(expected(term));
    const { ids, total } = await search(term);
    expect(total).toBe(want.size);
    // The order is the database's collation's; what matters here is which users are found.
    expect(ids).toHaveLength(Math.min(100, want.size));
    expect(ids.filter((id) => !want.has(id))).toEqual([]);
    if (want.size <= 100) expect(new Set(ids)).toEqual(want);
  });

  it.runIf(dialect === 'postgres')('reads a search from the trigram index, page and count', async () => {
    const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const { sql: text, parameters } = query.compile();
      const { rows } = await sql
        .raw<{ 'QUERY PLAN': unknown }>(
          `explain (format json) ${text.replace(/\$(\d+)/g, (_, i: string) => literal(parameters[Number(i) - 1]))}`,
        )
        .execute(t.ctx.db);
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    };
    const matching = usersMatching(t.ctx.db, 'postgres', { search: 'okafor 12' });
    const page = plan(
      matching.select('users.id').orderBy('users.full_name').orderBy('users.id').limit(25).offset(0),
    );
    const count = plan(matching.select((eb) => eb.fn.countAll().as('n')));
    for (const p of [await page, await count]) {
      expect(p).toContain('users_name_trgm_idx');
      expect(p).toContain('users_email_trgm_idx');
      expect(p).not.toContain('Seq Scan');
    }
  });
});

/** A parameter written into the statement, for EXPLAIN (which takes no parameters over the wire). */
function literal(v: unknown): string {
  if (typeof v === 'number') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
}
