import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { confirmDialog, fillLoginForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  questionCard,
  registerStudent,
  takeDiagnosticThroughApi,
  schoolWithOwnQuestions,
} from './learning-helpers.ts';

// A result that leads somewhere: a student fails a quiz, and the result offers a retry and practice of
// exactly the topics that went wrong; the dashboard then offers a retake, not a start. On a phone.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

/**
 * A school of its own with a student who has taken the diagnostic, and a timed quiz for that school only:
 * three single-choice questions of its own, each on a different micro topic, two attempts, closing in two
 * and a half days. Nothing another spec uses.
 */
async function failableQuiz(request: APIRequestContext) {
  const headers = bearer(await adminToken(request));
  // One question per micro topic, the topics spread over the catalogue. Copies of its own: a seeded quiz holds
  // the demo questions, and the result would show no tallies.
  const { schoolName, schoolId, questions } = await schoolWithOwnQuestions(
    request,
    headers,
    'Results Test Nursery',
    (byTopic) => [0, 1, 2].map((i) => byTopic[Math.floor((i * byTopic.length) / 3)]!),
  );
  expect(new Set(questions.map((q) => q.micro_topic_id)).size).toBe(3);

  const title = `Results next quiz ${Date.now()}`;
  const quiz = await request.post('/api/admin/assessments', {
    headers,
    data: {
      kind: 'quiz',
      title,
      selection: 'fixed',
      question_ids: questions.map((q) => q.id),
      time_limit_minutes: 20,
      attempts_allowed: 2,
      pass_mark: 60,
      closes_at: new Date(Date.now() + 2.5 * 86_400_000).toISOString(),
      school_ids: [schoolId],
      published: true,
    },
  });
  expect(quiz.status(), await quiz.text()).toBeLessThan(300);

  const password = 'results-learner-2024';
  const email = await registerStudent(request, { password, schoolName });
  await takeDiagnosticThroughApi(request, await apiLogin(request, email, password));
  return { email, password, title, questions };
}

async function expectNothingWider(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    content: Math.max(0, ...Array.from(document.querySelectorAll('.content'), (e) => e.scrollWidth)),
    // Any element whose right edge is past the screen (an overflow hidden by a parent still counts).
    beyond: Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  }));
  expect(widths.page, 'page width').toBeLessThanOrEqual(PHONE.width);
  expect(widths.content, 'content width').toBeLessThanOrEqual(PHONE.width);
  expect(widths.beyond, 'elements past the right edge').toEqual([]);
}

test('after a failed quiz the result offers a retry and practice of exactly the weak topics', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, password, title, questions } = await failableQuiz(page.request);
  // On a phone the menu starts closed: signed in is leaving the login screen.
  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
  const token = await apiLogin(page.request, email, password);

  // The dashboard: the quiz is due soonest, with its time left, and starts with the stakes said.
  await page.goto('/');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const row = upcoming.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(row).toContainText('Closes in 2 days');
  await expect(upcoming.getByRole('heading', { level: 3 }).first()).toHaveText(title);
  await row.getByRole('button', { name: 'Start', exact: true }).tap();
  await expect(confirmDialog(page)).toContainText('You have 2 attempts left, this one included.');
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).tap();

  // The first topic right, the other two wrong: 1 of 3, below the pass mark of 60%.
  for (const [i, question] of questions.entries()) {
    await expect(questionCard(page)).toHaveAccessibleName(`Question ${i + 1} of 3`);
    const { options, correct } = question.content;
    const pick =
      i === 0 ? options.find((o) => correct.includes(o.id)) : options.find((o) => !correct.includes(o.id));
    await questionCard(page).getByRole('radio', { name: pick!.text, exact: true }).check();
    if (i < 2) await page.getByRole('button', { name: 'Next', exact: true }).tap();
  }
  await page.getByRole('button', { name: 'Submit', exact: true }).tap();
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).tap();

  await expect(page).toHaveURL(/\/quiz-result\/[0-9a-f-]{36}$/);
  const attemptId = page.url().split('/').pop() ?? '';
  const result = (await (
    await page.request.get(`/api/attempts/${attemptId}/result`, { headers: bearer(token) })
  ).json()) as {
    percent: number;
    per_micro_topic: { micro_topic_id: number; micro_topic_name: string; correct: number; total: number }[];
  };
  // The failed topics, as the server marked them.
  const failed = result.per_micro_topic.filter((t) => t.correct / t.total < 0.8);
  expect(failed.map((t) => t.micro_topic_id).sort()).toEqual(
    questions
      .slice(1)
      .map((q) => q.micro_topic_id)
      .sort(),
  );

  // The score as a picture with its words, a bar per topic, and the way on.
  await expect(
    page.getByRole('img', { name: `Score ${result.percent}%, 1 of 3; pass mark 60%` }),
  ).toBeVisible();
  await expect(page.getByText('Not passed', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Result per topic' }).getByRole('listitem')).toHaveCount(3);
  const next = page.getByRole('region', { name: 'What next' });
  await expect(next.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();
  await expect(next).toContainText('1 attempt left');
  await expectNothingWider(page);

  // Retry is a start like any other: it says what is at stake, and can be called off.
  await next.getByRole('button', { name: 'Retry', exact: true }).tap();
  await expect(confirmDialog(page)).toContainText('This is your last attempt.');
  await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).tap();
  await expect(page).toHaveURL(new RegExp(`/quiz-result/${attemptId}$`));

  // Practise these topics: Test Yourself with exactly the failed topics chosen.
  await next.getByRole('link', { name: 'Practise these topics', exact: true }).tap();
  await expect(page).toHaveURL(/\/test-your-self\?topics=[\d,]+$/);
  const topics = page.getByRole('group', { name: 'Topics' });
  await expect(topics.getByRole('checkbox', { checked: true }).first()).toBeVisible();
  const chosen = await topics
    .getByRole('checkbox', { checked: true })
    .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent?.trim() ?? ''));
  expect(chosen.sort()).toEqual(failed.map((t) => t.micro_topic_name).sort());
  await expect(page.getByText(`${failed.length} micro topics chosen.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start practice' })).toBeEnabled();

  // Back on the dashboard the quiz is a result to retake or review, never "Start" again.
  await page.goto('/');
  const latest = page.getByRole('region', { name: 'Latest results' });
  const taken = latest.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(taken).toContainText(`${result.percent}% · Not passed`);
  // A timed quiz: its retake is a button that asks first, like Retry.
  await expect(taken.getByRole('button', { name: 'Retake', exact: true })).toBeVisible();
  await expect(taken.getByRole('button', { name: 'Start', exact: true })).toHaveCount(0);
  await expect(taken.getByRole('link', { name: 'Review', exact: true })).toHaveAttribute(
    'href',
    `/quiz-result/${attemptId}`,
  );
  await expect(
    page.getByRole('region', { name: 'Upcoming' }).getByRole('heading', { name: title }),
  ).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your progress' })).toContainText('1 of');
});
