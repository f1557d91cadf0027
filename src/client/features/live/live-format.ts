const dayTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/** "Wed 25 Nov, 14:00 – 15:00": when a session runs, in the reader's locale and time zone. */
export function formatSpan(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${dayTime.format(start)} – ${sameDay ? timeOnly.format(end) : dayTime.format(end)}`;
}

/** A message's time: the clock time today, the day and time before. */
export function formatMessageTime(iso: string, now: number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toDateString() === new Date(now).toDateString() ? timeOnly.format(date) : dayTime.format(date);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "Starts in 2 days 3 h", "Starts in 2 h 5 min", "Starts in 4 min 05 s" (seconds in the last ten minutes,
 * when the screen ticks every second).
 */
export function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) return `Starts in ${plural(days, 'day', 'days')}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `Starts in ${hours} h${minutes ? ` ${minutes} min` : ''}`;
  if (minutes >= 10) return `Starts in ${minutes} min`;
  if (minutes > 0) return `Starts in ${minutes} min ${String(seconds).padStart(2, '0')} s`;
  return s > 0 ? `Starts in ${seconds} s` : 'Starting now';
}
