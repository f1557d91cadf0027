// @vitest-environment node
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inlined } from '../../src/server/features/attempts/grading.repository.ts';

const escape = (text: string) => new pg.Client().escapeLiteral(text);
const query = (sql: string, parameters: unknown[]) => ({ ...CompiledQuery.raw(sql), parameters });

describe('inlined (parameters written in as literals for the simple query protocol)', () => {
  it('writes numbers as they are, null as null, and strings escaped, quotes and backslashes included', () => {
    expect(
      inlined(
        query('update t set a = $1, b = $2, c = $3 where id = $4 and n in ($5)', [
          7,
          null,
          "it's \\ here",
          'x',
          -1,
        ]),
        escape,
      ),
    ).toBe(`update t set a = 7, b = null, c =  E'it''s \\\\ here' where id = 'x' and n in ((-1))`);
  });

  it('puts a negative number in brackets, so that `x - $1` does not become a comment', () => {
    expect(inlined(query('select x -$1', [-1]), escape)).toBe('select x -(-1)');
  });

  it('puts each parameter in its own place: $10 is not $1 followed by 0, a "$2" inside a value stays text', () => {
    const values = ['$2', 'two', 3, 4, 5, 6, 7, 8, 9, 10];
    const sql = values.map((_, i) => `$${i + 1}`).join(',');
    expect(inlined(query(sql, values), escape)).toBe(`'$2','two',3,4,5,6,7,8,9,10`);
  });

  it('refuses what it cannot write safely as a literal', () => {
    for (const v of [[1, 2], { a: 1 }, 1n, Number.NaN, Infinity, true])
      expect(() => inlined(query('select $1', [v]), escape)).toThrow(/no literal/);
  });
});
