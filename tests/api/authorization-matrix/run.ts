import type { RouteInfo } from '../../../src/server/plugins/routes.ts';
import { PRINCIPALS, type World } from '../factories/principals.ts';
import { startTestApp } from '../helpers.ts';
import { asQuery, fit } from './inputs.ts';
import { MATRIX } from './matrix.ts';
import { ctxOf, judge, parseExpect } from './table.ts';

// The route table, read once from an app of its own so the cases are generated from it.
export const declared: RouteInfo[] = await (async () => {
  const t = await startTestApp('sqlite', { seed: 'none' });
  const routes = [...t.routes];
  await t.close();
  return routes;
})();

/** What the checks of one file came to: how many, the leaks, the business rules that answered an allowed call. */
export interface Tally {
  checks: number;
  leaks: string[];
  businessRule: Map<string, string>;
}
export const newTally = (): Tally => ({ checks: 0, leaks: [], businessRule: new Map<string, string>() });

/**
 * Calls a route as every principal, on their own object and (when the row is scoped) on the other side's:
 * the answers that do not match the row, leaks first marked LEAK.
 */
export async function runRow(w: World, key: string, route: RouteInfo, tally: Tally): Promise<string[]> {
  const row = MATRIX[key];
  if (!row) throw new Error(`route ${key} has no row in the authorization matrix`);
  const { scoped, cells } = parseExpect(key, row.expect);
  const failures: string[] = [];
  for (const name of PRINCIPALS) {
    const who = w.principals[name];
    for (const own of scoped ? [true, false] : [true]) {
      const x = ctxOf(w, who, own);
      const params = row.params ? await row.params(x) : {};
      let url = route.url;
      for (const [k, v] of Object.entries(params)) url = url.replace(`:${k}`, encodeURIComponent(String(v)));
      const body = route.body || row.body ? fit(route.body, await row.body?.(x)) : undefined;
      const query = route.query || row.query ? asQuery(fit(route.query, row.query?.(x))) : undefined;
      const token = who.token ? (row.freshToken ? await w.freshToken(who) : who.token) : undefined;
      const res = await w.t.request({
        method: route.method as 'GET',
        url,
        token,
        ...(query ? { query } : {}),
        ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
      });
      const cell = cells[name][own ? 0 : 1];
      let verdict = judge(cell, res.statusCode);
      let why = '';
      if (verdict === 'pass' && res.statusCode < 300 && row.reveals) {
        const leak = row.reveals(res, x);
        if (leak) [verdict, why] = ['leak', leak];
      }
      tally.checks++;
      const what = `${key} as ${name}${scoped ? (own ? ' (own object)' : ' (foreign object)') : ''}`;
      if (cell === 'ok' && res.statusCode >= 400 && verdict === 'pass') {
        const k = `${key} ${res.statusCode}`;
        if (!tally.businessRule.has(k)) tally.businessRule.set(k, res.body.slice(0, 300));
      }
      if (verdict === 'pass') continue;
      const invalid =
        res.statusCode === 422 && route.body && body !== undefined && !route.body.safeParse(body).success
          ? ' (the matrix’s body does not satisfy the route’s schema: fix the row)'
          : '';
      const message = `${what}: expected ${cell}, got ${res.statusCode}${why ? ` — ${why}` : ''}${invalid} ${res.body.slice(0, 200)}`;
      if (verdict === 'leak') tally.leaks.push(`LEAK ${message}`);
      failures.push(verdict === 'leak' ? `LEAK ${message}` : message);
    }
  }
  return failures;
}
