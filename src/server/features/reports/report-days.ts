export const DAY_MS = 86_400_000;

export const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** Every day from `days - 1` days ago to today (UTC), oldest first. */
export const lastDays = (now: number, days: number) =>
  Array.from({ length: days }, (_, i) => dayOf(now - (days - 1 - i) * DAY_MS));
/** The start (ISO, UTC midnight) of a window of `days` calendar days ending today: what "in the last N days" means. */
export const windowStart = (now: number, days: number) => `${lastDays(now, days)[0]}T00:00:00.000Z`;
