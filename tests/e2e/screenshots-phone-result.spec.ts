import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { fillLoginForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  copiesOf,
  registerStudent,
  takeDiagnosticThroughApi,
  type BankQuestion,
} from './learning-helpers.ts';

// Visual baselines of a quiz result on a phone (issue 24, item 12): the first screen, with the main action
// pinned at the bottom, and "What next" scrolled into view, where the bar steps aside and each weak topic's
// "Practise" is a link a thumb can hit. `--update-snapshots` takes new ones on purpose.
//
// Everything on them is fixed, as in screenshots.spec.ts: a school, quiz and student of their own, the same
// answers (given through the API), no timer; dates and times are masked.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

/** A student who took a three-question quiz of their own school: the first answer right, two wrong. */
async function takenQuiz(request: APIRequestContext, retry: number) {
  const headers = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const schoolName = `Phone Result Nursery${retry ? ` (retry ${retry})` : ''}`;
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
  // Copies of its own (the same text and topics): a seeded quiz holds the demo questions for good, and the
  // result would show no right/wrong per topic.
  const questions = await copiesOf(
    request,
    headers,
    [...new Map(usable.map((q) => [q.micro_topic_id, q])).values()].slice(0, 3),
  );
  const quiz = await request.post('/api/admin/assessments', {
    headers,
    data: {
      kind: 'quiz',
      title: 'Play and learning check',
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
  const { assessment } = (await quiz.json()) as { assessment: { id: number } };

  const password = 'phone-result-learner-2026';
  const email = await registerStudent(request, { password, schoolName });
  const token = await apiLogin(request, email, password);
  await takeDiagnosticThroughApi(request, token);
  const student = bearer(token);
  const attemptId = randomUUID();
  const start = await request.post('/api/attempts', {
    headers: student,
    data: { id: attemptId, assessment_id: assessment.id },
  });
  expect(start.status(), await start.text()).toBeLessThan(300);
  for (const [i, q] of questions.entries()) {
    const { options, correct } = q.content;
    const pick = options.find((o) => (i === 0 ? correct.includes(o.id) : !correct.includes(o.id)));
    const saved = await request.put(`/api/attempts/${attemptId}/answers/${q.id}`, {
      headers: student,
      data: { answer: { type: 'single_choice', choice: pick!.id }, answered_at: new Date().toISOString() },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
  }
  const submit = await request.post(`/api/attempts/${attemptId}/submit`, { headers: student, data: {} });
  expect(submit.status(), await submit.text()).toBe(200);
  return { email, password, attemptId };
}

/** What changes from run to run: dates and times. */
const moving = (page: Page) => [page.getByText(/\b\d{1,2}:\d{2}\b/), page.getByText(/\b20\d\d\b/)];

async function snap(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveScreenshot(name, {
    mask: moving(page),
    animations: 'disabled',
    caret: 'hide',
    stylePath: 'tests/e2e/screenshot.css',
    maxDiffPixelRatio: 0.01,
  });
}

test('a quiz result on a phone: the main action pinned on the first screen, then "What next"', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password, attemptId } = await takenQuiz(page.request, test.info().retry);
  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login');

  await page.goto(`/quiz-result/${attemptId}`);
  const pinned = page.getByRole('navigation', { name: 'Next step' });
  await expect(pinned.getByRole('link', { name: 'Practise these topics' })).toBeVisible();
  // The retry's attempts are read after the result: wait for them, so both shots show the same card.
  await expect(page.getByRole('region', { name: 'What next' }).getByText('1 attempt left')).toBeAttached();
  await snap(page, 'result-phone-first-screen.png');

  await page.getByRole('region', { name: 'What next' }).scrollIntoViewIfNeeded();
  await expect(pinned).toBeHidden();
  await snap(page, 'result-phone-what-next.png');
});
