import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../factories/principals.ts';
import { dialects } from '../helpers.ts';
import { routesOf, type Family } from './matrix.ts';
import { declared, newTally, runRow } from './run.ts';
import { keyOf } from './table.ts';

/** One family's rows of the matrix, every route a test, on both databases and on a world of their own. */
export function describeFamily(family: Family): void {
  describe.each(dialects)('authorization matrix (%s)', (dialect) => {
    let w: World;
    const tally = newTally();
    beforeAll(async () => {
      w = await buildWorld(dialect);
    }, 180_000);
    afterAll(() => w?.t.close());

    it.each(routesOf(family, declared).map((r) => [keyOf(r), r] as const))(
      '%s',
      async (key, route) => {
        const failures = await runRow(w, key, route, tally);
        expect(failures).toEqual([]);
      },
      60_000,
    );
  });
}
