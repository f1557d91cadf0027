/**
 * A report download's file name, the same whether the server names it or the browser saves it:
 * "pathbuilder-student-ranking-by-score-2026-11-27.csv". What the filter was is in the name, the page never
 * is: an export holds every row of the filter.
 */
export function reportFileName(
  report: string,
  filter: Record<string, string | number | undefined> = {},
  day: string = new Date().toISOString().slice(0, 10),
): string {
  const words = Object.entries(filter)
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
    .map(([k, v]) => `${k}-${v}`);
  const slug = ['pathbuilder', report, ...words, day]
    .join('-')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug.slice(0, 120).replace(/-$/, '')}.csv`;
}
