/** Optional limits on what a date-time picker accepts (spec 5: "an optional rules setting for allowed times"). */
export type DateRules = {
  minDate?: Date;
  maxDate?: Date;
  /** Allowed time of day, whole hours, inclusive: { from: 8, to: 17 } allows 08:00 through 17:00. */
  allowedHours?: { from: number; to: number };
  weekdaysOnly?: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const dayStart = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();

/** The message for the first rule `value` breaks, or null when it is allowed. */
export function checkDateRules(value: Date, rules: DateRules | undefined, withTime: boolean): string | null {
  if (!rules) return null;
  // Date-only values compare by calendar day, so a minDate carrying a time of day does not reject that day.
  const at = (d: Date) => (withTime ? d.getTime() : dayStart(d));
  if (rules.minDate && at(value) < at(rules.minDate))
    return `Choose a date on or after ${day(rules.minDate)}.`;
  if (rules.maxDate && at(value) > at(rules.maxDate))
    return `Choose a date on or before ${day(rules.maxDate)}.`;
  if (rules.weekdaysOnly && (value.getDay() === 0 || value.getDay() === 6)) {
    return 'Choose a weekday (Monday to Friday).';
  }
  if (withTime && rules.allowedHours) {
    const { from, to } = rules.allowedHours;
    const minutes = value.getHours() * 60 + value.getMinutes();
    if (minutes < from * 60 || minutes > to * 60)
      return `Choose a time between ${pad(from)}:00 and ${pad(to)}:00.`;
  }
  return null;
}
