import { parseCsv } from '../../../shared/csv.ts';

/** What an import expects: its columns in order, of which the first `required` must be there. */
export interface CsvFormat {
  columns: readonly string[];
  required: number;
}

/** A data row as the preview shows it: the number the server's report would give it, its cells, any flag. */
export interface PreviewRow {
  row: number;
  cells: string[];
  /** Why the row looks wrong before it is sent ("3 cells; the header has 5."), or null. */
  flag: string | null;
}

export interface CsvContents {
  /** The first row as it is in the file (empty for an empty file). */
  header: string[];
  /** How many rows follow the header: what "Import N rows" sends. */
  rows: number;
  /** The first rows, for the table. */
  sample: PreviewRow[];
  /** Every flagged row's number, in the whole file (not only the sample). */
  flagged: number[];
  /** Why the file as a whole cannot be imported (the server's own words), or null. */
  problem: string | null;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Reads a file's text for the preview: the header checked as the server checks it (trimmed, any case; the
 * optional columns after the required ones, when the header has more), and each row whose cell count differs
 * from the header's flagged. Such a row is still sent: the server names what it cannot use.
 */
export function previewCsv(text: string, format: CsvFormat, sampleSize = 5): CsvContents {
  const [header = [], ...data] = parseCsv(text);
  const names = header.map((h) => h.trim().toLowerCase());
  const checked = names.length > format.required ? format.columns.length : format.required;
  let problem: string | null = null;
  if (!header.length) problem = 'The file is empty.';
  else if (format.columns.slice(0, checked).some((c, i) => names[i] !== c))
    problem = `The first row must be the header: ${format.columns.join(',')}`;
  const flagOf = (cells: string[]) =>
    cells.length === header.length
      ? null
      : `${plural(cells.length, 'cell')}; the header has ${header.length}.`;
  const flagged: number[] = [];
  data.forEach((cells, i) => {
    if (flagOf(cells)) flagged.push(i + 2);
  });
  return {
    header,
    rows: data.length,
    sample: data.slice(0, sampleSize).map((cells, i) => ({ row: i + 2, cells, flag: flagOf(cells) })),
    flagged,
    problem,
  };
}
