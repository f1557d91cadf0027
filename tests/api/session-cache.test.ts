import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { sqliteFileOf } from '../../src/server/db/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// Each process keeps signed-in users in memory (features/auth/session-cache.ts). Two apps on one database
// stand for two processes behind a balancer: SQLite, two apps on one file (the auth epoch); PostgreSQL, two
// apps on one schema (LISTEN/NOTIFY). Whatever one of them changes, the other must see on the next request.
describe.each(dialects)('session cache across processes (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;

  beforeAll(async () => {
    a = await startTestApp(dialect);
    b = await startTestApp(dialect, { dataDir: a.ctx.config.dataDir, pgSchema: a.ctx.config.pgSchema });
    admin = await a.login('admin@pathbuilder.test');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const refresh = (app: TestApp, token: string) => app.request({ method: 'GET', url: '/api/refresh', token });

  /** A user signed in twice, each token answered (and so cached) by both apps. */
  async function cachedOnBoth() {
    const u = await createUser(a);
    const tokens = [await a.login(u.email, u.password), await b.login(u.email, u.password)];
    for (const token of tokens)
      for (const app of [a, b, a, b]) expect((await refresh(app, token)).statusCode).toBe(200);
    return { ...u, tokens };
  }

  it('refuses a logged-out token on the very next request, in the other process too', async () => {
    const { tokens } = await cachedOnBoth();
    const out = await a.request({ method: 'POST', url: '/api/auth/logout', token: tokens[0] });
    expect(out.statusCode).toBe(204);
    expect((await refresh(b, tokens[0]!)).statusCode).toBe(401);
    expect((await refresh(a, tokens[0]!)).statusCode).toBe(401);
    expect((await refresh(b, tokens[1]!)).statusCode).toBe(200);
  });

  it('refuses the other sessions at once after a password change, and keeps the one that changed it', async () => {
    const u = await cachedOnBoth();
    const [here, elsewhere] = u.tokens as [string, string];
    const changed = await b.request({
      method: 'PUT',
      url: `/api/user/${u.id}/change-password`,
      token: here,
      payload: {
        current_password: u.password,
        password: 'a-new-secret-77',
        password_confirmation: 'a-new-secret-77',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(a, elsewhere)).statusCode).toBe(401);
    expect((await refresh(b, elsewhere)).statusCode).toBe(401);
    expect((await refresh(a, here)).statusCode).toBe(200);
  });

  it('refuses every session at once after deactivation through the admin API', async () => {
    const u = await cachedOnBoth();
    const off = await b.request({
      method: 'PUT',
      url: `/api/admin/users/${u.id}/status`,
      token: admin,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
    for (const token of u.tokens) {
      expect((await refresh(a, token)).statusCode).toBe(401);
      expect((await refresh(b, token)).statusCode).toBe(401);
    }
  });

  it('shows a changed account at once, in both processes', async () => {
    const u = await cachedOnBoth();
    const renamed = await a.request({
      method: 'PUT',
      url: `/api/user/${u.id}`,
      token: u.tokens[0],
      payload: { full_name: 'Renamed Person', email: u.email, location_id: null, school_id: null },
    });
    expect(renamed.statusCode).toBe(200);
    for (const app of [b, a])
      expect((await refresh(app, u.tokens[1]!)).json().user.full_name).toBe('Renamed Person');
  });

  it('sees a revocation made outside both apps while answering from its cache', async () => {
    const { tokens } = await cachedOnBoth();
    // Many answers from the cache first (on SQLite the epoch is then read only when a commit is seen).
    for (let i = 0; i < 10; i++) expect((await refresh(b, tokens[0]!)).statusCode).toBe(200);
    const hash = createHash('sha256').update(tokens[0]!).digest('hex');
    if (dialect === 'sqlite') {
      // Another process's connection, not the app's: nothing in this process hears it but the database.
      const other = new DatabaseSync(sqliteFileOf(a.ctx.config.dataDir));
      try {
        other.prepare('delete from sessions where token_hash = ?').run(hash);
      } finally {
        other.close();
      }
      expect((await refresh(b, tokens[0]!)).statusCode).toBe(401);
    } else {
      // PostgreSQL: a change made outside the app is heard when its notification arrives, a moment later
      // (changes through the app wait for every process to hear them before they are answered).
      await a.ctx.db.deleteFrom('sessions').where('token_hash', '=', hash).execute();
      await expect.poll(async () => (await refresh(b, tokens[0]!)).statusCode, { timeout: 2000 }).toBe(401);
    }
    expect((await refresh(b, tokens[1]!)).statusCode).toBe(200);
  });

  // Last: it switches the reporting off. Proof that the cache is in use — and that the database's reports are
  // what keeps it honest: a session deleted behind its back is still honoured until the entry expires.
  it('answers from its cache, so it depends on the database reporting changes', async () => {
    const u = await cachedOnBoth();
    if (dialect === 'sqlite') await sql`drop trigger auth_epoch_sessions_deleted`.execute(a.ctx.db);
    else await sql`alter table sessions disable trigger auth_changed_sessions`.execute(a.ctx.db);
    await a.ctx.db.deleteFrom('sessions').where('user_id', '=', u.id).execute();
    expect((await refresh(b, u.tokens[0]!)).statusCode).toBe(200);
    // A new request with the same token is refused by a process that has not cached it.
    const c = await startTestApp(dialect, { dataDir: a.ctx.config.dataDir, pgSchema: a.ctx.config.pgSchema });
    try {
      expect((await refresh(c, u.tokens[0]!)).statusCode).toBe(401);
    } finally {
      await c.close();
    }
  });
});
