// The reader is shared with the client's import preview, so that both count and number rows alike.
export { parseCsv } from '../../shared/csv.ts';

/**
 * A first character that makes a spreadsheet read a cell as a formula or a command: = + - @ (OWASP's CSV
 * injection list), | (DDE in older Excel), tab and CR (Excel skips them and reads what follows), and the
 * full-width ＝ ＋ － ＠, which Excel and LibreOffice take for their ASCII forms.
 */
const FORMULA_START = /^[=+\-@|\t\r\uff1d\uff0b\uff0d\uff20]/;

/** A cell as exported: a leading quote keeps a would-be formula as text. */
export const guardCell = (v: string): string => (FORMULA_START.test(v) ? `'${v}` : v);

/** A cell as imported: the quote our export added comes off again. */
export const unguardCell = (v: string): string =>
  v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v;

export function toCsv(rows: string[][]): string {
  const cell = (raw: string) => {
    const v = guardCell(raw);
    return /[",\r\n]/.test(v) || v !== raw ? `"${v.replaceAll('"', '""')}"` : v;
  };
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
