import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  progressOf,
  sortForStudent,
  timeUntilText,
} from '../../../src/client/features/quiz/assessment-state.ts';
import type { StudentAssessment } from '../../../src/client/features/quiz/assessment-state.ts';
import { withLocal } from '../../../src/client/features/quiz/local-attempts.ts';
import type { LocalAttempt } from '../../../src/client/features/quiz/local-attempts.ts';
import { item } from './quiz-list-fixtures.ts';

const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const inHours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('time left, as a student reads a due date', () => {
  it('counts days, then hours, then minutes, never overstating what is left', () => {
    expect(timeUntilText(inHours(24 * 2 + 20), NOW, 'closes')).toBe('closes in 2 days');
    expect(timeUntilText(inHours(24), NOW, 'closes')).toBe('closes in 1 day');
    expect(timeUntilText(inHours(23.9), NOW, 'closes')).toBe('closes in 23 hours');
    expect(timeUntilText(inHours(1), NOW, 'opens')).toBe('opens in 1 hour');
    expect(timeUntilText(inHours(0.5), NOW, 'closes')).toBe('closes in 30 minutes');
    expect(timeUntilText(inHours(0.001), NOW, 'closes')).toBe('closes in 1 minute');
    expect(timeUntilText(inHours(-1), NOW, 'closes')).toBe('closed');
  });
});

describe('the order of the lists', () => {
  it('puts attempts in progress first, then what is open by due date, then done, later, closed', () => {
    const titles = sortForStudent([
      item({ title: 'closed', state: 'closed', can_start: false, closes_at: inHours(-5) }),
      item({ title: 'no due date' }),
      item({ title: 'later', state: 'scheduled', can_start: false, opens_at: inHours(48) }),
      item({ title: 'due in a week', closes_at: inHours(24 * 7) }),
      item({ title: 'untimed, under way', state: 'in_progress', can_start: false }),
      item({ title: 'done', state: 'submitted', last_attempt_id: 'a', can_start: false }),
      item({ title: 'due tomorrow', closes_at: inHours(20) }),
      item({ title: 'retake open', state: 'submitted', last_attempt_id: 'b', closes_at: inHours(30) }),
      item({ title: 'sooner', state: 'scheduled', can_start: false, opens_at: inHours(3) }),
      item({ title: '5 minutes left', state: 'in_progress', can_start: false, seconds_left: 300 }),
    ]).map((a) => a.title);
    expect(titles).toEqual([
      '5 minutes left',
      'untimed, under way',
      'due tomorrow',
      'due in a week',
      'no due date',
      'retake open',
      'done',
      'sooner',
      'later',
      'closed',
    ]);
  });
});

describe('the action on each assessment', () => {
  const labels = (a: StudentAssessment, online = true) =>
    actionsFor(a, { online }).actions.map((x) => x.label);

  it('says Start before the first attempt, Retake after it while attempts remain, Review once they are used', () => {
    expect(labels(item())).toEqual(['Start']);
    expect(labels(item({ state: 'submitted', last_attempt_id: 'x', last_passed: true }))).toEqual([
      'Retake',
      'Review',
    ]);
    expect(
      labels(item({ state: 'submitted', last_attempt_id: 'x', last_passed: true, can_start: false })),
    ).toEqual(['Review']);
    expect(labels(item({ state: 'in_progress', last_attempt_id: 'x', can_start: false }))).toEqual([
      'Continue',
      'Review',
    ]);
  });

  it('offline, offers nothing that needs the server, and says why', () => {
    expect(actionsFor(item(), { online: false })).toEqual({
      actions: [],
      note: 'Starting needs a connection',
    });
    const underWay = item({ state: 'in_progress', can_start: false, in_progress_attempt_id: 'x' });
    expect(actionsFor(underWay, { online: false }).note).toBe('Continue once you are online');
    expect(labels({ ...underWay, on_device: true }, false)).toEqual(['Continue']);
  });
});

describe('progress at a glance', () => {
  it('counts what is done and passed, and averages the best scores', () => {
    expect(
      progressOf([
        item(),
        item({ last_attempt_id: 'a', best_percent: 90 }),
        item({ last_attempt_id: 'b', best_percent: 40 }),
        item({ state: 'scheduled' }),
      ]),
    ).toEqual({ total: 4, done: 2, passed: 1, average: 65 });
  });
});

describe("this device's attempt merged into the list", () => {
  const local = (overrides: Partial<LocalAttempt> = {}): LocalAttempt => ({
    attemptId: 'local-1',
    status: 'in_progress',
    startedAt: inHours(-1),
    deadlineAt: null,
    clockOffsetMs: 0,
    submitWaiting: false,
    answered: 6,
    questions: 8,
    ...overrides,
  });

  it('turns a stale "not started" into the attempt under way here, with its time left', () => {
    const merged = withLocal(item(), local({ deadlineAt: inHours(0.25) }), NOW);
    expect(merged).toMatchObject({
      state: 'in_progress',
      in_progress_attempt_id: 'local-1',
      seconds_left: 900,
      attempts_used: 1,
      can_start: false,
      on_device: true,
      answered: { done: 6, of: 8 },
    });
    expect(actionsFor(merged, { online: false }).actions.map((a) => a.label)).toEqual(['Continue']);
  });

  it("says how far the attempt on this device has come, and nothing of another device's", () => {
    const here = item({ state: 'in_progress', in_progress_attempt_id: 'local-1', can_start: false });
    expect(withLocal(here, local({ answered: 2 }), NOW).answered).toEqual({ done: 2, of: 8 });
    const elsewhere = item({ state: 'in_progress', in_progress_attempt_id: 'other', can_start: false });
    expect(withLocal(elsewhere, local(), NOW).answered).toBeUndefined();
  });

  it('shows a submission still in the outbox as waiting to sync, with no start', () => {
    const merged = withLocal(
      item({ state: 'in_progress', in_progress_attempt_id: 'local-1', attempts_used: 1, can_start: false }),
      local({ status: 'submitted', submitWaiting: true }),
      NOW,
    );
    expect(merged).toMatchObject({ state: 'submitted', submit_waiting: true, attempts_used: 1 });
    expect(actionsFor(merged)).toEqual({ actions: [], note: 'Waiting to sync' });
  });

  it('offers a retake, not a start, after an attempt submitted since the copy was taken', () => {
    const merged = withLocal(item({ attempts_allowed: 2 }), local({ status: 'submitted' }), NOW);
    expect(actionsFor(merged).actions.map((a) => a.label)).toEqual(['Retake', 'Review']);
    const last = withLocal(item({ attempts_allowed: 1 }), local({ status: 'submitted' }), NOW);
    expect(actionsFor(last).actions.map((a) => a.label)).toEqual(['Review']);
  });

  it('lets the server win once it knows the attempt or a later one', () => {
    const known = item({ state: 'submitted', last_attempt_id: 'local-1', attempts_used: 1 });
    expect(withLocal(known, local(), NOW)).toMatchObject({ state: 'submitted', attempts_used: 1 });
    const later = item({
      state: 'submitted',
      last_attempt_id: 'other',
      last_submitted_at: inHours(-0.5),
      attempts_used: 2,
    });
    expect(withLocal(later, local({ startedAt: inHours(-2) }), NOW)).toMatchObject({
      state: 'submitted',
      last_attempt_id: 'other',
    });
  });
});
