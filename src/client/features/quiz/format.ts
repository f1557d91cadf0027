const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the reader's own locale; an unreadable value is shown as it came. */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export const percentOf = (correct: number, total: number) =>
  total > 0 ? Math.round((correct / total) * 100) : 0;
