import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { fillLoginForm } from './helpers.ts';
import { adminToken, apiLogin, bearer, registerStudent } from './learning-helpers.ts';

// The phone's dashboard as a visual baseline (issue 24): the first screen of a student who has taken the
// diagnostic: what is new, the one next step and the bottom bar. Stabilised as screenshots.spec.ts does:
// a school, quiz, diagnostic and student of its own, a fixed attempt id, dates and times masked.
// `npx playwright test screenshots-phone-dashboard --update-snapshots` takes a new one on purpose.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface BankQuestion {
  id: number;
  micro_topic_id: number;
  practice_only: boolean;
}

/** A fixed attempt id: the adaptive diagnostic seeds its sampler with it, so its verdicts repeat exactly. */
const DIAGNOSTIC_ATTEMPT = '00000000-0000-4000-8000-000000024390';

async function fixture(request: APIRequestContext, retry: number) {
  const headers = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const schoolName = `Phone Dashboard Nursery${retry ? ` (retry ${retry})` : ''}`;
  const school = await request.post('/api/admin/schools', {
    headers,
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const { school: made } = (await school.json()) as { school: { id: number } };

  const bank = await request.get('/api/admin/questions?type=single_choice&per_page=100&sort=id', { headers });
  expect(bank.status()).toBe(200);
  const usable = ((await bank.json()) as { data: BankQuestion[] }).data
    .filter((q) => !q.practice_only)
    .sort((a, b) => a.id - b.id);
  const byTopic = [...new Map(usable.map((q) => [q.micro_topic_id, q])).values()];
  const aimed = {
    selection: 'fixed',
    shuffle_questions: false,
    shuffle_options: false,
    time_limit_minutes: null,
    review_policy: 'after_submit',
    school_ids: [made.id],
    published: true,
  };
  const quiz = await request.post('/api/admin/assessments', {
    headers,
    data: {
      ...aimed,
      kind: 'quiz',
      title: 'First steps check',
      description: 'One question on how children develop.',
      question_ids: [byTopic[0]!.id],
      attempts_allowed: 2,
      pass_mark: 60,
    },
  });
  expect(quiz.status(), await quiz.text()).toBeLessThan(300);
  const diagnostic = await request.post('/api/admin/assessments', {
    headers,
    data: {
      ...aimed,
      kind: 'diagnostic',
      title: 'Phone starting point',
      question_ids: byTopic.slice(3, 6).map((q) => q.id),
      attempts_allowed: 1,
    },
  });
  expect(diagnostic.status(), await diagnostic.text()).toBeLessThan(300);
  const { assessment } = (await diagnostic.json()) as { assessment: { id: number } };

  const password = 'phone-dashboard-2026';
  const email = await registerStudent(request, { password, schoolName });
  const student = bearer(await apiLogin(request, email, password));
  const attemptId = retry ? crypto.randomUUID() : DIAGNOSTIC_ATTEMPT;
  const start = await request.post('/api/attempts', {
    headers: student,
    data: { id: attemptId, assessment_id: assessment.id },
  });
  expect(start.status(), await start.text()).toBeLessThan(300);
  const submit = await request.post(`/api/attempts/${attemptId}/submit`, { headers: student, data: {} });
  expect(submit.status(), await submit.text()).toBe(200);
  return { email, password };
}

/** What changes from run to run: dates and times. */
const moving = (page: Page) => [page.getByText(/\b\d{1,2}:\d{2}\b/), page.getByText(/\b20\d\d\b/)];

test("the phone dashboard's first screen looks as it did", async ({ page }) => {
  test.setTimeout(120_000);
  const { email, password } = await fixture(page.request, test.info().retry);
  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('region', { name: 'Your next step' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick links' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveScreenshot('dashboard-phone-first-screen.png', {
    fullPage: false,
    mask: moving(page),
    animations: 'disabled',
    caret: 'hide',
    stylePath: 'tests/e2e/screenshot.css',
    // Anti-aliasing may differ by a few pixels; a changed layout moves far more.
    maxDiffPixelRatio: 0.01,
  });
});
