// Made on first use, not when a screen's code loads: a formatter's first construction (the locale's data) is
// slow on a phone. start-prefetch.ts makes it while the page still waits for the app's code.
let dateFormat: Intl.DateTimeFormat | undefined;

/** The formatter behind formatDate, made now if it is not yet. */
export function dateTimeFormat(): Intl.DateTimeFormat {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat;
}

/** A date and time in the reader's own locale; an unreadable value is shown as it came. */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat().format(date);
}

export const percentOf = (correct: number, total: number) =>
  total > 0 ? Math.round((correct / total) * 100) : 0;
