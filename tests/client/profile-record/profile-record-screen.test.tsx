import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import ProfileRecordScreen from '../../../src/client/features/profile-record/screens/profile-record-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import type { ProfileRecord, RecordAttempt } from '../../../src/shared/contracts/profile-record.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';

const student = makeUser();

const attempt = (over: Partial<RecordAttempt>): RecordAttempt => ({
  id: 'a1',
  kind: 'quiz',
  assessment_id: 3,
  title: 'Play-based learning',
  status: 'submitted',
  started_at: '2026-03-10T09:00:00.000Z',
  submitted_at: '2026-03-10T09:20:00.000Z',
  score: 7,
  max_score: 10,
  percent: 70,
  used_offline_grace: false,
  ...over,
});

const ATTEMPTS: RecordAttempt[] = [
  attempt({
    id: 'exam-open',
    kind: 'exam',
    assessment_id: 9,
    title: 'Child development exam',
    status: 'in_progress',
    started_at: '2026-03-12T09:00:00.000Z',
    submitted_at: null,
    score: null,
    max_score: null,
    percent: null,
  }),
  attempt({ id: 'quiz-done' }),
  attempt({
    id: 'practice-late',
    kind: 'practice',
    assessment_id: null,
    title: 'Test Yourself: Health and safety',
    started_at: '2026-02-03T15:00:00.000Z',
    submitted_at: '2026-02-03T15:10:00.000Z',
    score: 4,
    max_score: 5,
    percent: 80,
    used_offline_grace: true,
  }),
];

function recordOf(data: RecordAttempt[], total = data.length): ProfileRecord {
  return {
    student: {
      full_name: 'Sam Student',
      email: 'student@pathbuilder.test',
      school_name: 'Sunrise Early Learning',
      location_name: 'Riverside',
      member_since: '2025-01-01T00:00:00.000Z',
      taken_diagnostic: true,
    },
    data,
    meta: { total, page: 1, per_page: 100 },
    totals: { quiz: 1, exam: 1, diagnostic: 0, practice: total - 2 },
  };
}

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(student));
  await login({ email: student.email, password: 'pathbuilder-demo' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Profile Record screen', () => {
  it('shows the personal details and every attempt, by month, with its score, status and link', async () => {
    const { requests } = mockFetch((r) =>
      r.url.startsWith('/api/my/record?') ? json(200, recordOf(ATTEMPTS)) : undefined,
    );
    renderScreen(<ProfileRecordScreen />, { path: '/profile-record' });

    expect(await screen.findByRole('heading', { name: 'Profile Record' })).toBeTruthy();
    expect(requests[0]!.url).toBe('/api/my/record?page=1&per_page=100');
    const details = screen.getByRole('region', { name: 'Personal details' });
    for (const text of [
      'Sam Student',
      'student@pathbuilder.test',
      'Sunrise Early Learning',
      'Riverside',
      'Taken',
    ])
      expect(within(details).getByText(text)).toBeTruthy();
    expect(screen.getByText('3 attempts: 1 quiz, 1 exam, 1 Test Yourself practice.')).toBeTruthy();

    const table = screen.getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent ?? '');
    // A month heading, then its attempts, newest first.
    expect(rows.filter((r) => /^(March|February) 2026$/.test(r))).toEqual(['March 2026', 'February 2026']);
    const quiz = rows.find((r) => r.includes('Play-based learning'))!;
    expect(quiz).toContain('7/10 (70%)');
    expect(quiz).toContain('Submitted');
    expect(rows.find((r) => r.includes('Health and safety'))).toContain('Submitted late (offline grace)');
    expect(rows.find((r) => r.includes('Child development exam'))).toContain('In progress');

    expect(screen.getByRole('link', { name: 'View result: Play-based learning' }).getAttribute('href')).toBe(
      '/quiz-result/quiz-done',
    );
    expect(
      screen
        .getByRole('link', { name: 'View result: Test Yourself: Health and safety' })
        .getAttribute('href'),
    ).toBe('/quiz-result/practice-late');
    expect(screen.getByRole('link', { name: 'Continue: Child development exam' }).getAttribute('href')).toBe(
      '/quiz/9',
    );
  });

  it('says so when there is nothing yet', async () => {
    mockFetch((r) => (r.url.startsWith('/api/my/record?') ? json(200, recordOf([], 0)) : undefined));
    renderScreen(<ProfileRecordScreen />, { path: '/profile-record' });
    expect(await screen.findByText('No attempts yet')).toBeTruthy();
  });

  it('loads older attempts on request, and prints only once the whole record is on screen', async () => {
    const older = attempt({ id: 'old', title: 'First steps quiz', started_at: '2025-11-02T09:00:00.000Z' });
    const { requests } = mockFetch((r) => {
      if (r.url === '/api/my/record?page=1&per_page=100') return json(200, recordOf(ATTEMPTS, 4));
      if (r.url === '/api/my/record?page=2&per_page=100') return json(200, { ...recordOf([older], 4) });
      return undefined;
    });
    const print = vi.fn(() => {
      // The paper gets every attempt, the older page included.
      expect(screen.getByText('First steps quiz')).toBeTruthy();
    });
    vi.spyOn(window, 'print').mockImplementation(print);
    renderScreen(<ProfileRecordScreen />, { path: '/profile-record' });

    expect(await screen.findByText('Showing the newest 3 of 4 attempts.')).toBeTruthy();
    expect(screen.queryByText('First steps quiz')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(requests.map((r) => r.url)).toContain('/api/my/record?page=2&per_page=100');
    expect(screen.queryByText('Showing the newest 3 of 4 attempts.')).toBeNull();
    expect(screen.getByText('November 2025')).toBeTruthy();
  });

  it('prints at once when the record is all there', async () => {
    mockFetch((r) => (r.url.startsWith('/api/my/record?') ? json(200, recordOf(ATTEMPTS)) : undefined));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderScreen(<ProfileRecordScreen />, { path: '/profile-record' });
    fireEvent.click(await screen.findByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });
});
