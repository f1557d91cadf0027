import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { signInThroughForm, onPath, topBar, waitForServiceWorkerControl } from './helpers.ts';
import {
  adminToken,
  answerSomehow,
  apiLogin,
  bearer,
  questionCard,
  registerStudent,
  schoolOfItsOwn,
  syncStatus,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

// The offline promise made visible on a phone: the top bar says when the device is offline and how many
// answers wait, the question drawer marks them, Settings lists them, and everything clears once back online.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** A school of its own, a student there (diagnostic done) and a four-question quiz only they take. */
async function studentWithQuiz(page: Page) {
  const request = page.request;
  const headers = bearer(await adminToken(request));
  const { schoolName, schoolId } = await schoolOfItsOwn(request, headers, 'Offline Visible Preschool');

  const bank = (await (await request.get('/api/admin/questions?per_page=100', { headers })).json()) as {
    data: { id: number; type: string; practice_only: boolean }[];
  };
  const questionIds = bank.data
    .filter((q) => !q.practice_only && (q.type === 'true_false' || q.type === 'single_choice'))
    .slice(0, 4)
    .map((q) => q.id);
  expect(questionIds).toHaveLength(4);
  const title = `Offline visible quiz ${Date.now()}`;
  const quiz = await request.post('/api/admin/assessments', {
    headers,
    data: {
      kind: 'quiz',
      title,
      selection: 'fixed',
      question_ids: questionIds,
      time_limit_minutes: 30,
      attempts_allowed: null,
      school_ids: [schoolId],
      published: true,
    },
  });
  expect(quiz.status(), await quiz.text()).toBeLessThan(300);
  const { assessment } = (await quiz.json()) as { assessment: { id: number } };

  const password = 'offline-learner-2024';
  const email = await registerStudent(request, { password, schoolName });
  await takeDiagnosticThroughApi(request, await apiLogin(request, email, password));
  return { email, password, quizId: assessment.id, title };
}

async function signIn(page: Page, email: string, password: string) {
  await signInThroughForm(page, email, password);
  await waitForServiceWorkerControl(page);
}

const indicator = (page: Page) => topBar(page).getByRole('status');

test('offline mid-quiz: the top bar, the question drawer and Settings show what waits, and clear once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const { email, password, quizId, title } = await studentWithQuiz(page);
  await signIn(page, email, password);
  await expect(indicator(page)).toHaveText('Online');

  await page.goto(`/quiz/${quizId}`);
  // Timed: the quiz screen asks first, with the stakes (issue 24).
  await page.getByRole('button', { name: `Start quiz: ${title}` }).tap();
  await expect(questionCard(page)).toHaveAccessibleName('Question 1 of 4');
  await answerSomehow(page);
  await expect(syncStatus(page)).toHaveText('All answers saved');
  await page.getByRole('button', { name: 'Next', exact: true }).tap();

  // The connection drops: answers 2 and 3 stay on the phone.
  await context.setOffline(true);
  await expect(indicator(page)).toHaveText('Offline');
  for (const n of [2, 3]) {
    await expect(questionCard(page)).toHaveAccessibleName(`Question ${n} of 4`);
    await answerSomehow(page);
    await expect(syncStatus(page)).toContainText(
      `${n - 1} ${n === 2 ? 'change' : 'changes'} waiting to sync`,
    );
    await page.getByRole('button', { name: 'Next', exact: true }).tap();
  }
  await expect(questionCard(page)).toHaveAccessibleName('Question 4 of 4');
  await expect(indicator(page)).toHaveText('Offline · 2 waiting');

  // The drawer marks exactly the two answers given offline.
  const drawer = page.getByRole('dialog', { name: 'Questions' });
  await page.getByRole('button', { name: 'Questions: 4 of 4' }).tap();
  await expect(drawer.getByRole('button', { name: /waiting to sync/ })).toHaveCount(2);
  await expect(drawer.getByRole('button', { name: /^Question 2, answered, waiting to sync/ })).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Question 3, answered, waiting to sync/ })).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Question 1, answered/ })).not.toHaveAccessibleName(
    /waiting to sync/,
  );
  await drawer.getByRole('button', { name: 'Close' }).tap();
  await expect(drawer).toBeHidden();

  // The indicator leads to Settings, which lists what waits: which quiz, which question, since when.
  await indicator(page).getByRole('link').tap();
  await expect(page).toHaveURL(onPath('/settings'));
  const waiting = page.getByRole('list', { name: 'Waiting to sync' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await expect(waiting.getByRole('listitem').nth(0)).toContainText(`Quiz: ${title}`);
  await expect(waiting.getByRole('listitem').nth(0)).toContainText(/Question 2 · since \d\d:\d\d/);
  await expect(waiting.getByRole('listitem').nth(1)).toContainText(/Question 3 · since \d\d:\d\d/);
  await expect(page.getByRole('button', { name: 'Retry', exact: true })).toBeVisible();

  // Back online: the answers go out, the list empties itself and the top bar says all is well.
  await context.setOffline(false);
  await expect(page.getByText('Everything is synced.')).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toHaveCount(0);
  await expect(indicator(page)).toHaveText('Online');

  // And the server has them.
  const token = await apiLogin(page.request, email, password);
  const mine = (await (
    await page.request.get('/api/my/assessments?kind=quiz', { headers: bearer(token) })
  ).json()) as { data: { id: number; in_progress_attempt_id: string | null }[] };
  const attemptId = mine.data.find((a) => a.id === quizId)?.in_progress_attempt_id;
  const attempt = await page.request.get(`/api/attempts/${attemptId}`, { headers: bearer(token) });
  const { answers } = (await attempt.json()) as { answers: unknown[] };
  expect(answers).toHaveLength(3);
});

test('a screen never opened on this device says it is offline and what still works', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const { email, password } = await studentWithQuiz(page);
  await signIn(page, email, password);

  await context.setOffline(true);
  await expect(indicator(page)).toHaveText('Offline');
  // Profile Record has never been opened here: neither the app nor the service worker has its data.
  await page.goto('/profile-record');
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('You’re offline');
  await expect(notice).toContainText('This screen isn’t saved on this device yet');
  await expect(notice).toContainText('Your dashboard, quizzes you have started');
  await expect(page.getByText('Hmm, something didn’t load')).toHaveCount(0);

  // The way out works offline: the dashboard was opened before.
  await notice.getByRole('link', { name: 'Go to your dashboard' }).tap();
  await expect(page).toHaveURL(onPath('/'));
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Online again, the same screen loads.
  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('Online');
  await page.goto('/profile-record');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveTitle(/Profile Record/);
});
