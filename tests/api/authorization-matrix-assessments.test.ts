import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from './factories/principals.ts';
import { routesOf } from './authorization-matrix/matrix.ts';
import { declared, newTally, runRow } from './authorization-matrix/run.ts';
import { keyOf } from './authorization-matrix/table.ts';
import { dialects } from './helpers.ts';

/**
 * The authorization matrix's rows for assessments, taking them, results and reports (authorization-matrix/rows-assessments.ts), on a world of their own. That every route has a row, and
 * how to read one: authorization-matrix.test.ts and authorization-matrix/table.ts.
 */
describe.each(dialects)('authorization matrix (%s)', (dialect) => {
  let w: World;
  const tally = newTally();
  beforeAll(async () => {
    w = await buildWorld(dialect);
  }, 180_000);
  afterAll(() => w?.t.close());

  it.each(routesOf('assessments', declared).map((r) => [keyOf(r), r] as const))(
    '%s',
    async (key, route) => {
      const failures = await runRow(w, key, route, tally);
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
