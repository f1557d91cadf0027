import { describe, expect, it } from 'vitest';
import { dateTimeText, dayText, isTimeZone } from '../../src/shared/date-text.ts';
import { reportFileName } from '../../src/shared/report-files.ts';
import { itemVerdict, separatesText } from '../../src/shared/report-tables.ts';

describe("the reports' one date format", () => {
  it('writes a moment as "27 Nov 2026, 14:05" in the zone asked for, and a day as "27 Nov 2026"', () => {
    expect(dateTimeText('2026-11-27T14:05:09.000Z')).toBe('27 Nov 2026, 14:05');
    expect(dateTimeText('2026-11-27T14:05:09.000Z', 'Pacific/Auckland')).toBe('28 Nov 2026, 03:05');
    expect(dateTimeText('2026-09-03T00:00:00.000Z', 'America/New_York')).toBe('2 Sep 2026, 20:00');
    expect(dayText('2026-09-03')).toBe('3 Sep 2026');
    expect(dayText('2026-11-27T23:30:00.000Z', 'Europe/Berlin')).toBe('28 Nov 2026');
    expect(dateTimeText('not a date')).toBe('not a date');
  });

  it('knows real time zones only', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('report downloads and verdicts', () => {
  it('names a download by its report and filter, never by a page', () => {
    expect(reportFileName('student-ranking', { by: 'score', search: undefined }, '2026-11-27')).toBe(
      'pathbuilder-student-ranking-by-score-2026-11-27.csv',
    );
    expect(reportFileName('item-analysis', { of: 'Safe play: check #1!' }, '2026-11-27')).toBe(
      'pathbuilder-item-analysis-of-safe-play-check-1-2026-11-27.csv',
    );
  });

  it('gives each question a plain verdict, "Check key" first', () => {
    expect(itemVerdict({ answered: 0, flags: [] })).toBe('No answers');
    expect(itemVerdict({ answered: 9, flags: ['too_hard', 'distractor'] })).toBe('Check key');
    expect(itemVerdict({ answered: 9, flags: ['too_easy'] })).toBe('Too easy');
    expect(itemVerdict({ answered: 9, flags: ['low_discrimination'] })).toBe('Unclear');
    expect(itemVerdict({ answered: 9, flags: [] })).toBe('Good');
    expect(separatesText(0.42)).toBe('Well (0.42)');
    expect(separatesText(-0.2)).toBe('Backwards (-0.20)');
    expect(separatesText(null)).toBe("Can't tell yet");
  });
});
