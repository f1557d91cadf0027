import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { confirmDialog, loginAs, onPath, waitForServiceWorkerControl } from './helpers.ts';
import {
  adminToken,
  demoSchoolId,
  bearer,
  myAssessments,
  questionCard,
  questionNavigator,
  syncStatus,
} from './learning-helpers.ts';

type Content =
  | { type: 'true_false'; correct: boolean }
  | { type: 'single_choice'; options: { id: string; text: string }[]; correct: string[] };
interface BankQuestion {
  id: number;
  content: Content;
}

async function bank(request: APIRequestContext, token: string, type: string): Promise<BankQuestion[]> {
  const response = await request.get(`/api/admin/questions?type=${type}&per_page=20`, {
    headers: bearer(token),
  });
  expect(response.status()).toBe(200);
  // Test Yourself questions cannot go into a quiz.
  return ((await response.json()) as { data: Array<BankQuestion & { practice_only: boolean }> }).data.filter(
    (q) => !q.practice_only,
  );
}

/** An admin publishes a four-question quiz for the demo school, so this test owns its attempt. */
async function publishQuiz(request: APIRequestContext): Promise<{ id: number; questions: BankQuestion[] }> {
  const token = await adminToken(request);
  const [tf, sc] = await Promise.all([
    bank(request, token, 'true_false'),
    bank(request, token, 'single_choice'),
  ]);
  const questions = [tf[0], sc[0], tf[1], sc[1]];
  const response = await request.post('/api/admin/assessments', {
    headers: bearer(token),
    data: {
      kind: 'quiz',
      title: `Offline practice round ${Date.now()}`,
      selection: 'fixed',
      question_ids: questions.map((q) => q.id),
      time_limit_minutes: 30,
      attempts_allowed: null,
      pass_mark: 60,
      school_ids: [await demoSchoolId(request)],
      published: true,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { assessment } = (await response.json()) as { assessment: { id: number } };
  return { id: assessment.id, questions };
}

/** Chooses the right answer of the question on screen. */
async function answerCorrectly(page: Page, question: BankQuestion): Promise<void> {
  const card = questionCard(page);
  const { content } = question;
  if (content.type === 'true_false') {
    await card.getByRole('radio', { name: content.correct ? 'True' : 'False', exact: true }).check();
  } else {
    const right = content.options.find((o) => o.id === content.correct[0]);
    await card.getByRole('radio', { name: right?.text ?? '', exact: true }).check();
  }
}

test('answers given offline survive a reload and reach the server once the connection is back', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const quiz = await publishQuiz(request);
  const token = await loginAs(page, 'student');
  await waitForServiceWorkerControl(page);

  // Started online: the attempt and its questions are now on this device.
  await page.goto(`/quiz/${quiz.id}`);
  // Timed: the quiz screen asks first, with the stakes (issue 24).
  await page.getByRole('button', { name: /^Start quiz: Offline practice round/ }).click();
  await expect(questionCard(page)).toHaveAccessibleName('Question 1 of 4');
  await expect(syncStatus(page)).toHaveText('All answers saved');
  const mine = await myAssessments(page.request, token, 'quiz');
  const attemptId = mine.find((a) => a.id === quiz.id)?.in_progress_attempt_id;
  expect(attemptId).toBeTruthy();

  await context.setOffline(true);
  for (const [index, question] of quiz.questions.slice(0, 3).entries()) {
    await expect(questionCard(page)).toHaveAccessibleName(`Question ${index + 1} of 4`);
    await answerCorrectly(page, question);
    await expect(syncStatus(page)).toContainText(
      `${index + 1} ${index === 0 ? 'change' : 'changes'} waiting to sync`,
    );
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(syncStatus(page)).toContainText('Offline');

  // A reload without network: the service worker serves the app, IndexedDB the attempt and the answers.
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  await expect(questionCard(page)).toHaveAccessibleName('Question 4 of 4');
  await expect(syncStatus(page)).toContainText('Offline');
  await expect(syncStatus(page)).toContainText('3 changes waiting to sync');
  await expect(questionNavigator(page).getByRole('button', { name: /, answered/ })).toHaveCount(3);
  await questionNavigator(page)
    .getByRole('button', { name: /^Question 2,/ })
    .click();
  const second = quiz.questions[1].content;
  const secondRight =
    second.type === 'single_choice' ? second.options.find((o) => o.id === second.correct[0]) : null;
  await expect(
    questionCard(page).getByRole('radio', { name: secondRight?.text ?? '', exact: true }),
  ).toBeChecked();

  // Nothing has reached the server yet.
  await context.setOffline(false);
  await expect(syncStatus(page)).toHaveText('All answers saved', { timeout: 20_000 });

  const attempt = await page.request.get(`/api/attempts/${attemptId}`, { headers: bearer(token) });
  expect(attempt.status()).toBe(200);
  const { answers } = (await attempt.json()) as { answers: { question_id: number; answer: unknown }[] };
  const onServer = new Map(answers.map((a) => [a.question_id, a.answer]));
  for (const question of quiz.questions.slice(0, 3)) {
    const expected =
      question.content.type === 'true_false'
        ? { type: 'true_false', value: question.content.correct }
        : { type: 'single_choice', choice: question.content.correct[0] };
    expect(onServer.get(question.id), `answer to question ${question.id}`).toEqual(expected);
  }
  expect(onServer.has(quiz.questions[3].id)).toBe(false);

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(confirmDialog(page)).toContainText('Question 4 is unanswered.');
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(page).toHaveURL(onPath(`/quiz-result/${attemptId}`));
  await expect(page.getByText('3 / 4', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Score 75%, 3 of 4/ })).toBeVisible();
  await expect(page.getByText('Passed', { exact: true })).toBeVisible();
});
