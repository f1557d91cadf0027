import { describe, expect, it } from 'vitest';
import {
  deadlineOf,
  effectiveRules,
  mergeOverrides,
  retimedDeadline,
} from '../../src/server/features/assessments/override-rules.ts';

const MINUTE = 60_000;
const exam = { time_limit_minutes: 25, closes_at: null, attempts_allowed: 1 };
const none = { extra_minutes: null, time_multiplier: null, closes_at: null, attempts_allowed: null };

describe('a student’s own rules (issue 27)', () => {
  it('multiplies the limit (rounded up to whole minutes), adds extra minutes, and lets an override’s multiplier replace the standing one', () => {
    expect(effectiveRules(exam, undefined, null)).toMatchObject({
      time_limit_minutes: 25,
      extra_time: false,
    });
    expect(effectiveRules(exam, undefined, 1.5)).toMatchObject({ time_limit_minutes: 38, extra_time: true });
    expect(effectiveRules(exam, { ...none, extra_minutes: 10 }, 1.5).time_limit_minutes).toBe(48);
    expect(effectiveRules(exam, { ...none, time_multiplier: 2 }, 1.5).time_limit_minutes).toBe(50);
    expect(effectiveRules(exam, { ...none, time_multiplier: 1 }, 1.5)).toMatchObject({
      time_limit_minutes: 25,
      extra_time: false,
    });
  });

  it('keeps an untimed assessment untimed, and takes the override’s close date and attempts', () => {
    const untimed = { time_limit_minutes: null, closes_at: '2030-01-01T10:00:00.000Z', attempts_allowed: 1 };
    expect(
      effectiveRules(
        untimed,
        { ...none, extra_minutes: 30, closes_at: '2030-01-02T10:00:00.000Z', attempts_allowed: 3 },
        2,
      ),
    ).toEqual({
      time_limit_minutes: null,
      closes_at: '2030-01-02T10:00:00.000Z',
      attempts_allowed: 3,
      extra_time: false,
      overridden: true,
    });
  });

  it('lets a student’s own override win over their school’s, field by field', () => {
    expect(
      mergeOverrides({ ...none, extra_minutes: 20 }, { ...none, extra_minutes: 10, attempts_allowed: 2 }),
    ).toEqual({ ...none, extra_minutes: 20, attempts_allowed: 2 });
  });

  it('caps the deadline by the close date', () => {
    const start = Date.parse('2030-01-01T09:00:00.000Z');
    expect(deadlineOf(start, { time_limit_minutes: 60, closes_at: '2030-01-01T09:30:00.000Z' })).toBe(
      start + 30 * MINUTE,
    );
    expect(deadlineOf(start, { time_limit_minutes: null, closes_at: null })).toBeNull();
  });

  it('moves a running attempt’s deadline later at once, and earlier never before now nor before a deadline already passed', () => {
    const now = 1_000 * MINUTE;
    expect(retimedDeadline(now + 10 * MINUTE, now + 20 * MINUTE, now)).toBe(now + 20 * MINUTE);
    expect(retimedDeadline(now + 20 * MINUTE, now + 10 * MINUTE, now)).toBe(now + 10 * MINUTE);
    expect(retimedDeadline(now + 20 * MINUTE, now - 10 * MINUTE, now)).toBe(now);
    expect(retimedDeadline(now - 5 * MINUTE, now - 10 * MINUTE, now)).toBe(now - 5 * MINUTE);
    expect(retimedDeadline(null, now - 10 * MINUTE, now)).toBe(now);
    expect(retimedDeadline(now, null, now)).toBeNull();
  });
});
