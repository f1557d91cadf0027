import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv, unguardCell } from '../../src/server/plugins/csv.ts';

/** Issue 22: the formula guard missed `|` and the full-width `＝`. */
describe('the CSV formula guard', () => {
  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    "|cmd '/c calc'!A0",
    '＝HYPERLINK("http://x")',
    '＋1',
    '－1',
    '＠SUM(A1)',
    '\t=1+1',
    '\r=1+1',
  ])('keeps %j as text on export, and gives it back as it was on import', (value) => {
    const csv = toCsv([[value, 'next']]);
    const [cells] = parseCsv(csv);
    expect(cells![0]).toBe(`'${value}`);
    expect(unguardCell(cells![0]!)).toBe(value);
  });

  it.each(['Little Acorns', "O'Brien", 'a|b', 'x=1'])('leaves %j alone', (value) => {
    expect(parseCsv(toCsv([[value]]))[0]![0]).toBe(value);
    expect(unguardCell(value)).toBe(value);
  });
});
