import { describe, expect, it } from 'vitest';
import { previewCsv } from '../../src/client/components/list-kit/csv-check.ts';
import { parseCsv } from '../../src/shared/csv.ts';

const USERS = { columns: ['full_name', 'email', 'role', 'school', 'location'], required: 5 };
const QUESTIONS = {
  columns: [
    'micro_topic',
    'type',
    'difficulty',
    'stem',
    'explanation',
    'options',
    'correct',
    'practice_only',
  ],
  required: 7,
};

/** A small seeded generator (mulberry32), so a failing case comes back on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(xs: readonly T[]) => xs[int(xs.length)]! };
}

/**
 * The reference writer: RFC 4180, quoting a field only when it must (or when asked to anyway). A field that
 * starts with a byte order mark is quoted too, or the reader would take it for the file's own.
 */
function writeCsv(rows: string[][], eol: string, quoteAll: boolean): string {
  const cell = (v: string) => (quoteAll || /^\uFEFF|[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return rows.map((r) => r.map(cell).join(',')).join(eol);
}

const blank = (row: string[]) => row.every((f) => f.trim() === '');

describe('the CSV reader of imports and their preview', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'stem,options\n"Count: 1, 2, 3","say ""three""|say ""four"""\n"Two\r\nlines",x\n';
    expect(parseCsv(text)).toEqual([
      ['stem', 'options'],
      ['Count: 1, 2, 3', 'say "three"|say "four"'],
      ['Two\r\nlines', 'x'],
    ]);
  });

  it('drops a byte order mark and reads CRLF, LF and lone CR line ends alike', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,2\r3,4\n5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
      ['5', '6'],
    ]);
    // Only a leading mark is one: inside a field it is text.
    expect(parseCsv('a,\uFEFFb')).toEqual([['a', '\uFEFFb']]);
  });

  it('keeps empty fields, skips blank rows, and needs no final line end', () => {
    expect(parseCsv('a,,b,\n\n  , \r\n"",""\nc')).toEqual([['a', '', 'b', ''], ['c']]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\uFEFF\r\n')).toEqual([]);
  });

  it('reads a stray quote the way the server does: as text, or to the end when a quoted field never closes', () => {
    expect(parseCsv('5" ruler,ok\n')).toEqual([['5" ruler', 'ok']]);
    expect(parseCsv('"open,field\nnext')).toEqual([['open,field\nnext']]);
  });

  it('gives back every table the reference writer wrote (400 seeded cases)', () => {
    const { int, pick } = random(23);
    const alphabet = ['a', 'Z', '7', ' ', ',', '"', '\n', '\r', '\r\n', '|', 'é', '🙂', "'", '='];
    for (let n = 0; n < 400; n++) {
      const width = 1 + int(5);
      const table = Array.from({ length: 1 + int(6) }, () =>
        Array.from({ length: width }, () => Array.from({ length: int(7) }, () => pick(alphabet)).join('')),
      );
      const eol = pick(['\n', '\r\n']);
      const text = (int(2) ? '\uFEFF' : '') + writeCsv(table, eol, int(4) === 0) + (int(2) ? eol : '');
      expect(parseCsv(text), JSON.stringify(text)).toEqual(table.filter((r) => !blank(r)));
    }
  });

  it('reads any text, well formed or not, to rows that are written and read back unchanged (1000 seeded cases)', () => {
    const { int, pick } = random(2023);
    const alphabet = ['a', ' ', ',', '"', '""', '\r', '\n', '\r\n', 'é', '\uFEFF'];
    for (let n = 0; n < 1000; n++) {
      const text = Array.from({ length: int(30) }, () => pick(alphabet)).join('');
      const rows = parseCsv(text);
      expect(parseCsv(writeCsv(rows, '\r\n', false)), JSON.stringify(text)).toEqual(rows);
    }
  });
});

describe('the import preview of a file', () => {
  it('counts the rows after the header, numbers them as the import report does, and keeps the first five', () => {
    const rows = Array.from({ length: 8 }, (_, i) => `Pupil ${i + 1},p${i + 1}@example.test,,,`);
    const text = ['full_name,email,role,school,location', rows[0], '', ...rows.slice(1)].join('\r\n');
    const preview = previewCsv(text, USERS);
    expect(preview.header).toEqual(USERS.columns);
    expect(preview.rows).toBe(8);
    expect(preview.problem).toBeNull();
    expect(preview.flagged).toEqual([]);
    // The blank line is skipped by the server too, so "row 3" is the second pupil in both.
    expect(preview.sample.map((r) => [r.row, r.cells[0], r.flag])).toEqual([
      [2, 'Pupil 1', null],
      [3, 'Pupil 2', null],
      [4, 'Pupil 3', null],
      [5, 'Pupil 4', null],
      [6, 'Pupil 5', null],
    ]);
  });

  it('flags every row whose cell count is not the header’s, in the whole file', () => {
    const text = [
      'full_name,email,role,school,location',
      'Ann Lee,ann@example.test,,,',
      'Bo Ray,bo@example.test',
      '"Cy, Jr",cy@example.test,,,,extra',
      ...Array.from({ length: 4 }, (_, i) => `P${i},p${i}@example.test,,,`),
      'Short,short@example.test,student',
    ].join('\n');
    const preview = previewCsv(text, USERS);
    expect(preview.rows).toBe(8);
    expect(preview.flagged).toEqual([3, 4, 9]);
    expect(preview.sample.map((r) => r.flag)).toEqual([
      null,
      '2 cells; the header has 5.',
      '6 cells; the header has 5.',
      null,
      null,
    ]);
    expect(previewCsv('full_name,email,role,school,location\nA\n', USERS).sample[0]!.flag).toBe(
      '1 cell; the header has 5.',
    );
  });

  it('checks the header as the server does: trimmed, any case, extra columns after the known ones allowed', () => {
    expect(previewCsv(' Full_Name ,EMAIL,role,school,location,taken_diagnostic\n', USERS).problem).toBeNull();
    expect(previewCsv('name,email,role,school,location\n', USERS).problem).toBe(
      'The first row must be the header: full_name,email,role,school,location',
    );
    expect(previewCsv('full_name;email;role;school;location\n', USERS).problem).toMatch(/^The first row/);
    expect(previewCsv('full_name,email,role,school\n', USERS).problem).toMatch(/^The first row/);
  });

  it('takes an optional last column only under its own name', () => {
    const seven = QUESTIONS.columns.slice(0, 7).join(',');
    expect(previewCsv(`${seven}\n`, QUESTIONS).problem).toBeNull();
    expect(previewCsv(`${seven},practice_only\n`, QUESTIONS).problem).toBeNull();
    expect(previewCsv(`${seven},notes\n`, QUESTIONS).problem).toBe(
      `The first row must be the header: ${QUESTIONS.columns.join(',')}`,
    );
  });

  it('says an empty file is empty', () => {
    for (const text of ['', '\uFEFF', '\n\r\n  \n']) {
      expect(previewCsv(text, USERS)).toEqual({
        header: [],
        rows: 0,
        sample: [],
        flagged: [],
        problem: 'The file is empty.',
      });
    }
  });
});
