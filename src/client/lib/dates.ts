import { dateTimeText, dayText } from '../../shared/date-text.ts';

/**
 * The back office's one date format ("27 Nov 2026, 14:05"; a day: "27 Nov 2026"), in the reader's time zone.
 * The same functions write the reports' CSV on the server, told this zone, so a download reads as the screen.
 */
export { dateTimeText, dayText };

export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const whenText = (iso: string): string => dateTimeText(iso, localZone());
export const dayOfText = (isoOrDay: string): string => dayText(isoOrDay, localZone());
