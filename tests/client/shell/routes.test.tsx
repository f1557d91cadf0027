import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../../src/client/app/routes.tsx';
import { makeUser, renderApp, resetShell, signIn } from './shell-helpers.tsx';

afterEach(resetShell);

describe('route table', () => {
  it('marks exactly the four public routes as full page, and every other route as login-only', () => {
    const fullPage = ROUTE_TABLE.filter((r) => r.meta.is_full_page).map((r) => [r.path, r.meta.title]);
    expect(fullPage).toEqual([
      ['/login', 'Login'],
      ['/registration', 'Registration'],
      ['/reset-password', 'Reset Password'],
      ['/verify_email', 'Verify Email'],
    ]);
    for (const route of ROUTE_TABLE) expect(route.meta.requires_login).toBe(!route.meta.is_full_page);
  });
});

describe('navigation', () => {
  it('titles the page "{title} | Pathbuilder"', async () => {
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Login | Pathbuilder'));
  });

  it('sends a visitor without a stored token from a login-only page to /login', async () => {
    const { router } = renderApp('/quizzes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(document.title).toBe('Login | Pathbuilder'));
  });

  it('lets a signed-in user open a login-only page and updates the title on every navigation', async () => {
    await signIn(makeUser({ is_admin: 1 }));
    const { router } = renderApp('/quizzes');
    await waitFor(() => expect(document.title).toBe('Quizzes | Pathbuilder'));
    expect(router.state.location.pathname).toBe('/quizzes');
    await router.navigate('/admin/live-discussion');
    await waitFor(() => expect(document.title).toBe('Live Discussion | Pathbuilder'));
    expect(
      await screen.findByRole('heading', { name: 'New live discussion', level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('redirects an unknown path to the dashboard', async () => {
    await signIn(makeUser());
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(document.title).toBe('Dashboard | Pathbuilder'));
  });

  it('passes the optional id to shared admin screens: no id means "create"', async () => {
    await signIn(makeUser({ is_admin: 1 }), {
      '/api/admin/assessments/12': () => ({
        assessment: {
          id: 12,
          kind: 'diagnostic',
          title: 'Starting diagnostic',
          description: '',
          selection: 'random',
          question_ids: [],
          draws: [],
          shuffle_questions: false,
          shuffle_options: false,
          time_limit_minutes: null,
          opens_at: null,
          closes_at: null,
          attempts_allowed: 1,
          pass_mark: 60,
          review_policy: 'after_submit',
          offline_grace_minutes: 10,
          school_ids: [],
          published: false,
          question_count: 0,
          attempt_count: 0,
          created_by: 1,
          updated_at: '2025-01-01T00:00:00.000Z',
          can_edit: true,
        },
      }),
    });
    const { router } = renderApp('/admin/exam');
    // The editor is a large lazy chunk: on a busy machine it takes more than the default second to arrive.
    const SLOW = { timeout: 5000 };
    expect(await screen.findByRole('heading', { name: 'New exam' }, SLOW)).toBeTruthy();
    await router.navigate('/admin/diagnostic/12');
    expect(await screen.findByRole('heading', { name: 'Starting diagnostic' }, SLOW)).toBeTruthy();
  });
});
