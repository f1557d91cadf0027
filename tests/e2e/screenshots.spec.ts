import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmDialog, fillLoginForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  copiesOf,
  questionCard,
  registerStudent,
  type BankQuestion,
} from './learning-helpers.ts';

// Visual baselines (issue 11): the quiz, its result, the diagnostic results and the dashboard, on a phone and
// a desktop, under tests/e2e/__screenshots__. A later change to how they look shows up as a failed
// comparison; `npx playwright test screenshots --update-snapshots` takes new ones on purpose.
//
// Everything on them is fixed: a school, quiz and student of their own, the same answers, no timer. Dates
// and times, which change every run, are masked.

const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;

/** A fixed attempt id: the adaptive diagnostic seeds its sampler with it, so its verdicts repeat exactly. */
const DIAGNOSTIC_ATTEMPT = {
  phone: '00000000-0000-4000-8000-000000000391',
  desktop: '00000000-0000-4000-8000-000000001366',
} as const;

async function fixture(request: APIRequestContext, size: keyof typeof SIZES, retry: number) {
  const headers = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  // A retry makes its own school (names are unique); nothing of it shows on the screens.
  const schoolName = `Screenshot Nursery (${size}${retry ? `, retry ${retry}` : ''})`;
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
  // The oldest usable question of each topic: a seeded one, whatever other specs (or a retry) add to the bank.
  const byTopic = [
    ...new Map(
      usable
        .slice()
        .reverse()
        .map((q) => [q.micro_topic_id, q]),
    ).values(),
  ].sort((a, b) => a.id - b.id);
  // Copies of its own (the same text and topics): a seeded quiz holds the demo questions for good, and the
  // result would show no right/wrong per topic.
  const questions = await copiesOf(request, headers, byTopic.slice(0, 3));
  const title = 'Play and learning check';
  const quiz = await request.post('/api/admin/assessments', {
    headers,
    data: {
      kind: 'quiz',
      title,
      description: 'Three questions on how children learn through play.',
      selection: 'fixed',
      question_ids: questions.map((q) => q.id),
      shuffle_questions: false,
      shuffle_options: false,
      time_limit_minutes: null,
      attempts_allowed: 2,
      pass_mark: 60,
      review_policy: 'after_submit',
      school_ids: [made.id],
      published: true,
    },
  });
  expect(quiz.status(), await quiz.text()).toBeLessThan(300);
  // A diagnostic of three fixed questions for this school only, taken with a fixed attempt id: the same
  // pool, order and sampler seed every run, so its results screen is the same too.
  const diagnostic = await request.post('/api/admin/assessments', {
    headers,
    data: {
      kind: 'diagnostic',
      title: 'Starting point check',
      selection: 'fixed',
      question_ids: byTopic.slice(3, 6).map((q) => q.id),
      shuffle_questions: false,
      shuffle_options: false,
      time_limit_minutes: null,
      attempts_allowed: 1,
      review_policy: 'after_submit',
      school_ids: [made.id],
      published: true,
    },
  });
  expect(diagnostic.status(), await diagnostic.text()).toBeLessThan(300);
  const { assessment } = (await diagnostic.json()) as { assessment: { id: number } };

  const password = 'screens-learner-2026';
  const email = await registerStudent(request, { password, schoolName });
  const student = bearer(await apiLogin(request, email, password));
  const attemptId = retry ? crypto.randomUUID() : DIAGNOSTIC_ATTEMPT[size];
  const start = await request.post('/api/attempts', {
    headers: student,
    data: { id: attemptId, assessment_id: assessment.id },
  });
  expect(start.status(), await start.text()).toBeLessThan(300);
  const submit = await request.post(`/api/attempts/${attemptId}/submit`, { headers: student, data: {} });
  expect(submit.status(), await submit.text()).toBe(200);
  return { email, password, title, questions };
}

/** What changes from run to run: dates and times. */
const moving = (page: Page) => [page.getByText(/\b\d{1,2}:\d{2}\b/), page.getByText(/\b20\d\d\b/)];

async function snap(page: Page, name: string, fullPage = true) {
  // Lazy chunks, fonts and the last request settle first.
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveScreenshot(name, {
    fullPage,
    mask: moving(page),
    animations: 'disabled',
    caret: 'hide',
    stylePath: 'tests/e2e/screenshot.css',
    // Anti-aliasing may differ by a few pixels; a changed layout moves far more.
    maxDiffPixelRatio: 0.01,
  });
}

for (const size of ['phone', 'desktop'] as const) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport: SIZES[size], hasTouch: size === 'phone' });

    test(`the quiz, its result, the diagnostic results and the dashboard look as they did (${size})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { email, password, title, questions } = await fixture(page.request, size, test.info().retry);
      await page.goto('/login');
      await fillLoginForm(page, email, password);
      await expect(page).toHaveURL((url) => url.pathname !== '/login');

      await page.goto('/quizzes');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      // Untimed, so it starts without a confirmation.
      await card.getByRole('link', { name: 'Start', exact: true }).click();
      await expect(questionCard(page)).toHaveAccessibleName('Question 1 of 3');
      await snap(page, `quiz-${size}.png`, false);

      // The first right, the others wrong: the same result every run.
      for (const [i, q] of questions.entries()) {
        const { options, correct } = q.content;
        const pick =
          i === 0
            ? options.find((o) => correct.includes(o.id))
            : options.find((o) => !correct.includes(o.id));
        await questionCard(page).getByRole('radio', { name: pick!.text, exact: true }).check();
        if (i < questions.length - 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
      }
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
      await expect(page).toHaveURL(/\/quiz-result\//);
      await expect(page.getByRole('region', { name: 'What next' })).toBeVisible();
      await snap(page, `result-${size}.png`);

      await page.goto('/diagnostic-results');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Diagnostic results', exact: true }),
      ).toBeAttached();
      await snap(page, `diagnostic-results-${size}.png`);

      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Your learning' })).toBeVisible();
      // The first screenful: below it, quizzes other specs aim at everyone may be listed or not.
      await snap(page, `dashboard-${size}.png`, false);
    });
  });
}
