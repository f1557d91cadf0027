import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, PRINCIPALS, type World } from './factories/principals.ts';
import {
  buildFileWorld,
  FILE_ROWS,
  fileBearing,
  runFileRow,
  type FileWorld,
} from './authorization-file-rows.ts';
import { fit } from './authorization-matrix/inputs.ts';
import { MATRIX, routesOf } from './authorization-matrix/matrix.ts';
import { assessmentBody } from './authorization-matrix/rows-assessments.ts';
import { liveOf } from './authorization-matrix/rows-content.ts';
import { ticketOf } from './authorization-matrix/rows-messages.ts';
import { declared, newTally, runRow } from './authorization-matrix/run.ts';
import { ctxOf, forcedBy, judge, keyOf, parseExpect, type Ctx } from './authorization-matrix/table.ts';
import { dialects } from './helpers.ts';

/**
 * The authorization matrix (authorization-matrix/table.ts says how to read it): that the table has a row for
 * every declared route and agrees with each route's declared access, that its checks would notice a leak, the
 * rows of the account family (authorization-matrix/rows-account.ts) and of any route without a row, and the
 * object-level rows of the file-bearing routes. The other families run beside this file, each on a world of
 * its own: authorization-matrix-users, -learning, -assessments and -content.test.ts.
 */

describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  let w: World;
  let started = 0;
  const tally = newTally();
  beforeAll(async () => {
    started = Date.now();
    w = await buildWorld(dialect);
  }, 180_000);
  afterAll(() => w?.t.close());

  it('has a row for every declared route, and none for a route that is gone', () => {
    const routes = new Set(w.t.routes.map(keyOf));
    expect(routes).toEqual(new Set(declared.map(keyOf)));
    const problems = [
      ...[...routes]
        .filter((k) => !MATRIX[k])
        .map((k) => `route ${k} has no row in the authorization matrix`),
      ...Object.keys(MATRIX)
        .filter((k) => !routes.has(k))
        .map((k) => `the authorization matrix has a row for ${k}, which is no longer a route`),
    ];
    expect(problems).toEqual([]);
  });

  it('has rows that agree with each route’s declared access', () => {
    const problems: string[] = [];
    for (const route of declared) {
      const key = keyOf(route);
      const row = MATRIX[key];
      if (!row) continue;
      const { cells } = parseExpect(key, row.expect);
      for (const name of PRINCIPALS) {
        const forced = forcedBy(route.access, w.principals[name]);
        for (const cell of cells[name]) {
          if (forced && cell !== forced)
            problems.push(
              `${key}: the row says ${name} → ${cell}; its access ${JSON.stringify(route.access)} gives ${forced}`,
            );
          if (!forced && route.access !== 'public' && cell === '401')
            problems.push(`${key}: the row says ${name} → 401, but ${name} is signed in`);
        }
      }
      if (/:\w+/.test(route.url) && !row.params) problems.push(`${key}: the row has no params for its url`);
    }
    expect(problems).toEqual([]);
  });

  it('would notice a leak: the judge, and each content check fed an answer meant for someone else', async () => {
    expect([judge('403', 200), judge('404', 204), judge('401', 200), judge('4xx', 201)]).toEqual([
      'leak',
      'leak',
      'leak',
      'leak',
    ]);
    expect([judge('ok', 403), judge('403', 422), judge('ok', 500), judge('404', 403)]).toEqual([
      'mismatch',
      'mismatch',
      'mismatch',
      'mismatch',
    ]);
    expect([judge('ok', 409), judge('ok', 422), judge('4xx', 404), judge('401', 401)]).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
    const { admin, teacher, student, foreignStudent } = w.principals;
    const get = (url: string, token: string | null, query?: Record<string, string>) =>
      w.t.request({ method: 'GET', url, token: token ?? undefined, query });
    // What the admin sees of both schools, checked as if the teacher of school A had been shown it.
    const cases: Array<[string, LightMyRequestResponse, Ctx]> = [
      [
        'GET /api/admin/users',
        await get('/api/admin/users', admin.token, { per_page: '100' }),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/users/export',
        await get('/api/admin/users/export', admin.token),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/schools',
        await get('/api/admin/schools', admin.token, { per_page: '100' }),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/assessments',
        await get('/api/admin/assessments', admin.token, { kind: 'quiz', per_page: '100' }),
        ctxOf(w, teacher, true),
      ],
      [
        'GET /api/admin/school-requests',
        await get('/api/admin/school-requests', admin.token),
        ctxOf(w, teacher, true),
      ],
      // The foreign student's list and notifications, as if the student of school A had been shown them.
      [
        'GET /api/my/assessments',
        await get('/api/my/assessments', foreignStudent.token, { kind: 'quiz' }),
        ctxOf(w, student, true),
      ],
      [
        'GET /api/usernotifications',
        await get('/api/usernotifications', foreignStudent.token, {
          user_id: String(foreignStudent.account!.id),
        }),
        ctxOf(w, student, true),
      ],
    ];
    // Both students' tickets, as the admin lists them, as if the student of school A had been shown them.
    // Both schools' live discussions, as the admin lists them, as if the student of school A had been shown them.
    await Promise.all([liveOf(w, 'A'), liveOf(w, 'B')]);
    cases.push([
      'GET /api/live-discussions',
      await get('/api/live-discussions', admin.token),
      ctxOf(w, student, true),
    ]);
    await Promise.all([ticketOf(w, 'A'), ticketOf(w, 'B')]);
    cases.push([
      'GET /api/support/tickets',
      await get('/api/support/tickets', admin.token, { per_page: '100' }),
      ctxOf(w, student, true),
    ]);
    for (const [key, res, x] of cases) {
      expect(res.statusCode, key).toBe(200);
      expect(MATRIX[key]!.reveals!(res, x), key).toMatch(/^(lists|marked) /);
    }
  });

  it('refuses a teacher who aims an assessment of their own school at another school too, or at every school', async () => {
    const { teacher } = w.principals;
    const { A, B } = w.sides;
    const body = (school_ids: number[]) => ({ ...assessmentBody(ctxOf(w, teacher, true)), school_ids });
    const before = await w.t.request({
      method: 'GET',
      url: `/api/admin/assessments/${A.assessments.edit}`,
      token: teacher.token!,
    });
    const answers = [
      await w.t.request({
        method: 'POST',
        url: '/api/admin/assessments',
        token: teacher.token!,
        payload: body([A.school.id, B.school.id]),
      }),
      await w.t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${A.assessments.edit}`,
        token: teacher.token!,
        payload: body([A.school.id, B.school.id]),
      }),
      await w.t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${A.assessments.edit}`,
        token: teacher.token!,
        payload: body([]),
      }),
    ];
    // Every school is refused as a missing field, named with any other error of the form (not a bare 403).
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 422]);
    expect(answers[2]!.json().errors).toEqual({ school_ids: ['Choose the schools this is for.'] });
    const after = await w.t.request({
      method: 'GET',
      url: `/api/admin/assessments/${A.assessments.edit}`,
      token: teacher.token!,
    });
    expect(after.json().assessment.school_ids).toEqual(before.json().assessment.school_ids);
    expect(after.json().assessment.updated_at).toBe(before.json().assessment.updated_at);
  });

  it.each(routesOf('account', declared).map((r) => [keyOf(r), r] as const))(
    '%s',
    async (key, route) => {
      const failures = await runRow(w, key, route, tally);
      expect(failures).toEqual([]);
    },
    60_000,
  );

  // Object-level rows for every file-bearing route, with the principals the matrix's table has no column for: an
  // account whose school has not approved it, and a logged-out token (authorization-file-rows.ts).
  describe('file-bearing routes', () => {
    let f: FileWorld;
    beforeAll(async () => {
      f = await buildFileWorld(w);
    }, 120_000);

    it('has a row for every file-bearing route, and none for a route that is not one', () => {
      const bearing = declared.filter(fileBearing).map(keyOf);
      expect(new Set(Object.keys(FILE_ROWS))).toEqual(new Set(bearing));
    });

    it.each(declared.filter(fileBearing).map((r) => [keyOf(r), r] as const))(
      '%s (file rows)',
      async (_key, route) => {
        expect(await runFileRow(f, route, fit)).toEqual([]);
      },
      60_000,
    );
  });

  it('leaks nothing', () => {
    // This file's routes; the other families count their own checks, and fail their own tests on a leak.
    const routes = routesOf('account', declared).length;
    console.log(
      `authorization matrix (${dialect}): ${routes} of ${declared.length} routes × ${PRINCIPALS.length} principals, ` +
        `${tally.checks} checks, ${tally.leaks.length} leaks (${((Date.now() - started) / 1000).toFixed(1)} s)` +
        (tally.businessRule.size
          ? `\n  allowed, answered by a business rule: ${[...tally.businessRule]
              .map(([k, body]) => (process.env.AUTHZ_MATRIX_VERBOSE ? `\n    ${k} ${body}` : k))
              .join('; ')}`
          : ''),
    );
    expect(tally.leaks).toEqual([]);
  });
});
