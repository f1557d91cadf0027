/**
 * One way to write a date in the back office's reports, on screen and in their CSV: "27 Nov 2026, 14:05"
 * and "27 Nov 2026". Fixed, not the reader's locale, so a table and its download read the same and three
 * formats never meet on one screen. The server writes the CSV in the time zone the browser names, so the
 * download says what the screen said.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const formats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA time zone ("Europe/Berlin"). */
export function isTimeZone(zone: string): boolean {
  try {
    partsFormat(zone);
    return true;
  } catch {
    return false;
  }
}

function parts(iso: string, timeZone: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const p: Record<string, string> = {};
  for (const { type, value } of partsFormat(timeZone).formatToParts(date)) p[type] = value;
  return p;
}

/** "27 Nov 2026, 14:05" in `timeZone` (default UTC); an unreadable value is returned as it came. */
export function dateTimeText(iso: string, timeZone = 'UTC'): string {
  const p = parts(iso, timeZone);
  if (!p) return iso;
  return `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}, ${p.hour}:${p.minute}`;
}

/** "27 Nov 2026": a calendar day (YYYY-MM-DD) as it is, or the day of a moment in `timeZone`. */
export function dayText(isoOrDay: string, timeZone = 'UTC'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoOrDay);
  if (m) return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  const p = parts(isoOrDay, timeZone);
  return p ? `${Number(p.day)} ${MONTHS[Number(p.month) - 1]} ${p.year}` : isoOrDay;
}
