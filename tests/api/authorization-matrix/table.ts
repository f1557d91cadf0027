import type { LightMyRequestResponse } from 'fastify';
import type { RouteInfo } from '../../../src/server/plugins/routes.ts';
import {
  otherSide,
  PRINCIPALS,
  type Account,
  type Principal,
  type PrincipalName,
  type SideObjects,
  type World,
} from '../factories/principals.ts';

/**
 * Authorization matrix: every declared route × every principal × (where the route names an object) an object
 * of the principal's own side and one of the other side. The table (the rows-*.ts modules beside this one,
 * gathered in matrix.ts) must have a row for every route in the app's route table, so a route added later
 * fails authorization-matrix.test.ts until someone decides who may call it.
 *
 * Cells: `ok` — authorization passed (2xx, or a 4xx other than 401/403/404: a business rule answered);
 * `401`, `403`, `404` — refused with exactly that status; `4xx` — refused with 403 or 404.
 * A cell with two values is `own foreign`: the row then runs once on the principal's own object and once
 * on the other side's. One value: the row runs once (or the value holds for both objects).
 *
 * "Own" means: for attempts, assessments, students and schools, the objects of the principal's side (A: the
 * demo school with its teacher and student and the admin; B: a second school with its own teacher and
 * student); for the self-service routes keyed by a user id (/api/user/:id, notifications), the principal's
 * own id, and "foreign" someone else's.
 */

export type Cell = 'ok' | '401' | '403' | '404' | '4xx';
export const CELLS: readonly string[] = ['ok', '401', '403', '404', '4xx'];

export interface Ctx {
  w: World;
  who: Principal;
  own: boolean;
  /** The objects of the side this check is about. */
  at: SideObjects;
  /** The user a self-service route is about: the principal (own) or another user (foreign). */
  user: Account;
}

export type Input = Record<string, string | number>;
export interface Row {
  /** Columns: anonymous | student | foreign student | teacher | foreign teacher | admin */
  expect: string;
  params?: (x: Ctx) => Input | Promise<Input>;
  query?: (x: Ctx) => Input;
  /**
   * The body (or a promise of it), merged over one generated from the route's schema and cut to the schema's
   * keys, so a field added or removed later does not stop every check at 422.
   */
  body?: (x: Ctx) => unknown;
  /** The route ends the session it is called with: use a session of its own. */
  freshToken?: true;
  /** For an answer that authorization let through: describes data the principal must not see, if any. */
  reveals?: (res: LightMyRequestResponse, x: Ctx) => string | null;
}

export const now = () => new Date().toISOString();
export const email = (x: Ctx, what: string) =>
  `${x.w.unique(what).replaceAll(' ', '.').toLowerCase()}@example.test`;
export const data = <T>(res: LightMyRequestResponse) => (res.json() as { data: T[] }).data;

/** A teacher's list holds only what belongs to their schools. */
export const onlyTeacherSchools =
  <T>(outside: (item: T, mine: number[]) => boolean, label: (item: T) => string) =>
  (res: LightMyRequestResponse, x: Ctx) => {
    if (x.who.role !== 'teacher') return null;
    const mine = x.w.teacherSchools(x.who);
    const bad = data<T>(res).filter((item) => outside(item, mine));
    return bad.length ? `lists ${bad.map(label).join(', ')} outside the teacher's schools` : null;
  };

// ---------------------------------------------------------------------------------------------------------
// Reading the table.

export const keyOf = (r: { method: string | string[]; url: string }) =>
  `${Array.isArray(r.method) ? r.method.join(',') : r.method} ${r.url}`;

export interface Expectation {
  scoped: boolean;
  cells: Record<PrincipalName, [Cell, Cell]>;
}

export function parseExpect(key: string, text: string): Expectation {
  const columns = text.split('|').map((c) => c.trim().split(/\s+/));
  if (columns.length !== PRINCIPALS.length)
    throw new Error(`row ${key}: ${columns.length} columns, expected ${PRINCIPALS.length}`);
  const cells = {} as Expectation['cells'];
  let scoped = false;
  PRINCIPALS.forEach((p, i) => {
    const c = columns[i]!;
    if (c.length < 1 || c.length > 2 || c.some((v) => !CELLS.includes(v)))
      throw new Error(`row ${key}: bad cell "${c.join(' ')}" for ${p}`);
    if (c.length === 2) scoped = true;
    cells[p] = [c[0] as Cell, (c[1] ?? c[0]) as Cell];
  });
  return { scoped, cells };
}

/** What the route's declared access forces, whatever the table says. */
export function forcedBy(access: RouteInfo['access'], who: Principal): Cell | null {
  if (access === 'public') return null;
  if (who.role === 'anonymous') return '401';
  if (access !== 'user' && !access.includes(who.role as never)) return '403';
  return null;
}

export const ctxOf = (w: World, who: Principal, own: boolean): Ctx => ({
  w,
  who,
  own,
  at: w.sides[own ? who.home : otherSide(who.home)],
  user: (own ? who.account : null) ?? w.principals[who.counterpart].account!,
});

// ---------------------------------------------------------------------------------------------------------
// Judging one answer.

export const REFUSALS = [401, 403, 404];
export type Verdict = 'pass' | 'leak' | 'mismatch';

export function judge(cell: Cell, status: number): Verdict {
  if (status >= 500) return 'mismatch';
  if (cell === 'ok') return REFUSALS.includes(status) ? 'mismatch' : 'pass';
  const refused = cell === '4xx' ? [403, 404].includes(status) : status === Number(cell);
  if (refused) return 'pass';
  return status < 300 ? 'leak' : 'mismatch';
}
