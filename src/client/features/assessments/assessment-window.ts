const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const show = (iso: string) => new Date(iso).toLocaleString(undefined, FORMAT);

/** When an assessment can be taken, in words. */
export function windowText(opensAt: string | null, closesAt: string | null): string {
  if (opensAt && closesAt) return `${show(opensAt)} – ${show(closesAt)}`;
  if (opensAt) return `From ${show(opensAt)}`;
  if (closesAt) return `Until ${show(closesAt)}`;
  return 'Always open';
}
